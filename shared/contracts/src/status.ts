// The public status object of spec §3, served by GET /api/status and kept by the console.
import { z } from 'zod';

export const publicStatusSchema = z.object({
  version: z.string(),
  start_time: z.number(),
  system_name: z.string(),
  logo: z.string(),
  footer_html: z.string(),
  quota_per_unit: z.number(),
  display_in_currency: z.boolean(),
  display_token_stat: z.boolean(),
  enable_drawing: z.boolean(),
  enable_task: z.boolean(),
  enable_data_export: z.boolean(),
  data_export_default_time: z.string(),
  default_collapse_sidebar: z.boolean(),
  mj_notify_enabled: z.boolean(),
  chat_link: z.string(),
  chat_link2: z.string(),
  email_verification: z.boolean(),
  turnstile_check: z.boolean(),
  turnstile_site_key: z.string(),
  github_oauth: z.boolean(),
  github_client_id: z.string(),
  /** Where the console sends the browser to authorize (GitHub or a configured stand-in). */
  github_oauth_url: z.string(),
  /** Sign-in with the configured OpenID Connect provider, and its button's text. */
  oidc: z.boolean(),
  oidc_button_text: z.string(),
  wechat_login: z.boolean(),
  wechat_qrcode: z.string(),
  telegram_oauth: z.boolean(),
  telegram_bot_name: z.string(),
  server_address: z.string(),
  top_up_link: z.string(),
  min_topup: z.number(),
  price: z.number(),
  enable_online_topup: z.boolean(),
  /** Stripe Checkout is configured (secret key and webhook secret set). */
  enable_stripe_topup: z.boolean(),
  password_login: z.boolean(),
  password_register: z.boolean(),
  register_enabled: z.boolean(),
  /** The public /status page (issue 17) is offered. */
  status_page_enabled: z.boolean(),
});

export type PublicStatus = z.infer<typeof publicStatusSchema>;

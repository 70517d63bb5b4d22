// The public status object (spec §3) and the public texts, all read from the options store.

import type { PublicStatus } from '@switchyard/contracts';
import type { Db } from '../../db/database';
import { APP_VERSION, PROCESS_START_TIME } from '../../lib/version';
import type { OptionsStore } from '../options/options.store';
import { stripeConfigured } from '../stripe/stripe-config';
import { pingDatabase } from './status.repository';

export type PublicText = 'Notice' | 'About' | 'HomePageContent';

export class StatusService {
  constructor(
    private readonly db: Db,
    private readonly options: OptionsStore,
    /** GitHub's OAuth host (configurable), so the console builds the authorize address from it. */
    private readonly githubOAuthUrl = 'https://github.com',
  ) {}

  /** Never includes a secret option: only public fields are copied. */
  publicStatus(): PublicStatus {
    const o = this.options;
    const onlineTopUp = (['PayAddress', 'EpayId', 'EpayKey'] as const).every(
      (key) => o.get(key).trim() !== '',
    );
    return {
      version: APP_VERSION,
      start_time: PROCESS_START_TIME,
      system_name: o.getString('SystemName'),
      logo: o.getString('Logo'),
      footer_html: o.getString('Footer'),
      quota_per_unit: o.getNumber('QuotaPerUnit'),
      display_in_currency: o.getBool('DisplayInCurrencyEnabled'),
      display_token_stat: o.getBool('DisplayTokenStatEnabled'),
      enable_drawing: o.getBool('DrawingEnabled'),
      enable_task: o.getBool('TaskEnabled'),
      enable_data_export: o.getBool('DataExportEnabled'),
      data_export_default_time: o.getString('DataExportDefaultTime'),
      default_collapse_sidebar: o.getBool('DefaultCollapseSidebar'),
      mj_notify_enabled: o.getBool('MjNotifyEnabled'),
      chat_link: o.getString('ChatLink'),
      chat_link2: o.getString('ChatLink2'),
      email_verification: o.getBool('EmailVerificationEnabled'),
      turnstile_check: o.getBool('TurnstileCheckEnabled'),
      turnstile_site_key: o.getString('TurnstileSiteKey'),
      github_oauth: o.getBool('GitHubOAuthEnabled'),
      github_client_id: o.getString('GitHubClientId'),
      github_oauth_url: this.githubOAuthUrl,
      oidc: o.getBool('OIDCEnabled'),
      oidc_button_text: o.getString('OIDCButtonText'),
      wechat_login: o.getBool('WeChatAuthEnabled'),
      wechat_qrcode: o.getString('WeChatAccountQRCodeImageURL'),
      telegram_oauth: o.getBool('TelegramOAuthEnabled'),
      telegram_bot_name: o.getString('TelegramBotName'),
      server_address: o.getString('ServerAddress'),
      top_up_link: o.getString('TopUpLink'),
      min_topup: o.getInt('MinTopUp'),
      price: o.getNumber('Price'),
      enable_online_topup: onlineTopUp,
      enable_stripe_topup: stripeConfigured(o),
      password_login: o.getBool('PasswordLoginEnabled'),
      password_register: o.getBool('PasswordRegisterEnabled'),
      register_enabled: o.getBool('RegisterEnabled'),
      status_page_enabled: o.getBool('StatusPageEnabled'),
    };
  }

  text(key: PublicText): string {
    return this.options.getString(key);
  }

  /** True when the database answers. */
  async databaseHealthy(): Promise<boolean> {
    try {
      await pingDatabase(this.db);
      return true;
    } catch {
      return false;
    }
  }
}

// Whether Stripe payments are on: both the API secret key and the webhook signing secret are set
// (without the second no payment could ever be confirmed).
import type { OptionsStore } from '../options/options.store';

export const stripeConfigured = (options: Pick<OptionsStore, 'get'>): boolean =>
  options.get('StripeSecretKey').trim() !== '' && options.get('StripeWebhookSecret').trim() !== '';

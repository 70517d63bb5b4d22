// Stripe's settings read the same everywhere: whether payments are on (both the API secret key and
// the webhook signing secret are set: without the second no payment could ever be confirmed), and
// the Checkout currency.
import type { OptionsStore } from '../options/options.store';

export const stripeConfigured = (options: Pick<OptionsStore, 'get'>): boolean =>
  options.get('StripeSecretKey').trim() !== '' && options.get('StripeWebhookSecret').trim() !== '';

/** The configured Checkout currency, lower case as Stripe takes it. */
export const stripeCurrency = (options: Pick<OptionsStore, 'getString'>): string =>
  options.getString('StripeCurrency').trim().toLowerCase() || 'usd';

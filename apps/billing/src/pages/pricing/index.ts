// Exposed as `billing/PricingPage`.
import '../../i18n';

export { PricingPage } from './pricing-page';

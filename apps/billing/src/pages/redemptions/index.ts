// Exposed as `billing/RedemptionsPage`.
import '../../i18n';

export { RedemptionsPage } from './redemptions-page';

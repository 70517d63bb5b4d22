// Exposed as `billing/PlansPage`.
import '../../i18n';

export { PlansPage } from './plans-page';

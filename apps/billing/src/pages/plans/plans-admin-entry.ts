// Exposed as `billing/PlansAdminPage`.
import '../../i18n';

export { PlansAdminPage } from './plans-admin-page';

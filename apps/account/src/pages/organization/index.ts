// Exposed as `account/OrganizationPage`.
import '../../i18n';

export { OrganizationPage } from './organization-page';

// Exposed as `account/OrgAcceptPage`.
import '../../i18n';

export { OrgAcceptPage } from './org-accept-page';

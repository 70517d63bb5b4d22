// Exposed as `observability/AuditPage`.
import '../../i18n';

export { AuditPage } from './audit-page';

// Exposed as `settings/ApiReferencePage`.
import '../../i18n';

export { ApiReferencePage } from './api-reference-page';

// Exposed as `account/ResetConfirmPage`.
import '../../i18n';

export { ResetConfirmPage } from './reset-confirm-page';

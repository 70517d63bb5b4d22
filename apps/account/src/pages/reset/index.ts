// Exposed as `account/ResetPasswordPage`.
import '../../i18n';

export { ResetPasswordPage } from './reset-password-page';

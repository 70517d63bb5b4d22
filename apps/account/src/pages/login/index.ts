// Exposed as `account/LoginPage`.
import '../../i18n';

export { LoginPage } from './login-page';

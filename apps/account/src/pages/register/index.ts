// Exposed as `account/RegisterPage`.
import '../../i18n';

export { RegisterPage } from './register-page';

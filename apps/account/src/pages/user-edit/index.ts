// Exposed as `account/UserEditPage`.
import '../../i18n';

export { UserEditPage } from './user-edit-page';

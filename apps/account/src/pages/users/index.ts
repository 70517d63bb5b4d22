// Exposed as `account/UsersPage`.
import '../../i18n';

export { UsersPage } from './users-page';

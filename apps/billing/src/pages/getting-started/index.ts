// Exposed as `billing/GettingStarted`: Home's checklist and quickstart card for a signed-in user.
import '../../i18n';

export { GettingStarted } from './getting-started';

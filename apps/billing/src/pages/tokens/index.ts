// Exposed as `billing/TokensPage`.
import '../../i18n';

export { TokensPage } from './tokens-page';

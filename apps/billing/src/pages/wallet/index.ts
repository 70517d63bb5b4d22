// Exposed as `billing/WalletPage`.
import '../../i18n';

export { WalletPage } from './wallet-page';

// Exposed as `billing/PlaygroundPage`.
import '../../i18n';

export { PlaygroundPage } from './playground-page';

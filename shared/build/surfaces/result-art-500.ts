// Stands in for arco's Result/500 illustration (see result-art.tsx).
import { lazyResultArt } from './result-art';

export default lazyResultArt(() => import('@arco-design/web-react/es/Result/500'));

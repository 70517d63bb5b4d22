// The page's hints first (the route's files, requested now that this entry has arrived), then an
// async boundary: shared singletons are negotiated before the console starts.
import { requestPageHints } from './federation/page-hints';

requestPageHints();
import('./bootstrap');

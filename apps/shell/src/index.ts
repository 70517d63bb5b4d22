// The page's hints first (the route's files, requested now that this entry has arrived), then an
// async boundary: shared singletons are negotiated before the console starts.
import { requestPageHints } from './federation/page-hints';

requestPageHints();
// Named as the start's chunk, so what the start imports beyond the chunk groups (its icons, the
// federation runtime's exports) is in that one file, not a file of its own.
import(/* webpackChunkName: "console-start" */ './bootstrap');

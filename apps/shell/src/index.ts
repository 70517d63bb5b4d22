// The shell's entry: the federation runtime, with every shared module registered for the remotes.
// The page's hints first (the route's files, requested now that this entry has arrived), then the
// console's start, a chunk of its own that the page's head already fetches beside this entry.
import { requestPageHints } from './federation/page-hints';

requestPageHints();
// Named as the start's chunk, so what the start imports beyond the chunk groups (its icons, the
// federation runtime's exports) is in that one file, not a file of its own.
import(/* webpackChunkName: "console-start" */ './bootstrap');

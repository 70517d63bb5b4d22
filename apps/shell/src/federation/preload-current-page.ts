// At start, fetch the remote code of the page being opened while React renders the layout, instead
// of after it: the first page of a visit is one network round trip sooner. Only pages the stored
// user may open are fetched, so a role never downloads another role's remotes.
import type { SessionUser } from '@switchyard/contracts';
import { canAccess } from '../routes/can-access';
import { routeForPath } from '../routes/route-for-path';
import { preloadRemotePage } from './remote-page';

export function preloadCurrentPage(pathname: string, user: SessionUser | null): void {
  const route = routeForPath(pathname);
  if (route?.page.kind !== 'remote' || canAccess(route, user) !== 'allow') return;
  preloadRemotePage(route.page.module);
}

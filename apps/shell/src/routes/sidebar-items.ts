// The sidebar of spec §2: the table's nav entries this user may see under the current status.
import type { PublicStatus, SessionUser } from '@switchyard/contracts';
import { matchPath } from 'react-router-dom';
import { canAccess } from './can-access';
import { type NavEntry, ROUTES, type RouteEntry } from './route-table';

export interface SidebarItem {
  key: NavEntry['key'];
  path: string;
}

/** Guests see the items an ordinary user sees (opening one leads to /login); never role-gated ones. */
function visibleTo(route: RouteEntry, user: Pick<SessionUser, 'role'> | null): boolean {
  const decision = canAccess(route, user);
  return decision === 'allow' || (decision === 'login' && route.role === undefined);
}

export function sidebarItems(
  user: Pick<SessionUser, 'role'> | null,
  status: PublicStatus | null,
): SidebarItem[] {
  return ROUTES.filter(
    (route): route is RouteEntry & { nav: NavEntry } =>
      route.nav !== undefined && (route.nav.when?.(status) ?? true) && visibleTo(route, user),
  )
    .sort((a, b) => a.nav.order - b.nav.order)
    .map((route) => ({ key: route.nav.key, path: route.path }));
}

/** The menu key highlighted for a path (`/channel/edit/3` → `channel`). */
export function navKeyForPath(pathname: string): NavEntry['key'] | undefined {
  const route = ROUTES.find((entry) => entry.path !== '*' && matchPath(entry.path, pathname));
  return route?.nav?.key ?? route?.section;
}

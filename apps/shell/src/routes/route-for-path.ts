// Which route of the table a path opens, outside React (the router does the same inside it).
import { matchRoutes } from 'react-router-dom';
import { ROUTES, type RouteEntry } from './route-table';

const matchable = ROUTES.map((route) => ({ path: route.path, route }));

export function routeForPath(pathname: string): RouteEntry | undefined {
  return matchRoutes(matchable, pathname)?.[0]?.route.route;
}

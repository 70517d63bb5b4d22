// What the console shares as `react-router-dom`: the browser data router, its components and hooks,
// and the path helpers; not the server, static, framework and RSC parts. The shell provides this
// file in place of the package, so the router is bundled tree-shaken (about half its size) and is
// still one singleton: remotes import `react-router-dom` as before and get the shell's instance.
// A name a page imports must be listed here (a test in src/build.test.ts checks every import).
export {
  createBrowserRouter,
  createPath,
  createSearchParams,
  generatePath,
  isRouteErrorResponse,
  Link,
  matchPath,
  matchRoutes,
  Navigate,
  NavLink,
  Outlet,
  parsePath,
  resolvePath,
  useBeforeUnload,
  useBlocker,
  useHref,
  useInRouterContext,
  useLoaderData,
  useLocation,
  useMatch,
  useMatches,
  useNavigate,
  useNavigation,
  useNavigationType,
  useOutlet,
  useOutletContext,
  useParams,
  useResolvedPath,
  useRevalidator,
  useRouteError,
  useRoutes,
  useSearchParams,
} from 'react-router';
// The DOM RouterProvider (renders updates with react-dom's flushSync), as react-router-dom's is.
export { RouterProvider } from 'react-router/dom';

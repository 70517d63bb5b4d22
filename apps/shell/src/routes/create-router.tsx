// The console router: every table route inside the layout.
import { createBrowserRouter, type RouteObject } from 'react-router-dom';
import { AppLayout } from '../layout/app-layout';
import { RouteElement } from './route-element';
import { ROUTES } from './route-table';

export function consoleRoutes(): RouteObject[] {
  return [
    {
      element: <AppLayout />,
      children: ROUTES.map((route) => ({
        path: route.path,
        element: <RouteElement route={route} />,
      })),
    },
  ];
}

export const createConsoleRouter = () => createBrowserRouter(consoleRoutes());

// The one h1 of every page, inside main: the route's menu label or its own title. Pages that show
// their own headline (a sign-in card, the 404) keep it for screen readers only.
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router-dom';
import { routeForPath } from '../routes/route-for-path';

export function PageTitle() {
  const { t } = useTranslation('shell');
  const { pathname } = useLocation();
  const route = routeForPath(pathname);
  const key = route?.title
    ? (`pageTitle.${route.title}` as const)
    : route?.nav
      ? (`nav.${route.nav.key}` as const)
      : ('pageTitle.notFound' as const);
  return (
    <h1
      className={route?.ownHeadline ? 'sy-visually-hidden' : 'sy-page-title'}
      data-testid="page-title"
    >
      {t(key)}
    </h1>
  );
}

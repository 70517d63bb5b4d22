// Home: for a signed-in user the billing remote's getting-started block (first-run checklist and
// quickstart card); then the administrator's home content (Markdown or a framed URL), else a
// welcome panel.
import { Button, Space, Typography } from '@arco-design/web-react';
import { PageFallback, Spinner, useSessionStore } from '@switchyard/console-kit';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { queryKeys } from '../../api/query-keys';
import { getHomePageContent } from '../../api/status.api';
import { ContentOrFrame } from '../../components/content-or-frame';
import { RemotePage } from '../../federation/remote-page';
import { DEFAULT_SYSTEM_NAME } from '../../layout/top-bar';

function WelcomePanel() {
  const { t } = useTranslation('shell');
  const user = useSessionStore((state) => state.user);
  const systemName = useSessionStore((state) => state.status?.system_name) || DEFAULT_SYSTEM_NAME;
  return (
    <div className="sy-page-card sy-welcome" data-testid="home-welcome">
      <Typography.Title heading={3}>
        {t('home.welcomeTitle', { name: systemName })}
      </Typography.Title>
      <Typography.Paragraph type="secondary">{t('home.welcomeText')}</Typography.Paragraph>
      <Space size={12} wrap>
        <Link to="/pricing">
          <Button type="secondary">{t('home.pricing')}</Button>
        </Link>
        {user ? (
          <Link to="/token">
            <Button type="primary">{t('home.tokens')}</Button>
          </Link>
        ) : (
          <Link to="/login">
            <Button type="primary">{t('home.login')}</Button>
          </Link>
        )}
      </Space>
    </div>
  );
}

export function HomePage() {
  const signedIn = useSessionStore((state) => state.user !== null);
  return (
    <>
      {signedIn ? <RemotePage module="billing/GettingStarted" /> : null}
      <HomeContent />
    </>
  );
}

function HomeContent() {
  const { t } = useTranslation('shell');
  const { data, isPending, isError, refetch } = useQuery({
    queryKey: queryKeys.homePageContent,
    queryFn: getHomePageContent,
  });
  if (isPending) return <Spinner />;
  if (isError) return <PageFallback title={t('home.loadFailed')} onRetry={() => void refetch()} />;
  if (!data.trim()) return <WelcomePanel />;
  return <ContentOrFrame content={data} title={t('nav.home')} />;
}

// About: the administrator's about content (Markdown or a framed URL), else a one-line note.
import { Empty } from '@arco-design/web-react';
import { PageFallback, Spinner } from '@switchyard/console-kit';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { queryKeys } from '../../api/query-keys';
import { getAbout } from '../../api/status.api';
import { ContentOrFrame } from '../../components/content-or-frame';

export function AboutPage() {
  const { t } = useTranslation('shell');
  const { data, isPending, isError, refetch } = useQuery({
    queryKey: queryKeys.about,
    queryFn: getAbout,
  });
  if (isPending) return <Spinner />;
  if (isError) return <PageFallback title={t('about.loadFailed')} onRetry={() => void refetch()} />;
  if (!data.trim()) {
    return (
      <div className="sy-page-card" data-testid="about-empty">
        <Empty description={t('about.notSet')} />
      </div>
    );
  }
  return <ContentOrFrame content={data} title={t('about.title')} />;
}

// /log: usage details with filters, the total consumption on demand, and the paged table.
import { Button, Card, Space, Typography } from '@arco-design/web-react';
import { IconDownload } from '@arco-design/web-react/icon';
import { useQuotaDisplay, useSessionStore } from '@switchyard/console-kit';
import { isAdmin } from '@switchyard/contracts';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PagedTable } from '../../components/paged-table';
import { RemoteRoot } from '../../components/remote-root';
import { DAY, lastSpan } from '../../lib/time';
import { useListParams } from '../../lib/use-list-params';
import { getLogColumns } from './log-columns';
import { logExportUrl } from './logs.api';
import { LOG_FILTER_KEYS, LogsFilterForm } from './logs-filter-form';
import { toLogQuery, useLogs } from './use-logs';
import { UserInfoModal } from './user-info-modal';

const defaultRange = () => lastSpan(DAY);

export function LogsPage() {
  const { t } = useTranslation('observability');
  const admin = isAdmin(useSessionStore((state) => state.user?.role));
  const { renderQuota, display } = useQuotaDisplay();
  const list = useListParams(LOG_FILTER_KEYS, defaultRange);
  const [statShown, setStatShown] = useState(false);
  const [userId, setUserId] = useState<number | null>(null);
  const { page, stat } = useLogs(admin, list, statShown);
  const columns = useMemo(
    () =>
      getLogColumns(t, {
        admin,
        renderQuota,
        quotaPerUnit: display.quotaPerUnit,
        onUserClick: setUserId,
      }),
    [t, admin, renderQuota, display.quotaPerUnit],
  );

  return (
    <RemoteRoot testId="logs-page">
      <Card
        title={
          <Space>
            {t('logs.title')}
            <Typography.Text type="secondary">{t('logs.totalQuota')}:</Typography.Text>
            {statShown && stat.data ? (
              <Typography.Text bold data-testid="log-total-quota">
                {renderQuota(stat.data.quota)}
              </Typography.Text>
            ) : (
              <Button
                type="text"
                size="mini"
                loading={statShown && stat.isFetching}
                onClick={() => setStatShown(true)}
                data-testid="log-show-total"
              >
                {t('logs.clickToView')}
              </Button>
            )}
          </Space>
        }
        extra={
          <a
            href={logExportUrl(admin, toLogQuery(admin, list))}
            download
            data-testid="log-export"
            className="arco-btn arco-btn-secondary arco-btn-size-small arco-btn-shape-square"
          >
            <IconDownload /> {t('logs.export')}
          </a>
        }
      >
        <LogsFilterForm
          key={JSON.stringify([list.filters, list.range])}
          admin={admin}
          filters={list.filters}
          range={list.range}
          onSearch={list.search}
        />
        <PagedTable
          testId="logs-table"
          columns={columns}
          data={page.data}
          loading={page.isFetching}
          list={list}
        />
      </Card>
      {admin ? <UserInfoModal userId={userId} onClose={() => setUserId(null)} /> : null}
    </RemoteRoot>
  );
}

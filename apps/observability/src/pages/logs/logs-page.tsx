// /log: usage details with filters, the total consumption on demand, and the paged table; in an
// org scope (issue 32) the org's log: every member's for its owners and admins, my own for a member.
import { Button, Card, Space, Typography } from '@arco-design/web-react';
import { IconDownload } from '@arco-design/web-react/icon';
import { useQuotaDisplay, useSessionStore } from '@switchyard/console-kit';
import { ListTable, listPagination, useListParams } from '@switchyard/console-kit/list';
import { isAdmin } from '@switchyard/contracts';
import { lazy, Suspense, useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ScopeNote } from '../../components/scope-note';
import { activeFilterCount, DAY, lastSpan, rangeFilters, rangeOf } from '../../lib/time';
import { type Scope, scopeKey, useOrgMembers, useScope } from '../../lib/use-scope';
import { RemoteRoot } from '../../remote';
import { getLogColumns } from './log-columns';
import { type LogSource, logExportUrl } from './logs.api';
import { LOG_URL_FILTERS, LogsFilterForm } from './logs-filter-form';
import { useLogs } from './use-logs';

const defaultRange = () => rangeFilters(lastSpan(DAY));

// Loaded when an admin first opens a user: its Descriptions (a file and a stylesheet) were loaded
// with every /log.
const UserInfoModal = lazy(async () => ({
  default: (await import('./user-info-modal')).UserInfoModal,
}));

const sourceOf = (scope: Scope, admin: boolean): LogSource =>
  scope.kind === 'org'
    ? { kind: 'org', orgId: scope.orgId }
    : admin
      ? { kind: 'admin' }
      : { kind: 'self' };

export function LogsPage() {
  const { t } = useTranslation('observability');
  const siteAdmin = isAdmin(useSessionStore((state) => state.user?.role));
  const scope = useScope();
  const source = scope ? sourceOf(scope, siteAdmin) : null;
  // The admin's columns and filters belong to every user's log, not to an org's.
  const admin = source?.kind === 'admin';
  const manager = scope?.kind === 'org' && scope.manager;
  const members = useOrgMembers(scope?.kind === 'org' ? scope.orgId : 0, manager);
  const { renderQuota, display } = useQuotaDisplay();
  const list = useListParams({ filters: LOG_URL_FILTERS, defaults: defaultRange });
  const [statShown, setStatShown] = useState(false);
  // `opened`: kept mounted once opened, so the modal's close animation plays.
  const [user, setUser] = useState<{ id: number | null; opened: boolean }>({
    id: null,
    opened: false,
  });
  const { page, query, stat } = useLogs(source, list, statShown);
  // Another scope starts at its first page, without the last org's member (a reload keeps both).
  const scopeId = scope ? scopeKey(scope) : null;
  const shownScope = useRef(scopeId);
  const { setFilters } = list;
  useEffect(() => {
    if (scopeId === null || shownScope.current === scopeId) return;
    const first = shownScope.current === null;
    shownScope.current = scopeId;
    if (!first) setFilters({ user_id: '' }, { replace: true });
  }, [scopeId, setFilters]);
  const columns = useMemo(
    () =>
      getLogColumns(t, {
        admin,
        showUser: manager,
        renderQuota,
        quotaPerUnit: display.quotaPerUnit,
        onUserClick: (id: number) => setUser({ id, opened: true }),
      }),
    [t, admin, manager, renderQuota, display.quotaPerUnit],
  );

  return (
    <RemoteRoot testId="logs-page">
      <Card
        title={
          <Space wrap size={[8, 4]}>
            {t('logs.title')}
            {scope ? <ScopeNote scope={scope} admin={siteAdmin} testId="logs-scope" /> : null}
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
            href={logExportUrl(source ?? { kind: 'self' }, query)}
            download
            data-testid="log-export"
            className="arco-btn arco-btn-secondary arco-btn-size-small arco-btn-shape-square"
          >
            <IconDownload /> {t('logs.export')}
          </a>
        }
      >
        <LogsFilterForm
          key={`${list.filtersKey}|${source?.kind}`}
          mode={source?.kind === 'org' ? 'org' : admin ? 'admin' : 'self'}
          members={manager ? members.data : undefined}
          filters={list.filters}
          range={rangeOf(list.filters)}
          activeFilters={activeFilterCount(list.changed)}
          onSearch={(filters, range) => list.setFilters({ ...filters, ...rangeFilters(range) })}
        />
        <ListTable
          testId="logs-table"
          rowKey="id"
          columns={columns}
          data={page.data?.items ?? []}
          loading={page.isFetching || source === null}
          noDataElement={t('list.empty')}
          pagination={listPagination(list, page.data?.total ?? 0)}
        />
      </Card>
      {admin && user.opened ? (
        <Suspense fallback={null}>
          <UserInfoModal userId={user.id} onClose={() => setUser({ id: null, opened: true })} />
        </Suspense>
      ) : null}
    </RemoteRoot>
  );
}

// The user editor's subscriptions card (admin): each subscription with its windows, and ending one.
import { Button, Card, Popconfirm, Table, Tag } from '@arco-design/web-react';
import { formatTime, useQuotaDisplay } from '@switchyard/console-kit';
import { SubscriptionStatus, type SubscriptionView } from '@switchyard/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { endSubscription, listUserSubscriptions } from './user-subscriptions.api';

export function UserSubscriptions({ userId }: { userId: number }) {
  const { t } = useTranslation('account');
  const { renderQuota } = useQuotaDisplay();
  const client = useQueryClient();
  const key = ['account', 'subscriptions', userId];
  const subscriptions = useQuery({ queryKey: key, queryFn: () => listUserSubscriptions(userId) });
  const end = useMutation({
    mutationFn: endSubscription,
    onSuccess: () => client.invalidateQueries({ queryKey: key }),
  });
  const columns = [
    { title: t('userSubscriptions.plan'), dataIndex: 'plan_name' },
    {
      title: t('userSubscriptions.status'),
      dataIndex: 'status',
      render: (status: number) => <Tag>{t(`userSubscriptions.statuses.${status}`)}</Tag>,
    },
    {
      title: t('userSubscriptions.expires'),
      dataIndex: 'expires_at',
      render: (at: number) => formatTime(at),
    },
    {
      title: t('userSubscriptions.windows'),
      key: 'limits',
      render: (_: unknown, s: SubscriptionView) =>
        s.limits.map((w) => (
          <Tag key={w.period}>
            {w.period} {renderQuota(w.used)} / {renderQuota(w.quota)}
          </Tag>
        )),
    },
    {
      title: t('userSubscriptions.actions'),
      key: 'actions',
      render: (_: unknown, s: SubscriptionView) =>
        s.status === SubscriptionStatus.active ? (
          <Popconfirm title={t('userSubscriptions.endConfirm')} onOk={() => end.mutate(s.id)}>
            <Button size="mini" status="danger" data-testid={`subscription-end-${s.id}`}>
              {t('userSubscriptions.end')}
            </Button>
          </Popconfirm>
        ) : null,
    },
  ];
  return (
    <Card title={t('userSubscriptions.title')} style={{ marginTop: 16 }}>
      {/* The wrapper scrolls, not the table: a scrolling box must take focus (axe), and a user
          without subscriptions has nothing inside that could. */}
      <section
        aria-label={t('userSubscriptions.title')}
        // A keyboard user can focus the table to scroll it sideways.
        // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling table must be focusable
        tabIndex={0}
        style={{ overflowX: 'auto' }}
      >
        <Table<SubscriptionView>
          rowKey="id"
          columns={columns}
          data={subscriptions.data ?? []}
          loading={subscriptions.isFetching}
          pagination={false}
          style={{ minWidth: 600 }}
          noDataElement={t('userSubscriptions.none')}
        />
      </section>
    </Card>
  );
}

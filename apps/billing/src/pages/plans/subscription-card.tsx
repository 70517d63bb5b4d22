// One of the user's subscriptions: status, dates, each window's use with when it starts over,
// and renewal from the wallet.
import { Card, Progress, Space, Switch, Tag, Typography } from '@arco-design/web-react';
import { SubscriptionStatus, type SubscriptionView } from '@switchyard/contracts';
import { useTranslation } from 'react-i18next';

export interface SubscriptionCardProps {
  subscription: SubscriptionView;
  renderQuota: (quota: number) => string;
  formatTime: (seconds: number) => string;
  onAutoRenew: (id: number, autoRenew: boolean) => void;
}

const STATUS_COLOR: Record<number, string> = { 1: 'green', 2: 'gray', 3: 'orange' };

export function SubscriptionCard({
  subscription: s,
  renderQuota,
  formatTime,
  onAutoRenew,
}: SubscriptionCardProps) {
  const { t } = useTranslation('billing');
  const active = s.status === SubscriptionStatus.active;
  return (
    <Card
      title={s.plan_name}
      data-testid={`subscription-${s.id}`}
      extra={<Tag color={STATUS_COLOR[s.status]}>{t(`plans.status.${s.status}`)}</Tag>}
    >
      <Space direction="vertical" size={8} style={{ width: '100%' }}>
        <Typography.Text type="secondary">
          {t('plans.period', { from: formatTime(s.starts_at), to: formatTime(s.expires_at) })}
        </Typography.Text>
        {s.limits.map((window) => (
          <div key={window.period} data-testid={`window-${s.id}-${window.period}`}>
            <Typography.Text>
              {t('plans.windowUse', {
                period: t(`plans.periods.${window.period}`),
                used: renderQuota(window.used),
                quota: renderQuota(window.quota),
              })}
            </Typography.Text>
            <Progress
              percent={Math.min(100, Math.round((window.used / window.quota) * 100))}
              aria-label={t(`plans.periods.${window.period}`)}
            />
            <Typography.Text type="secondary">
              {t('plans.resetsAt', { time: formatTime(window.resets_at) })}
            </Typography.Text>
          </div>
        ))}
        {active ? (
          <Space>
            <Switch
              checked={s.auto_renew}
              aria-label={t('plans.autoRenew')}
              data-testid={`subscription-renew-${s.id}`}
              onChange={(value) => onAutoRenew(s.id, value)}
            />
            <Typography.Text>{t('plans.autoRenew')}</Typography.Text>
          </Space>
        ) : null}
      </Space>
    </Card>
  );
}

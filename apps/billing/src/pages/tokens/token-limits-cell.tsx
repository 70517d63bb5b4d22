// The tokens table's limits cell: each limit as a tag and the quota window as a bar with its
// reset time, so the owner sees when a spent key works again.
import { Progress, Space, Tag, Typography } from '@arco-design/web-react';
import { formatTime } from '@switchyard/console-kit';
import type { TokenView } from '@switchyard/contracts';
import type { TFunction } from 'i18next';

export function TokenLimitsCell({
  token,
  t,
  renderQuota,
}: {
  token: TokenView;
  t: TFunction;
  renderQuota: (quota: number) => string;
}) {
  const tags: [string, string][] = [];
  if (token.rpm_limit > 0) tags.push(['rpm', t('tokens.rpmTag', { count: token.rpm_limit })]);
  if (token.tpm_limit > 0) tags.push(['tpm', t('tokens.tpmTag', { count: token.tpm_limit })]);
  if (token.concurrency_limit > 0) {
    tags.push(['concurrency', t('tokens.concurrencyTag', { count: token.concurrency_limit })]);
  }
  const windowed = token.window_period !== '' && token.window_quota > 0;
  if (tags.length === 0 && !windowed) {
    return <Typography.Text type="secondary">{t('tokens.noLimits')}</Typography.Text>;
  }
  const percent = windowed
    ? Math.min(100, Math.round((token.window_used / token.window_quota) * 100))
    : 0;
  return (
    <Space direction="vertical" size={4} data-testid={`token-limits-${token.id}`}>
      {tags.length > 0 ? (
        <Space size={4} wrap>
          {tags.map(([key, text]) => (
            <Tag key={key} size="small" color="arcoblue">
              {text}
            </Tag>
          ))}
        </Space>
      ) : null}
      {windowed ? (
        <div style={{ minWidth: 140 }} data-testid={`token-window-${token.id}`}>
          <Typography.Text style={{ fontSize: 12 }}>
            {t(`windowPeriods.${token.window_period}`)}: {renderQuota(token.window_used)} /{' '}
            {renderQuota(token.window_quota)}
          </Typography.Text>
          <Progress
            percent={percent}
            size="small"
            status={percent >= 100 ? 'error' : 'normal'}
            showText={false}
          />
          <Typography.Text type="secondary" style={{ fontSize: 12 }}>
            {token.window_resets_at > 0
              ? t('tokens.windowResets', { time: formatTime(token.window_resets_at) })
              : t('tokens.windowIdle')}
          </Typography.Text>
        </div>
      ) : null}
    </Space>
  );
}

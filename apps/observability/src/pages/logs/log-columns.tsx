// Columns of the usage log table; admins also get channel, user and retries (spec §2 Usage log).
// The cost sits beside the model; the details open under the row.
import { Space, Tag, Typography } from '@arco-design/web-react';
import { exactQuota, formatTime, QuotaAmount } from '@switchyard/console-kit';
import type { ListColumn } from '@switchyard/console-kit/list';
import { type LogEntry, LogType } from '@switchyard/contracts';
import type { TFunction } from 'i18next';
import { TextDetail } from '../../components/text-detail';
import {
  cacheHitPercent,
  firstTokenColor,
  firstTokenSeconds,
  parseOther,
  priceBreakdown,
  retryPath,
  useTimeColor,
} from './log-details';

const TYPE_COLORS: Record<number, string> = { 1: 'cyan', 2: 'green', 3: 'orange', 4: 'purple' };

export interface LogColumnOptions {
  admin: boolean;
  /** The user column without the admin's user summary (an org log read by its owners, admins). */
  showUser?: boolean;
  renderQuota: (quota: number) => string;
  /** Quota per dollar, for the exact cost in the detail. */
  quotaPerUnit: number;
  onUserClick: (userId: number) => void;
}

function typeTag(t: TFunction, type: number) {
  const known = type >= 1 && type <= 4;
  return (
    <Tag color={TYPE_COLORS[type] ?? 'gray'}>
      {known ? t(`logs.types.${type}` as 'logs.types.1') : t('logs.unknownType')}
    </Tag>
  );
}

function timing(t: TFunction, log: LogEntry) {
  if (log.type !== LogType.consume) return null;
  const frt = firstTokenSeconds(parseOther(log.other), log.is_stream);
  return (
    <Space size={4} wrap>
      <Tag color={useTimeColor(log.use_time)}>{t('list.seconds', { value: log.use_time })}</Tag>
      {frt === null ? null : (
        <Tag color={firstTokenColor(frt)}>{t('logs.firstToken', { value: frt.toFixed(1) })}</Tag>
      )}
      <Tag>{log.is_stream ? t('logs.stream') : t('logs.notStream')}</Tag>
    </Space>
  );
}

function details(t: TFunction, log: LogEntry, quotaPerUnit: number) {
  const other = parseOther(log.other);
  const price = priceBreakdown(other);
  const hit = cacheHitPercent(other);
  const breakdown =
    price === null
      ? ''
      : price.kind === 'fixed'
        ? t('logs.priceFixed', { price: price.price, group: price.group })
        : [
            t('logs.priceRatio', {
              model: price.model,
              completion: price.completion,
              group: price.group,
            }),
            ...price.cache.map((part) =>
              t(`logs.cache.${part.kind}` as 'logs.cache.read', {
                tokens: part.tokens,
                ratio: part.ratio,
              }),
            ),
            price.reasoning > 0 ? t('logs.reasoning', { tokens: price.reasoning }) : '',
          ]
            .filter(Boolean)
            .join('\n');
  // The exact cost (the column rounds, to two significant digits below a cent).
  const cost =
    log.type === LogType.consume ? t('logs.exactCost', exactQuota(log.quota, quotaPerUnit)) : '';
  const cacheHit = hit === null ? '' : t('logs.cacheHit', { percent: hit });
  const text = [cost, breakdown, cacheHit, log.content].filter(Boolean).join('\n');
  return <TextDetail title={t('logs.columns.content')} text={text} preview={160} />;
}

export function getLogColumns(t: TFunction, options: LogColumnOptions): ListColumn<LogEntry>[] {
  const columns: (ListColumn<LogEntry> | false)[] = [
    {
      title: t('logs.columns.time'),
      dataIndex: 'created_at',
      render: (value: number) => formatTime(value),
    },
    options.admin && {
      title: t('logs.columns.channel'),
      dataIndex: 'channel',
      render: (value: number, log) =>
        log.type === LogType.consume && value ? <Tag color="blue">{value}</Tag> : null,
    },
    (options.admin || options.showUser === true) && {
      title: t('logs.columns.username'),
      dataIndex: 'username',
      render: (value: string, log) =>
        options.admin ? (
          <Typography.Text
            style={{ cursor: 'pointer', color: 'rgb(var(--primary-6))' }}
            onClick={() => options.onUserClick(log.user_id)}
          >
            {value}
          </Typography.Text>
        ) : (
          value
        ),
    },
    {
      title: t('logs.columns.token'),
      dataIndex: 'token_name',
      render: (value: string) => (value ? <Tag>{value}</Tag> : null),
    },
    {
      title: t('logs.columns.type'),
      dataIndex: 'type',
      render: (value: number) => typeTag(t, value),
    },
    {
      title: t('logs.columns.model'),
      dataIndex: 'model_name',
      render: (value: string) => (value ? <Tag color="arcoblue">{value}</Tag> : null),
    },
    {
      title: t('logs.columns.quota'),
      dataIndex: 'quota',
      render: (value: number, log) =>
        log.type === LogType.consume ? (
          <>
            <QuotaAmount quota={value} testId={`log-quota-${log.id}`} />
            {/* Who paid, under the cost when it was not the wallet (a plan, an org): a column of
                its own would mostly say "wallet" and push the row past 1280 px. */}
            {log.funding && log.funding !== 'wallet' ? (
              <div>
                <Tag
                  size="small"
                  color="green"
                  title={t('logs.columns.funding')}
                  data-testid={`log-funding-${log.id}`}
                >
                  {log.funding}
                </Tag>
              </div>
            ) : null}
          </>
        ) : null,
    },
    {
      title: t('logs.columns.useTime'),
      key: 'use_time',
      render: (_: unknown, log) => timing(t, log),
    },
    {
      title: t('logs.columns.promptTokens'),
      dataIndex: 'prompt_tokens',
      render: (value: number, log) => (log.type === LogType.consume ? value : null),
    },
    {
      title: t('logs.columns.completionTokens'),
      dataIndex: 'completion_tokens',
      render: (value: number, log) => (log.type === LogType.consume ? value : null),
    },
    options.admin && {
      title: t('logs.columns.retry'),
      key: 'retry',
      render: (_: unknown, log) => {
        const path = retryPath(parseOther(log.other));
        return path ? t('logs.retryPath', { path }) : null;
      },
    },
    {
      title: t('logs.columns.content'),
      key: 'content',
      // Opened under the row on a wide screen, so the row itself fits 1280 px.
      detail: true,
      render: (_: unknown, log) => details(t, log, options.quotaPerUnit),
    },
  ];
  return columns.filter((column): column is ListColumn<LogEntry> => Boolean(column));
}

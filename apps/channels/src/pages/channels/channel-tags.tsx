// Small cells of the channel list: status (with the auto-disable reason), type, groups, response time.
import { Space, Tag, Tooltip } from '@arco-design/web-react';
import { formatTime } from '@switchyard/console-kit';
import {
  type Channel,
  ChannelStatus,
  type ChannelStatusInfo,
  channelTypeById,
  responseTimeBand,
  splitList,
} from '@switchyard/contracts';
import { useTranslation } from 'react-i18next';

const BAND_COLOURS = {
  untested: 'gray',
  green: 'green',
  lime: 'lime',
  yellow: 'gold',
  red: 'red',
} as const;

function statusInfo(channel: Channel): ChannelStatusInfo {
  try {
    const info: unknown = JSON.parse(channel.other_info || '{}');
    return typeof info === 'object' && info !== null ? (info as ChannelStatusInfo) : {};
  } catch {
    return {};
  }
}

export function StatusTag({ channel }: { channel: Channel }) {
  const { t } = useTranslation('channels');
  if (channel.status === ChannelStatus.enabled) {
    return <Tag color="green">{t('status.enabled')}</Tag>;
  }
  if (channel.status === ChannelStatus.manuallyDisabled) {
    return <Tag color="gold">{t('status.manuallyDisabled')}</Tag>;
  }
  if (channel.status !== ChannelStatus.autoDisabled) return <Tag>{t('status.unknown')}</Tag>;
  const info = statusInfo(channel);
  const time = formatTime(info.status_time ?? 0) || '-';
  return (
    <Tooltip
      content={
        <div data-testid="channel-status-reason">
          <div>{t('status.reason', { reason: info.status_reason ?? '-' })}</div>
          <div>{t('status.time', { time })}</div>
        </div>
      }
    >
      <Tag color="gold">{t('status.autoDisabled')}</Tag>
    </Tooltip>
  );
}

export function TypeTag({ type }: { type: number }) {
  const { t } = useTranslation('channels');
  const info = channelTypeById(type);
  return (
    <span>{info ? t(`type.${info.key}`, { defaultValue: info.key }) : t('type.unknown')}</span>
  );
}

export function GroupTags({ group }: { group: string }) {
  return (
    <Space wrap size={4}>
      {splitList(group).map((name) => (
        <Tag key={name} size="small">
          {name}
        </Tag>
      ))}
    </Space>
  );
}

/** Spec §9 colours; clicking runs the test again. */
export function ResponseTimeTag({ ms, onClick }: { ms: number; onClick: () => void }) {
  const { t } = useTranslation('channels');
  const band = responseTimeBand(ms);
  return (
    <Tag
      color={BAND_COLOURS[band]}
      data-band={band}
      data-testid="channel-response-time"
      style={{ cursor: 'pointer' }}
      onClick={onClick}
    >
      {band === 'untested'
        ? t('list.untested')
        : t('list.seconds', { seconds: (ms / 1000).toFixed(2) })}
    </Tag>
  );
}

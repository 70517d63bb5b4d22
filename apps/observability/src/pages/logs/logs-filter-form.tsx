// The usage log's search form, in the kit's list toolbar: token, model, time range; admins also
// username and channel; in an org's log its owners and admins a member (issue 32), and outside
// one the source that paid.
import { Input, Select } from '@arco-design/web-react';
import { ListToolbar } from '@switchyard/console-kit/list';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { TimeRangePicker } from '../../components/time-range-picker';
import { RANGE_FILTERS, type TimeRange } from '../../lib/time';

export const LOG_FILTER_KEYS = [
  'type',
  'token_name',
  'model_name',
  'username',
  'channel',
  'funding',
  'user_id',
] as const;
export type LogFilterKey = (typeof LOG_FILTER_KEYS)[number];
export type LogFilters = Record<LogFilterKey, string>;
/** What the log list keeps in the URL: the filters and the time range. */
export const LOG_URL_FILTERS = [...LOG_FILTER_KEYS, ...RANGE_FILTERS] as const;
export type LogUrlFilters = Record<(typeof LOG_URL_FILTERS)[number], string>;

const LOG_TYPES = [0, 1, 2, 3, 4] as const;
/** Which source paid (issue 31): any, the wallet, or any plan subscription. */
const FUNDING_FILTERS = ['', 'wallet', 'plan'] as const;

/** Which fields the form offers: an admin's, my own log's, or an org log's (with `members`). */
export type LogFilterMode = 'admin' | 'self' | 'org';

export interface LogsFilterFormProps {
  mode: LogFilterMode;
  /** The org's members to pick one of (owners and admins); absent: no member filter. */
  members?: { value: string; label: string }[] | undefined;
  filters: LogFilters;
  range: TimeRange;
  /** How many filters are in force (shown while the form is closed on a phone). */
  activeFilters: number;
  onSearch: (filters: LogFilters, range: TimeRange) => void;
}

export function LogsFilterForm({
  mode,
  members,
  filters,
  range,
  activeFilters,
  onSearch,
}: LogsFilterFormProps) {
  const { t } = useTranslation('observability');
  const [draft, setDraft] = useState(filters);
  const [draftRange, setDraftRange] = useState(range);
  const admin = mode === 'admin';
  const pick = (key: LogFilterKey, value: string) => {
    const next = { ...draft, [key]: value };
    setDraft(next);
    onSearch(next, draftRange);
  };
  const field = (key: LogFilterKey, label: string) => (
    <Input
      aria-label={label}
      placeholder={label}
      value={draft[key]}
      onChange={(value) => setDraft({ ...draft, [key]: value })}
      style={{ width: 160 }}
      data-testid={`log-filter-${key}`}
      allowClear
    />
  );
  return (
    <ListToolbar
      onSearch={() => onSearch(draft, draftRange)}
      searchLabel={t('filter.search')}
      searchTestId="log-search"
      collapseOnPhone
      activeFilters={activeFilters}
    >
      {field('token_name', t('filter.tokenName'))}
      {field('model_name', t('filter.modelName'))}
      <TimeRangePicker value={draftRange} onChange={setDraftRange} />
      {admin ? field('username', t('filter.username')) : null}
      {admin ? field('channel', t('filter.channelId')) : null}
      <Select
        aria-label={t('logs.typeLabel')}
        style={{ width: 120 }}
        value={Number(draft.type || 0)}
        data-testid="log-filter-type"
        onChange={(value: number) => pick('type', value ? String(value) : '')}
        options={LOG_TYPES.map((type) => ({ value: type, label: t(`logs.types.${type}`) }))}
      />
      {mode === 'org' ? null : (
        <Select
          aria-label={t('logs.fundingLabel')}
          style={{ width: 130 }}
          value={draft.funding}
          data-testid="log-filter-funding"
          onChange={(value: string) => pick('funding', value)}
          options={FUNDING_FILTERS.map((value) => ({
            value,
            label: t(`logs.funding.${value || 'any'}`),
          }))}
        />
      )}
      {mode === 'org' && members ? (
        <Select
          aria-label={t('scope.member')}
          style={{ width: 160 }}
          value={draft.user_id}
          data-testid="log-filter-member"
          onChange={(value: string) => pick('user_id', value ?? '')}
          options={[{ value: '', label: t('scope.allMembers') }, ...members]}
        />
      ) : null}
    </ListToolbar>
  );
}

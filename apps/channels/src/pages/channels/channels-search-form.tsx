// Search by keyword, group and model, in the kit's list toolbar; the values live in the URL.
import { Button, Input, Select } from '@arco-design/web-react';
import { ListToolbar } from '@switchyard/console-kit/list';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type ChannelFilters, listGroups } from '../../api/channels.api';
import { channelKeys } from '../../api/query-keys';

export function ChannelsSearchForm({
  filters,
  onSearch,
}: {
  filters: ChannelFilters;
  onSearch: (filters: ChannelFilters) => void;
}) {
  const { t } = useTranslation('channels');
  const [draft, setDraft] = useState(filters);
  const groups = useQuery({ queryKey: channelKeys.groups, queryFn: listGroups });
  const submit = () =>
    onSearch({ keyword: draft.keyword.trim(), group: draft.group, model: draft.model.trim() });
  const empty = { keyword: '', group: '', model: '' };
  return (
    <ListToolbar
      onSearch={submit}
      searchLabel={t('list.search.submit')}
      searchTestId="channel-search-submit"
      searchExtra={
        <Button
          onClick={() => {
            setDraft(empty);
            onSearch(empty);
          }}
        >
          {t('list.search.reset')}
        </Button>
      }
    >
      <Input
        value={draft.keyword}
        onChange={(keyword) => setDraft({ ...draft, keyword })}
        placeholder={t('list.search.keyword')}
        aria-label={t('list.search.keyword')}
        style={{ width: 260 }}
        data-testid="channel-search-keyword"
      />
      <Select
        value={draft.group || undefined}
        onChange={(group?: string) => setDraft({ ...draft, group: group ?? '' })}
        options={groups.data ?? []}
        allowClear
        placeholder={t('list.search.group')}
        aria-label={t('list.search.group')}
        style={{ width: 160 }}
        data-testid="channel-search-group"
      />
      <Input
        value={draft.model}
        onChange={(model) => setDraft({ ...draft, model })}
        placeholder={t('list.search.model')}
        aria-label={t('list.search.model')}
        style={{ width: 180 }}
        data-testid="channel-search-model"
      />
    </ListToolbar>
  );
}

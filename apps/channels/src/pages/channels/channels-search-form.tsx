// Search by keyword, group and model; the values live in the URL.
import { Button, Input, Select, Space } from '@arco-design/web-react';
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
    <Space wrap style={{ marginBottom: 16 }}>
      <Input
        value={draft.keyword}
        onChange={(keyword) => setDraft({ ...draft, keyword })}
        onPressEnter={submit}
        placeholder={t('list.search.keyword')}
        style={{ width: 260 }}
        data-testid="channel-search-keyword"
      />
      <Select
        value={draft.group || undefined}
        onChange={(group?: string) => setDraft({ ...draft, group: group ?? '' })}
        options={groups.data ?? []}
        allowClear
        placeholder={t('list.search.group')}
        style={{ width: 160 }}
        data-testid="channel-search-group"
      />
      <Input
        value={draft.model}
        onChange={(model) => setDraft({ ...draft, model })}
        onPressEnter={submit}
        placeholder={t('list.search.model')}
        style={{ width: 180 }}
        data-testid="channel-search-model"
      />
      <Button type="primary" onClick={submit} data-testid="channel-search-submit">
        {t('list.search.submit')}
      </Button>
      <Button
        onClick={() => {
          setDraft(empty);
          onSearch(empty);
        }}
      >
        {t('list.search.reset')}
      </Button>
    </Space>
  );
}

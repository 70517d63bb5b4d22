// The channel list's state: page and filters in the URL; page size and id sort remembered locally
// (spec §9).
import {
  getPageSize,
  LOCAL_KEYS,
  readLocal,
  setPageSize,
  writeLocal,
} from '@switchyard/console-kit';
import { useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import type { ChannelListParams } from '../../api/channels.api';

export interface ChannelFilters {
  keyword: string;
  group: string;
  model: string;
}

export function useListParams() {
  const [search, setSearch] = useSearchParams();
  const [pageSize, setSize] = useState(getPageSize);
  const [idSort, setIdSort] = useState(() => readLocal(LOCAL_KEYS.idSort) === 'true');
  const page = Math.max(1, Number(search.get('page')) || 1);
  const filters: ChannelFilters = {
    keyword: search.get('keyword') ?? '',
    group: search.get('group') ?? '',
    model: search.get('model') ?? '',
  };
  const params: ChannelListParams = {
    p: page - 1,
    page_size: pageSize,
    id_sort: idSort,
    ...filters,
  };

  const update = (next: Partial<ChannelFilters> & { page?: number }) => {
    const merged = { ...filters, page, ...next };
    const entries = Object.entries(merged).filter(([, value]) => value !== '' && value !== 1);
    setSearch(new URLSearchParams(entries.map(([key, value]) => [key, String(value)])));
  };

  return {
    params,
    page,
    filters,
    setPage: (next: number) => update({ page: next }),
    setFilters: (next: ChannelFilters) => update({ ...next, page: 1 }),
    setPageSize: (size: number) => {
      setPageSize(size);
      setSize(size);
      update({ page: 1 });
    },
    setIdSort: (value: boolean) => {
      writeLocal(LOCAL_KEYS.idSort, String(value));
      setIdSort(value);
    },
  };
}

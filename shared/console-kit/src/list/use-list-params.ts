// List state in the URL, one convention for every list: `?p=2&size=20&<filter>=<value>`.
// `p` counts from 1 as the user sees it (each page's fetcher converts it to its API's own
// convention); the size is also remembered under `page-size` (spec §9) for lists opened without
// one. Every change is a history entry, so reload, back and forward restore the list.

import { getPageSize, setPageSize } from '@switchyard/console-kit';
import { useCallback, useMemo, useState } from 'react';
import { useSearchParams } from 'react-router-dom';

export const PAGE_PARAM = 'p';
export const SIZE_PARAM = 'size';

export interface ListParamsOptions<F extends string> {
  /** The filters this list keeps in the URL, by their query parameter names. */
  filters: readonly F[];
  /** What a filter is when the URL does not name it; computed once per visit, so a default
   * that depends on the clock (a time range) stays stable while the page is open. */
  defaults?: () => Partial<Record<F, string>>;
}

export interface ListParams<F extends string = string> {
  /** The page, from 1. */
  page: number;
  size: number;
  filters: Record<F, string>;
  /** Changes for each distinct set of filters: key a search form with it so its fields follow
   * back and forward. */
  filtersKey: string;
  /** The filters set to other than their default, for a count of the filters in force. */
  changed: F[];
  /** Goes to `page`; a new size starts again from page 1 and is remembered. */
  setPage: (page: number, size?: number) => void;
  /** Applies trimmed filters (an empty one is dropped) and goes back to page 1; `replace` for a
   * filter that follows each keystroke, so back does not step through every letter. */
  setFilters: (filters: Partial<Record<F, string>>, options?: { replace?: boolean }) => void;
}

const positiveInt = (text: string | null): number | undefined => {
  const value = Number(text);
  return text !== null && Number.isInteger(value) && value > 0 ? value : undefined;
};

export function useListParams<F extends string>(options: ListParamsOptions<F>): ListParams<F> {
  const { filters: names } = options;
  const [params, setParams] = useSearchParams();
  const [defaults] = useState<Partial<Record<F, string>>>(() => options.defaults?.() ?? {});
  const page = positiveInt(params.get(PAGE_PARAM)) ?? 1;
  const size = positiveInt(params.get(SIZE_PARAM)) ?? getPageSize();

  const filters = useMemo(() => {
    const values = {} as Record<F, string>;
    for (const name of names) values[name] = params.get(name) ?? defaults[name] ?? '';
    return values;
  }, [params, names, defaults]);
  const filtersKey = useMemo(() => JSON.stringify(filters), [filters]);
  const changed = useMemo(
    () => names.filter((name) => filters[name] !== (defaults[name] ?? '')),
    [names, filters, defaults],
  );

  const setPage = useCallback(
    (nextPage: number, nextSize?: number) => {
      const resized = nextSize !== undefined && nextSize !== size;
      if (resized) setPageSize(nextSize);
      setParams((current) => {
        const next = new URLSearchParams(current);
        const target = resized ? 1 : nextPage;
        if (target > 1) next.set(PAGE_PARAM, String(target));
        else next.delete(PAGE_PARAM);
        next.set(SIZE_PARAM, String(nextSize ?? size));
        return next;
      });
    },
    [setParams, size],
  );

  const setFilters = useCallback(
    (values: Partial<Record<F, string>>, options?: { replace?: boolean }) => {
      setParams((current) => {
        const next = new URLSearchParams(current);
        next.delete(PAGE_PARAM);
        for (const name of names) {
          if (!(name in values)) continue;
          const trimmed = (values[name] ?? '').trim();
          if (trimmed) next.set(name, trimmed);
          else next.delete(name);
        }
        return next;
      }, options);
    },
    [setParams, names],
  );

  return { page, size, filters, filtersKey, changed, setPage, setFilters };
}

// List state in the URL: page, page size (remembered under `page-size`), time range and filters.
import { getPageSize, setPageSize } from '@switchyard/console-kit';
import { useCallback, useMemo, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import type { TimeRange } from './time';

export interface ListParams<F extends string> {
  page: number;
  pageSize: number;
  range: TimeRange;
  filters: Record<F, string>;
}

export interface ListParamsApi<F extends string> extends ListParams<F> {
  /** Applies a new filter and range and goes back to page 1. */
  search(filters: Record<F, string>, range: TimeRange): void;
  setPage(page: number, pageSize: number): void;
}

const positiveInt = (text: string | null, fallback: number): number => {
  const value = Number(text);
  return Number.isInteger(value) && value > 0 ? value : fallback;
};

/** `defaultRange` is computed once per visit, so the query key stays stable while the page is open. */
export function useListParams<F extends string>(
  filterKeys: readonly F[],
  defaultRange: () => TimeRange,
): ListParamsApi<F> {
  const [params, setParams] = useSearchParams();
  const [fallbackRange] = useState(defaultRange);

  const state = useMemo<ListParams<F>>(() => {
    const filters = Object.fromEntries(
      filterKeys.map((key) => [key, params.get(key) ?? '']),
    ) as Record<F, string>;
    return {
      page: positiveInt(params.get('p'), 1),
      pageSize: positiveInt(params.get('size'), getPageSize()),
      range: {
        start: positiveInt(params.get('start'), fallbackRange.start),
        end: positiveInt(params.get('end'), fallbackRange.end),
      },
      filters,
    };
  }, [params, filterKeys, fallbackRange]);

  const search = useCallback(
    (filters: Record<F, string>, range: TimeRange) => {
      const next = new URLSearchParams();
      for (const key of filterKeys) if (filters[key]) next.set(key, filters[key]);
      next.set('start', String(range.start));
      next.set('end', String(range.end));
      next.set('size', String(state.pageSize));
      setParams(next);
    },
    [filterKeys, setParams, state.pageSize],
  );

  const setPage = useCallback(
    (page: number, pageSize: number) => {
      setPageSize(pageSize);
      setParams((current) => {
        const next = new URLSearchParams(current);
        next.set('p', String(pageSize === state.pageSize ? page : 1));
        next.set('size', String(pageSize));
        return next;
      });
    },
    [setParams, state.pageSize],
  );

  return { ...state, search, setPage };
}

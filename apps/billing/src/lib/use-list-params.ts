// List state in the URL: page (`p`, from 0), page size (remembered under `page-size`) and filters.
import { getPageSize, setPageSize } from '@switchyard/console-kit';
import { useCallback } from 'react';
import { useSearchParams } from 'react-router-dom';

export interface ListParams {
  page: number;
  size: number;
  filters: Record<string, string>;
  setPage: (page: number, size: number) => void;
  /** Applies trimmed filters; empty ones are dropped and the list goes back to the first page. */
  setFilters: (filters: Record<string, string>) => void;
}

export function useListParams(filterNames: readonly string[]): ListParams {
  const [params, setParams] = useSearchParams();
  const page = Math.max(0, Number(params.get('p')) || 0);
  const size = Number(params.get('size')) || getPageSize();
  const filters = Object.fromEntries(filterNames.map((name) => [name, params.get(name) ?? '']));

  const setPage = useCallback(
    (nextPage: number, nextSize: number) => {
      setPageSize(nextSize);
      setParams((current) => {
        const next = new URLSearchParams(current);
        next.set('p', String(nextPage));
        next.set('size', String(nextSize));
        return next;
      });
    },
    [setParams],
  );

  const setFilters = useCallback(
    (values: Record<string, string>) => {
      setParams((current) => {
        const next = new URLSearchParams(current);
        next.delete('p');
        for (const [name, value] of Object.entries(values)) {
          const trimmed = value.trim();
          if (trimmed) next.set(name, trimmed);
          else next.delete(name);
        }
        return next;
      });
    },
    [setParams],
  );

  return { page, size, filters, setPage, setFilters };
}

// The table pagination of a list whose page and size live in the URL (useListParams).
import type { PaginationProps } from '@arco-design/web-react';
import { i18next } from '@switchyard/console-kit';
import { PAGE_SIZE_OPTIONS } from '@switchyard/contracts';
import type { ListParams } from './use-list-params';

const showTotal = (total: number) => i18next.t('common:list.total', { total });

/**
 * `total` of a server-paged list; `undefined` when the rows came whole (a search result), and the
 * table pages them itself.
 */
export function listPagination(
  list: Pick<ListParams, 'page' | 'size' | 'setPage'>,
  total: number | undefined,
): PaginationProps {
  const common = { sizeCanChange: true, sizeOptions: [...PAGE_SIZE_OPTIONS], showTotal };
  if (total === undefined) return { ...common, defaultPageSize: list.size };
  return {
    ...common,
    current: list.page,
    pageSize: list.size,
    total,
    onChange: (page, size) => list.setPage(page, size),
  };
}

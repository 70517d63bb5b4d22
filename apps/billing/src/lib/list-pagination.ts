// Table pagination for a list that is paged by the server, or by the table for search results.
import type { PaginationProps } from '@arco-design/web-react';
import { PAGE_SIZE_OPTIONS } from '@switchyard/contracts';
import type { ListParams } from './use-list-params';

export function listPagination(
  data: { total: number; serverPaged: boolean } | undefined,
  list: ListParams,
): PaginationProps {
  const common = { sizeCanChange: true, sizeOptions: [...PAGE_SIZE_OPTIONS], showTotal: true };
  if (data?.serverPaged === false) return common;
  return {
    ...common,
    current: list.page + 1,
    pageSize: list.size,
    total: data?.total ?? 0,
    onChange: (current, size) => list.setPage(current - 1, size),
  };
}

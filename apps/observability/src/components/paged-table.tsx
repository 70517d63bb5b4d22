// A server-paged table: the rows of one page, the total, and sizes 10/20/50/100 (spec §9).
import { type ListColumn, ListTable } from '@switchyard/console-kit';
import { PAGE_SIZE_OPTIONS, type PagedList } from '@switchyard/contracts';
import { useTranslation } from 'react-i18next';
import type { ListParamsApi } from '../lib/use-list-params';

export interface PagedTableProps<T> {
  columns: ListColumn<T>[];
  data: PagedList<T> | undefined;
  loading: boolean;
  /** Page, size and the page change, from the URL (useListParams). */
  list: Pick<ListParamsApi<string>, 'page' | 'pageSize' | 'setPage'>;
  testId: string;
}

export function PagedTable<T extends { id: number }>(props: PagedTableProps<T>) {
  const { t } = useTranslation('observability');
  return (
    <ListTable<T>
      testId={props.testId}
      rowKey="id"
      columns={props.columns}
      data={props.data?.items ?? []}
      loading={props.loading}
      noDataElement={t('list.empty')}
      pagination={{
        current: props.list.page,
        pageSize: props.list.pageSize,
        total: props.data?.total ?? 0,
        sizeCanChange: true,
        sizeOptions: [...PAGE_SIZE_OPTIONS],
        showTotal: (total: number) => t('list.total', { total }),
        onChange: props.list.setPage,
      }}
    />
  );
}

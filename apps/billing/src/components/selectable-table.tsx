// A list table with checkbox selection and URL-driven pagination (server-paged or search results).
import { type ListColumn, ListTable } from '@switchyard/console-kit';
import type { HTMLAttributes } from 'react';
import { listPagination } from '../lib/list-pagination';
import type { ListParams } from '../lib/use-list-params';

export interface SelectableTableProps<T extends { id: number }> {
  columns: ListColumn<T>[];
  data: { rows: T[]; total: number; serverPaged: boolean } | undefined;
  loading: boolean;
  list: ListParams;
  selected: T[];
  onSelect: (rows: T[]) => void;
  rowProps?: (row: T) => HTMLAttributes<HTMLElement>;
}

export function SelectableTable<T extends { id: number }>(props: SelectableTableProps<T>) {
  const { data, selected, onSelect } = props;
  return (
    <ListTable<T>
      rowKey="id"
      loading={props.loading}
      columns={props.columns}
      data={data?.rows ?? []}
      rowSelection={{
        type: 'checkbox',
        selectedRowKeys: selected.map((row) => row.id),
        onChange: (_keys, rows) => onSelect(rows),
      }}
      onRow={props.rowProps ? (row) => props.rowProps?.(row) ?? {} : undefined}
      pagination={listPagination(data, props.list)}
    />
  );
}

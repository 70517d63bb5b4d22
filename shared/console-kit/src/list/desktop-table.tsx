// The list table on a wide screen: an arco Table whose cells never break inside a word (dates,
// money, ids and tags stay on one line; long text is cut with an ellipsis and the full text in a
// title) and that scrolls sideways when narrow. Loaded apart from the list (list-table.tsx).
import { Table, type TableColumnProps } from '@arco-design/web-react';
import type { ReactNode } from 'react';
import { labelledSelection } from './labelled-selection';
import type { ListColumn, ListTableProps } from './list-table';

const LONG_WIDTH = 220;
const WRAP_WIDTH = 320;

function desktopColumn<T>(column: ListColumn<T>): TableColumnProps<T> {
  const { long, wrap, card: _card, ...rest } = column;
  if (wrap) {
    return {
      ...rest,
      width: rest.width ?? WRAP_WIDTH,
      bodyCellStyle: { minWidth: rest.width ?? WRAP_WIDTH, ...rest.bodyCellStyle },
    };
  }
  if (!long) {
    return { ...rest, bodyCellStyle: { whiteSpace: 'nowrap', ...rest.bodyCellStyle } };
  }
  const width = rest.width ?? LONG_WIDTH;
  return {
    ...rest,
    width,
    render: (value: unknown, row: T, index: number) => {
      const content = rest.render ? rest.render(value, row, index) : value;
      const text =
        typeof content === 'string' || typeof content === 'number' ? String(content) : '';
      return (
        <span className="sy-cell-ellipsis" style={{ maxWidth: width }} title={text || undefined}>
          {content as ReactNode}
        </span>
      );
    },
  };
}

export function DesktopTable<T>(props: ListTableProps<T>) {
  return (
    <Table<T>
      data-testid={props.testId}
      className="sy-list-table"
      rowKey={props.rowKey}
      loading={props.loading}
      columns={props.columns.map(desktopColumn)}
      data={props.data}
      rowSelection={labelledSelection(props.rowSelection, props.data, props.rowKey)}
      onRow={props.onRow}
      noDataElement={props.noDataElement}
      scroll={{ x: 'max-content' }}
      pagination={props.pagination}
    />
  );
}

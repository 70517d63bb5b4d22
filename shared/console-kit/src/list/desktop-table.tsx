// The list table on a wide screen: an arco Table whose cells never break inside a word (dates,
// money, ids and tags stay on one line; long text is cut with an ellipsis and the full text in a
// title). It fits 1280 px: the actions column is pinned to the right edge, so a row's main actions
// never hide behind a sideways scroll, and `detail` columns (long prose) open under the row from a
// labelled +/− button instead of widening it. Loaded apart from the list (list-table.tsx).
import { Table, type TableColumnProps } from '@arco-design/web-react';
import { IconMinus, IconPlus } from '@arco-design/web-react/icon';
import { COMMON_NS } from '@switchyard/console-kit';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { labelledSelection } from './labelled-selection';
import type { ListColumn, ListTableProps } from './list-table';

const LONG_WIDTH = 220;
const WRAP_WIDTH = 320;

const isActions = <T,>(column: ListColumn<T>) =>
  column.card === 'actions' || (column.key ?? column.dataIndex) === 'actions';

function desktopColumn<T>(column: ListColumn<T>): TableColumnProps<T> {
  const { long, wrap, card: _card, detail: _detail, ...rest } = column;
  if (isActions(column)) {
    return {
      ...rest,
      fixed: 'right',
      bodyCellStyle: { whiteSpace: 'nowrap', ...rest.bodyCellStyle },
    };
  }
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

function detailValue<T>(column: ListColumn<T>, row: T, index: number): ReactNode {
  const raw = column.dataIndex
    ? (row as Record<string, unknown>)[column.dataIndex as string]
    : undefined;
  return column.render ? column.render(raw, row, index) : (raw as ReactNode);
}

export function DesktopTable<T>(props: ListTableProps<T>) {
  const { t } = useTranslation(COMMON_NS);
  const details = props.columns.filter((column) => column.detail);
  const columns = props.columns.filter((column) => !column.detail);
  const expandable =
    details.length === 0
      ? {}
      : {
          expandedRowRender: (row: T, index: number) => (
            <dl className="sy-list-detail">
              {details.map((column) => (
                <div key={String(column.key ?? column.dataIndex)}>
                  <dt>{column.title}</dt>
                  <dd>{detailValue(column, row, index)}</dd>
                </div>
              ))}
            </dl>
          ),
          expandProps: {
            width: 44,
            columnTitle: <span className="sy-visually-hidden">{t('list.details')}</span>,
            icon: ({ expanded }: { expanded: boolean }) => (
              <button
                type="button"
                className="sy-list-expand"
                aria-expanded={expanded}
                aria-label={expanded ? t('list.hideDetails') : t('list.showDetails')}
                title={expanded ? t('list.hideDetails') : t('list.showDetails')}
              >
                {expanded ? <IconMinus /> : <IconPlus />}
              </button>
            ),
          },
        };
  return (
    <Table<T>
      data-testid={props.testId}
      className="sy-list-table"
      rowKey={props.rowKey}
      loading={props.loading}
      columns={columns.map(desktopColumn)}
      data={props.data}
      rowSelection={labelledSelection(props.rowSelection, props.data, props.rowKey)}
      onRow={props.onRow}
      noDataElement={props.noDataElement}
      scroll={{ x: 'max-content' }}
      pagination={props.pagination}
      {...expandable}
    />
  );
}

// The one list table of the console. On a wide screen an arco Table (desktop-table.tsx); below
// 768 px the same columns render as cards: a title, the key fields as label/value pairs, and the
// row's actions.
import {
  Checkbox,
  Empty,
  Pagination,
  type PaginationProps,
  Spin,
  type TableColumnProps,
  type TableProps,
} from '@arco-design/web-react';
import {
  COMMON_NS,
  isPhoneScreen,
  type LoadedComponent,
  loadOnce,
  useIsPhone,
  useLoadedComponent,
} from '@switchyard/console-kit';
import { type HTMLAttributes, type ReactNode, useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import type { DesktopTable } from './desktop-table';

// Arco's Table renders only on a wide screen (a phone gets cards), so it loads apart, as soon as
// this module runs on a wide screen (alongside the page's own code), and on a phone only if the
// screen grows: on a phone's slow link /token was 40 KiB lighter without it.
const loadDesktopTable = loadOnce(() =>
  import('./desktop-table').then((module) => module.DesktopTable as LoadedComponent),
);
if (!isPhoneScreen()) void loadDesktopTable().catch(() => undefined);

function LoadedDesktopTable<T>(props: ListTableProps<T>) {
  const Table = useLoadedComponent('table', loadDesktopTable) as typeof DesktopTable | null;
  return Table ? <Table<T> {...props} /> : <Spin className="sy-list-loading" />;
}

export type ListColumn<T> = TableColumnProps<T> & {
  /** Long free text (names, content): cut to `width` with an ellipsis and a tooltip. */
  long?: boolean;
  /** Prose (a log's details): wraps between words within `width`, never inside one. */
  wrap?: boolean;
  /** Detail (a log's content): on a wide screen shown under the row when its labelled +/−
   * button opens it, instead of widening every row; on a phone a field of the card. */
  detail?: boolean;
  /** Its role on a phone card; by default the first column is the title, a column keyed
   * `actions` holds the actions, and every other column is a field. */
  card?: 'title' | 'field' | 'actions' | 'hidden';
};

export interface ListTableProps<T> {
  columns: ListColumn<T>[];
  data: T[];
  rowKey: keyof T & string;
  loading?: boolean;
  pagination?: PaginationProps | false;
  rowSelection?: TableProps<T>['rowSelection'];
  onRow?: (row: T, index: number) => HTMLAttributes<HTMLElement>;
  /** What an empty list says; a text is shown in the empty-state figure. "No data" by default. */
  noDataElement?: ReactNode;
  testId?: string;
}

const keyOf = (column: ListColumn<unknown>): string => String(column.key ?? column.dataIndex ?? '');

function cellValue<T>(column: ListColumn<T>, row: T, index: number): ReactNode {
  const raw = column.dataIndex
    ? (row as Record<string, unknown>)[column.dataIndex as string]
    : undefined;
  if (column.render) return column.render(raw, row, index);
  return raw === undefined || raw === null ? '' : String(raw);
}

type CardRole = NonNullable<ListColumn<unknown>['card']>;

function cardRole<T>(column: ListColumn<T>, index: number): CardRole {
  if (column.card) return column.card;
  if (keyOf(column as ListColumn<unknown>) === 'actions') return 'actions';
  return index === 0 ? 'title' : 'field';
}

/** The empty state of a list, the same in the table and the cards, in the page's language. */
function useEmptyState(noDataElement: ReactNode): ReactNode {
  const { t } = useTranslation(COMMON_NS);
  if (noDataElement === undefined || typeof noDataElement === 'string') {
    return <Empty description={noDataElement ?? t('list.empty')} />;
  }
  return noDataElement;
}

export function ListTable<T>(props: ListTableProps<T>) {
  const phone = useIsPhone();
  const empty = useEmptyState(props.noDataElement);
  if (phone) return <ListCards {...props} noDataElement={empty} />;
  return <LoadedDesktopTable {...props} noDataElement={empty} />;
}

/**
 * Names the page-number field of arco's simple pagination, which has no prop for it (axe: label);
 * set after every render, as arco re-creates the field.
 */
function usePageJumperLabel() {
  const { t } = useTranslation(COMMON_NS);
  const ref = useRef<HTMLDivElement>(null);
  const label = t('list.pageJumper');
  useEffect(() => {
    for (const input of ref.current?.querySelectorAll('input') ?? []) {
      input.setAttribute('aria-label', label);
    }
  });
  return ref;
}

function ListCards<T>(props: ListTableProps<T>) {
  const pager = usePageJumperLabel();
  const roles: CardRole[] = props.columns.map(cardRole);
  // With the first column set aside (an id), the first plain field becomes the title.
  if (!roles.includes('title')) {
    const first = roles.indexOf('field');
    if (first >= 0) roles[first] = 'title';
  }
  const title = props.columns.find((_, index) => roles[index] === 'title');
  const actions = props.columns.find((_, index) => roles[index] === 'actions');
  const fields = props.columns.filter((_, index) => roles[index] === 'field');
  const selection = props.rowSelection;
  const selectedKeys = selection?.selectedRowKeys ?? [];
  const toggle = (row: T, checked: boolean) => {
    const key = row[props.rowKey] as string | number;
    const keys = checked ? [...selectedKeys, key] : selectedKeys.filter((entry) => entry !== key);
    const rows = props.data.filter((entry) =>
      keys.includes(entry[props.rowKey] as string | number),
    );
    selection?.onChange?.(keys, rows);
  };
  const pagination = props.pagination;
  return (
    <div className="sy-list-cards" data-testid={props.testId} data-layout="cards">
      {props.data.length === 0 && !props.loading ? (
        <div className="sy-list-empty">{props.noDataElement}</div>
      ) : null}
      {props.data.map((row, index) => {
        const key = row[props.rowKey] as string | number;
        return (
          <article
            key={String(key)}
            className="sy-list-card"
            data-card="row"
            {...props.onRow?.(row, index)}
          >
            <header className="sy-list-card-title">
              {selection ? (
                <Checkbox
                  checked={selectedKeys.includes(key)}
                  onChange={(checked) => toggle(row, checked)}
                  aria-label={String(key)}
                />
              ) : null}
              {title ? <div>{cellValue(title, row, index)}</div> : null}
            </header>
            <dl className="sy-list-card-fields">
              {fields.map((column) => (
                <div key={keyOf(column as ListColumn<unknown>)} className="sy-list-card-field">
                  <dt>{column.title}</dt>
                  <dd>{cellValue(column, row, index)}</dd>
                </div>
              ))}
            </dl>
            {actions ? (
              <footer className="sy-list-card-actions">{cellValue(actions, row, index)}</footer>
            ) : null}
          </article>
        );
      })}
      {/* Without a total the table paginates by itself; the cards then list every row. An empty
          list has no pages, as the table shows none. */}
      {pagination &&
      pagination.total !== undefined &&
      (pagination.total > 0 || props.data.length > 0) ? (
        <div ref={pager} className="sy-list-card-pagination">
          <Pagination {...pagination} size="small" simple sizeCanChange={false} />
        </div>
      ) : null}
    </div>
  );
}

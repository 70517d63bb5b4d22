// Row selection with an accessible name on every checkbox: arco's row and select-all checkboxes
// have none (axe: label). The select-all box is ours, so it can carry one.
import { Checkbox, type TableProps } from '@arco-design/web-react';
import { i18next } from '@switchyard/console-kit';

type Selection<T> = NonNullable<TableProps<T>['rowSelection']>;

export function labelledSelection<T>(
  selection: Selection<T> | undefined,
  data: readonly T[],
  rowKey: keyof T,
): Selection<T> | undefined {
  if (!selection || selection.type === 'radio') return selection;
  const keyOf = (row: T) => row[rowKey] as string | number;
  const selected = selection.selectedRowKeys ?? [];
  const all = data.length > 0 && data.every((row) => selected.includes(keyOf(row)));
  const some = !all && data.some((row) => selected.includes(keyOf(row)));
  return {
    ...selection,
    checkAll: false,
    columnTitle: (
      <Checkbox
        checked={all}
        indeterminate={some}
        disabled={data.length === 0}
        aria-label={i18next.t('common:list.selectAll')}
        onChange={(checked) =>
          selection.onChange?.(checked ? data.map(keyOf) : [], checked ? [...data] : [])
        }
      />
    ),
    checkboxProps: (row: T) => ({
      ...selection.checkboxProps?.(row),
      'aria-label': i18next.t('common:list.selectRow', { key: String(keyOf(row)) }),
    }),
  };
}

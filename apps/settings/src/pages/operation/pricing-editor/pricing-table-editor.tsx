// Model prices as a searchable table in dollars: input and output per 1M tokens, the price per call,
// cache read and write per 1M. Edits stay local until Save, which writes the ratio options that
// changed (the JSON view shows the same options as text).
import {
  Button,
  Input,
  InputNumber,
  Message,
  Space,
  Table,
  type TableColumnProps,
} from '@arco-design/web-react';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { OptionsState } from '../../../options/use-options';
import { useSaveOptions } from '../../../options/use-save-options';
import {
  PRICE_OPTIONS,
  type PriceField,
  type PriceRow,
  readMaps,
  rowsOf,
  withRow,
} from './price-rows';

const FIELDS: readonly PriceField[] = ['input', 'output', 'perCall', 'cacheRead', 'cacheWrite'];

export function PricingTableEditor({ options }: { options: OptionsState }) {
  const { t } = useTranslation('settings');
  const stored = useMemo(() => readMaps(options.values), [options.values]);
  // Edited rows in dollars, by model: written back to the ratio maps only when saving, so a price
  // cleared and typed again keeps its neighbours.
  const [edits, setEdits] = useState<Record<string, PriceRow>>({});
  const [search, setSearch] = useState('');
  const save = useSaveOptions((report) => {
    if (report.failed.length === 0) setEdits({});
  });
  const rows = useMemo(() => {
    const needle = search.trim().toLowerCase();
    const all = rowsOf(stored).map((row) => edits[row.model] ?? row);
    return needle ? all.filter((row) => row.model.toLowerCase().includes(needle)) : all;
  }, [stored, edits, search]);
  const maps = Object.values(edits).reduce(withRow, stored);

  const changes = PRICE_OPTIONS.filter(
    (key) => JSON.stringify(maps[key]) !== JSON.stringify(stored[key]),
  ).map((key): [(typeof PRICE_OPTIONS)[number], string] => [
    key,
    JSON.stringify(maps[key], null, 2),
  ]);
  const submit = () => {
    if (changes.length === 0) {
      Message.warning(t('messages.nothingChanged'));
      return;
    }
    save.mutate(changes);
  };

  const cell = (field: PriceField) => (value: number | undefined, row: PriceRow) => (
    <InputNumber
      size="small"
      min={0}
      precision={6}
      value={value}
      placeholder={field === 'output' && row.input !== undefined ? t('priceEditor.builtIn') : '—'}
      onChange={(next?: number) => {
        const value = next === undefined || Number.isNaN(next) ? undefined : next;
        setEdits((current) => ({ ...current, [row.model]: { ...row, [field]: value } }));
      }}
      aria-label={t(`priceEditor.fieldOf.${field}`, { model: row.model })}
      style={{ width: 130 }}
      data-testid={`price-${field}-${row.model}`}
    />
  );
  const columns: TableColumnProps<PriceRow>[] = [
    { title: t('priceEditor.model'), dataIndex: 'model', fixed: 'left' },
    ...FIELDS.map((field) => ({
      title: t(`priceEditor.columns.${field}`),
      dataIndex: field,
      render: cell(field),
    })),
  ];

  return (
    <Space direction="vertical" style={{ width: '100%' }} data-testid="price-editor">
      <Input.Search
        allowClear
        value={search}
        onChange={setSearch}
        placeholder={t('priceEditor.search')}
        aria-label={t('priceEditor.search')}
        style={{ maxWidth: 320 }}
        data-testid="price-editor-search"
      />
      <Table<PriceRow>
        rowKey="model"
        size="small"
        columns={columns}
        data={rows}
        scroll={{ x: 'max-content' }}
        pagination={{ pageSize: 20, sizeCanChange: false }}
      />
      <Button type="primary" loading={save.isPending} onClick={submit} data-testid="save-prices">
        {t('actions.save')}
      </Button>
    </Space>
  );
}

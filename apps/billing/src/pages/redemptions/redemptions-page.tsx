// /redemption (admin): search, table, add and copy-selected, create/edit drawer.
import { Button, Form, Input, Message, Space, Table } from '@arco-design/web-react';
import { useQuotaDisplay } from '@switchyard/console-kit';
import { RedemptionStatus, type RedemptionView } from '@switchyard/contracts';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { RemoteRoot } from '../../components/remote-root';
import { listPagination } from '../../lib/list-pagination';
import { useCopy } from '../../lib/use-copy';
import { useListParams } from '../../lib/use-list-params';
import { getRedemptionColumns } from './redemption-columns';
import { RedemptionDrawer } from './redemption-drawer';
import { useRedemptionMutations, useRedemptionRows } from './use-redemptions';

const FILTERS = ['keyword'] as const;

export function RedemptionsPage() {
  const { t } = useTranslation('billing');
  const { renderQuota } = useQuotaDisplay();
  const list = useListParams(FILTERS);
  const keyword = list.filters.keyword ?? '';
  const [draft, setDraft] = useState(keyword);
  const [selected, setSelected] = useState<RedemptionView[]>([]);
  const [drawer, setDrawer] = useState<{ visible: boolean; code: RedemptionView | null }>({
    visible: false,
    code: null,
  });
  const query = useRedemptionRows(list.page, list.size, keyword);
  const { setStatus, remove } = useRedemptionMutations();
  const copy = useCopy();
  const columns = useMemo(() => {
    const done = () => Message.success(t('common.operationSuccess'));
    return getRedemptionColumns(t, {
      renderQuota: (quota) => renderQuota(quota),
      copy: (code) => void copy(code.key),
      toggle: (code) =>
        setStatus.mutate(
          {
            id: code.id,
            status:
              code.status === RedemptionStatus.unused
                ? RedemptionStatus.disabled
                : RedemptionStatus.unused,
          },
          { onSuccess: done },
        ),
      remove: (code) => remove.mutate(code.id, { onSuccess: done }),
      edit: (code) => setDrawer({ visible: true, code }),
    });
  }, [t, renderQuota, copy, setStatus, remove]);

  const copySelected = () => {
    if (selected.length === 0) {
      Message.error(t('redemptions.selectAtLeastOne'));
      return;
    }
    void copy(selected.map((code) => `${code.name}    ${code.key}`).join('\n'));
  };

  const data = query.data;
  return (
    <RemoteRoot testId="redemptions-page">
      <Form
        layout="inline"
        onSubmit={() => list.setFilters({ keyword: draft })}
        style={{ marginBottom: 12 }}
      >
        <Form.Item>
          <Input
            value={draft}
            onChange={setDraft}
            placeholder={t('redemptions.searchPlaceholder')}
            data-testid="code-search-keyword"
          />
        </Form.Item>
        <Button type="primary" htmlType="submit" data-testid="code-search">
          {t('common.search')}
        </Button>
      </Form>
      <Space style={{ marginBottom: 12 }}>
        <Button
          type="primary"
          onClick={() => setDrawer({ visible: true, code: null })}
          data-testid="code-add"
        >
          {t('redemptions.add')}
        </Button>
        <Button onClick={copySelected} data-testid="code-copy-selected">
          {t('redemptions.copySelected')}
        </Button>
      </Space>
      <Table<RedemptionView>
        rowKey="id"
        loading={query.isFetching}
        columns={columns}
        data={data?.rows ?? []}
        rowSelection={{
          type: 'checkbox',
          selectedRowKeys: selected.map((code) => code.id),
          onChange: (_keys, rows) => setSelected(rows),
        }}
        pagination={listPagination(data, list)}
      />
      <RedemptionDrawer
        visible={drawer.visible}
        code={drawer.code}
        onClose={() => setDrawer({ visible: false, code: null })}
      />
    </RemoteRoot>
  );
}

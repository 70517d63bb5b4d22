// /redemption (admin): search, table, add and copy-selected, create/edit drawer.
import { Message } from '@arco-design/web-react';
import { useQuotaDisplay } from '@switchyard/console-kit';
import { ListTable, listPagination, useListParams } from '@switchyard/console-kit/list';
import { RedemptionStatus, type RedemptionView } from '@switchyard/contracts';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ListToolbar } from '../../components/list-toolbar';
import { useCopy } from '../../lib/use-copy';
import { RemoteRoot } from '../../remote';
import { getRedemptionColumns } from './redemption-columns';
import { RedemptionDrawer } from './redemption-drawer';
import { useRedemptionMutations, useRedemptionRows } from './use-redemptions';

const FILTERS = ['keyword'] as const;

export function RedemptionsPage() {
  const { t } = useTranslation('billing');
  const { renderQuota } = useQuotaDisplay();
  const list = useListParams({ filters: FILTERS });
  const { keyword } = list.filters;
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
      <ListToolbar
        key={list.filtersKey}
        testId="code"
        fields={[{ name: 'keyword', placeholder: t('redemptions.searchPlaceholder') }]}
        values={list.filters}
        onSearch={list.setFilters}
        addLabel={t('redemptions.add')}
        onAdd={() => setDrawer({ visible: true, code: null })}
        copyLabel={t('redemptions.copySelected')}
        onCopySelected={copySelected}
      />
      <ListTable<RedemptionView>
        rowKey="id"
        columns={columns}
        data={data?.rows ?? []}
        loading={query.isFetching}
        rowSelection={{
          type: 'checkbox',
          selectedRowKeys: selected.map((code) => code.id),
          onChange: (_keys, rows) => setSelected(rows),
        }}
        pagination={listPagination(list, data?.serverPaged ? data.total : undefined)}
      />
      <RedemptionDrawer
        visible={drawer.visible}
        code={drawer.code}
        onClose={() => setDrawer({ visible: false, code: null })}
      />
    </RemoteRoot>
  );
}

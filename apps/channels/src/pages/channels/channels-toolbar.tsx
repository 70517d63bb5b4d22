// The list's actions, in the kit's list toolbar: add, test all (with progress), balances, deletes,
// fix, id sort.
import { Button, Message, Popconfirm, Space, Switch, Tag } from '@arco-design/web-react';
import { ListToolbar } from '@switchyard/console-kit/list';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import type { ChannelActions } from './use-channel-actions';
import type { TestAll } from './use-test-all';

export interface ToolbarProps {
  actions: ChannelActions;
  testAll: TestAll;
  selected: number[];
  idSort: boolean;
  onIdSort: (value: boolean) => void;
}

export function ChannelsToolbar({ actions, testAll, selected, idSort, onIdSort }: ToolbarProps) {
  const { t } = useTranslation('channels');
  const navigate = useNavigate();
  const deleteSelected = () => {
    if (selected.length === 0) {
      Message.error(t('list.message.selectFirst'));
      return;
    }
    actions.removeSelected.mutate(selected);
  };
  return (
    <ListToolbar
      actions={
        <>
          <Button type="primary" onClick={() => navigate('/channel/add')} data-testid="channel-add">
            {t('list.toolbar.add')}
          </Button>
          <Button loading={testAll.running} onClick={testAll.start} data-testid="channel-test-all">
            {t('list.toolbar.testAll')}
          </Button>
          {testAll.running ? (
            <Tag color="arcoblue" data-testid="channel-test-all-progress">
              {t('list.toolbar.testAllRunning', { done: testAll.done, total: testAll.total })}
            </Tag>
          ) : null}
          <Button
            loading={actions.allBalances.isPending}
            onClick={() => actions.allBalances.mutate()}
            data-testid="channel-update-all-balances"
          >
            {t('list.toolbar.updateAllBalances')}
          </Button>
          <Popconfirm
            title={t('list.toolbar.deleteDisabledConfirm')}
            onOk={() => actions.removeDisabled.mutate()}
          >
            <Button status="danger" data-testid="channel-delete-disabled">
              {t('list.toolbar.deleteDisabled')}
            </Button>
          </Popconfirm>
          {selected.length > 0 ? (
            <Popconfirm
              title={t('list.toolbar.deleteSelectedConfirm', { count: selected.length })}
              onOk={deleteSelected}
            >
              <Button status="danger" data-testid="channel-delete-selected">
                {t('list.toolbar.deleteSelected')}
              </Button>
            </Popconfirm>
          ) : (
            <Button status="danger" onClick={deleteSelected} data-testid="channel-delete-selected">
              {t('list.toolbar.deleteSelected')}
            </Button>
          )}
          <Button
            loading={actions.fix.isPending}
            onClick={() => actions.fix.mutate()}
            data-testid="channel-fix"
          >
            {t('list.toolbar.fix')}
          </Button>
          <Space size={4}>
            <Switch
              checked={idSort}
              onChange={onIdSort}
              aria-label={t('list.toolbar.idSort')}
              data-testid="channel-id-sort"
            />
            <span>{t('list.toolbar.idSort')}</span>
          </Space>
        </>
      }
    />
  );
}

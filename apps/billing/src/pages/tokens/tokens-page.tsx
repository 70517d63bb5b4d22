// /token: the user's API tokens — search, table, add/edit drawer, copy, chat links, enable/disable.
import { Message } from '@arco-design/web-react';
import { useQuotaDisplay, useSessionStore } from '@switchyard/console-kit';
import { ListTable, listPagination, useListParams } from '@switchyard/console-kit/list';
import { TokenStatus, type TokenView } from '@switchyard/contracts';
import { type HTMLAttributes, lazy, Suspense, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ListToolbar } from '../../components/list-toolbar';
import { useCopy } from '../../lib/use-copy';
import { QuickstartDialog } from '../../quickstart';
import { RemoteRoot } from '../../remote';
import { type ChatApp, chatLinkFor } from './chat-links';
import { tokensClipboardText } from './token-batch';
import { getTokenColumns } from './token-columns';
import { useTokenMutations, useTokenRows } from './use-tokens';

// The editor loads when first opened: the list comes sooner without its form, date picker and
// quota inputs (about 40 KiB on a phone's link).
const TokenDrawer = lazy(async () => ({ default: (await import('./token-drawer')).TokenDrawer }));

const FILTERS = ['keyword', 'token'] as const;

export function TokensPage() {
  const { t } = useTranslation('billing');
  const { renderQuota } = useQuotaDisplay();
  const status = useSessionStore((state) => state.status);
  const list = useListParams({ filters: FILTERS });
  const { keyword, token: key } = list.filters;
  const [selected, setSelected] = useState<TokenView[]>([]);
  const [drawer, setDrawer] = useState<{
    visible: boolean;
    token: TokenView | null;
    /** Opened once: kept mounted from then on, for its closing animation. */
    opened: boolean;
  }>({ visible: false, token: null, opened: false });
  const [quickstart, setQuickstart] = useState<TokenView | null>(null);
  const query = useTokenRows(list.page, list.size, keyword, key);
  const { setStatus, remove } = useTokenMutations();
  const copy = useCopy();

  const columns = useMemo(
    () =>
      getTokenColumns(t, {
        renderQuota: (quota) => renderQuota(quota),
        copy: (token) => void copy(`sk-${token.key}`),
        chat: (token: TokenView, app: ChatApp) => {
          const link = chatLinkFor(app, token.key, {
            chatLink: status?.chat_link ?? '',
            chatLink2: status?.chat_link2 ?? '',
            serverAddress: status?.server_address || window.location.origin,
          });
          if (link) window.open(link, '_blank', 'noopener');
          else Message.error(t('tokens.noChatLink'));
        },
        toggle: (token) => {
          const next =
            token.status === TokenStatus.enabled ? TokenStatus.disabled : TokenStatus.enabled;
          setStatus.mutate(
            { id: token.id, status: next },
            { onSuccess: () => Message.success(t('common.operationSuccess')) },
          );
        },
        remove: (token) =>
          remove.mutate(token.id, {
            onSuccess: () => Message.success(t('common.operationSuccess')),
          }),
        edit: (token) => setDrawer({ visible: true, token, opened: true }),
        quickstart: setQuickstart,
      }),
    [t, renderQuota, copy, status, setStatus, remove],
  );

  const copySelected = () => {
    if (selected.length === 0) {
      Message.error(t('tokens.selectAtLeastOne'));
      return;
    }
    void copy(tokensClipboardText(selected));
  };

  const data = query.data;
  return (
    <RemoteRoot testId="tokens-page">
      <ListToolbar
        key={list.filtersKey}
        testId="token"
        fields={[
          { name: 'keyword', placeholder: t('tokens.keywordPlaceholder') },
          { name: 'token', placeholder: t('tokens.keyPlaceholder') },
        ]}
        values={list.filters}
        onSearch={list.setFilters}
        addLabel={t('tokens.addToken')}
        onAdd={() => setDrawer({ visible: true, token: null, opened: true })}
        copyLabel={t('tokens.copySelected')}
        onCopySelected={copySelected}
      />
      <ListTable<TokenView>
        rowKey="id"
        columns={columns}
        data={data?.rows ?? []}
        loading={query.isFetching}
        rowSelection={{
          type: 'checkbox',
          selectedRowKeys: selected.map((token) => token.id),
          onChange: (_keys, rows) => setSelected(rows),
        }}
        onRow={(token) =>
          ({
            'data-testid': `token-row-${token.name}`,
            style: token.status === TokenStatus.enabled ? undefined : { opacity: 0.55 },
          }) as HTMLAttributes<HTMLElement>
        }
        pagination={listPagination(list, data?.serverPaged ? data.total : undefined)}
      />
      {drawer.opened && (
        <Suspense fallback={null}>
          <TokenDrawer
            visible={drawer.visible}
            token={drawer.token}
            onClose={() => setDrawer({ visible: false, token: null, opened: true })}
            onCreated={setQuickstart}
          />
        </Suspense>
      )}
      <QuickstartDialog token={quickstart} onClose={() => setQuickstart(null)} />
    </RemoteRoot>
  );
}

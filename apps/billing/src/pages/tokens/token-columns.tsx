// Columns of the tokens table; the page passes the row actions in.

import { Dropdown, Menu, Tag } from '@arco-design/web-react';
import { formatTime } from '@switchyard/console-kit';
import { type ListColumn as ColumnProps, RowActions } from '@switchyard/console-kit/list';
import { TokenStatus, type TokenView } from '@switchyard/contracts';
import type { TFunction } from 'i18next';
import { CHAT_APPS, type ChatApp } from './chat-links';
import { TokenLimitsCell } from './token-limits-cell';

export interface TokenActions {
  copy: (token: TokenView) => void;
  chat: (token: TokenView, app: ChatApp) => void;
  toggle: (token: TokenView) => void;
  remove: (token: TokenView) => void;
  edit: (token: TokenView) => void;
  /** Opens the token's quickstart (base URL and snippets). */
  quickstart: (token: TokenView) => void;
  renderQuota: (quota: number) => string;
}

export function TokenStatusTag({ token, t }: { token: TokenView; t: TFunction }) {
  switch (token.status) {
    case TokenStatus.enabled:
      return (
        <Tag color="green">
          {t(token.model_limits_enabled ? 'tokenStatus.limited' : 'tokenStatus.enabled')}
        </Tag>
      );
    case TokenStatus.disabled:
      return <Tag color="red">{t('tokenStatus.disabled')}</Tag>;
    case TokenStatus.expired:
      return <Tag color="orange">{t('tokenStatus.expired')}</Tag>;
    case TokenStatus.exhausted:
      return <Tag color="gray">{t('tokenStatus.exhausted')}</Tag>;
    default:
      return <Tag>{t('tokenStatus.unknown')}</Tag>;
  }
}

export function getTokenColumns(t: TFunction, actions: TokenActions): ColumnProps<TokenView>[] {
  return [
    { title: t('tokens.name'), dataIndex: 'name', long: true },
    {
      title: t('tokens.status'),
      dataIndex: 'status',
      render: (_, token) => (
        <>
          <TokenStatusTag token={token} t={t} />
          {token.org_id > 0 ? <Tag color="arcoblue">{t('tokens.orgToken')}</Tag> : null}
        </>
      ),
    },
    {
      title: t('tokens.usedQuota'),
      dataIndex: 'used_quota',
      render: (_, token) => actions.renderQuota(token.used_quota),
    },
    {
      title: t('tokens.remainQuota'),
      dataIndex: 'remain_quota',
      render: (_, token) =>
        token.unlimited_quota ? t('common.unlimited') : actions.renderQuota(token.remain_quota),
    },
    {
      title: t('tokens.limits'),
      dataIndex: 'limits',
      render: (_, token) => (
        <TokenLimitsCell token={token} t={t} renderQuota={actions.renderQuota} />
      ),
    },
    {
      title: t('common.createdTime'),
      dataIndex: 'created_time',
      render: (_, token) => formatTime(token.created_time),
    },
    {
      title: t('tokens.expiredTime'),
      dataIndex: 'expired_time',
      render: (_, token) =>
        token.expired_time === -1 ? t('tokens.never') : formatTime(token.expired_time),
    },
    {
      title: t('common.actions'),
      dataIndex: 'actions',
      render: (_, token) => (
        <RowActions
          testId={`token-more-${token.id}`}
          actions={[
            {
              key: 'copy',
              label: t('common.copy'),
              onClick: () => actions.copy(token),
              testId: `token-copy-${token.id}`,
            },
            {
              key: 'chat',
              label: t('tokens.chat'),
              // The button itself opens the default chat (or says no chat link is set); the
              // arrow lists the other chat apps.
              element: (
                <Dropdown.Button
                  size="mini"
                  onClick={() => actions.chat(token, 'default')}
                  data-testid={`token-chat-${token.id}`}
                  droplist={
                    <Menu onClickMenuItem={(key) => actions.chat(token, key as ChatApp)}>
                      {CHAT_APPS.map((app) => (
                        <Menu.Item key={app}>
                          {app === 'default' ? t('tokens.chatDefault') : app}
                        </Menu.Item>
                      ))}
                    </Menu>
                  }
                >
                  {t('tokens.chat')}
                </Dropdown.Button>
              ),
            },
            {
              key: 'edit',
              label: t('common.edit'),
              onClick: () => actions.edit(token),
              testId: `token-edit-${token.id}`,
            },
            {
              key: 'quickstart',
              label: t('quickstart.show'),
              onClick: () => actions.quickstart(token),
              testId: `token-quickstart-${token.id}`,
            },
            {
              key: 'toggle',
              label:
                token.status === TokenStatus.enabled ? t('common.disable') : t('common.enable'),
              onClick: () => actions.toggle(token),
              testId: `token-toggle-${token.id}`,
            },
            {
              key: 'delete',
              label: t('common.delete'),
              danger: true,
              confirm: { title: t('tokens.deleteConfirm'), okText: t('common.delete') },
              onClick: () => actions.remove(token),
              testId: `token-delete-${token.id}`,
            },
          ]}
        />
      ),
    },
  ];
}

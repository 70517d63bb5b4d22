// The list's row and toolbar operations as mutations; each refreshes the list when it is done.
import { Message } from '@arco-design/web-react';
import { isApiError } from '@switchyard/console-kit';
import type { Channel } from '@switchyard/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import {
  copyChannel,
  deleteChannel,
  deleteChannels,
  deleteDisabledChannels,
  fixAbilities,
  testChannel,
  updateAllBalances,
  updateBalance,
  updateChannel,
} from '../../api/channels.api';
import { channelKeys } from '../../api/query-keys';

export function useChannelActions() {
  const { t } = useTranslation('channels');
  const queryClient = useQueryClient();
  const refresh = () => queryClient.invalidateQueries({ queryKey: channelKeys.all });
  const done = (message: string) => {
    Message.success(message);
    return refresh();
  };

  const update = useMutation({
    mutationFn: updateChannel,
    onSuccess: () => done(t('list.message.operationSuccess')),
  });
  const remove = useMutation({
    mutationFn: (channel: Channel) => deleteChannel(channel.id),
    onSuccess: () => done(t('list.message.operationSuccess')),
  });
  const copy = useMutation({
    mutationFn: (channel: Channel) => copyChannel(channel.id),
    onSuccess: () => done(t('list.message.copied')),
    // Shown here with the spec's prefix, not by the central handler.
    meta: { silent: true },
    onError: (error) => Message.error(t('list.message.copyFailed', { message: error.message })),
  });
  const balance = useMutation({
    mutationFn: (channel: Channel) => updateBalance(channel.id),
    onSuccess: (_data, channel) => done(t('list.message.balanceUpdated', { name: channel.name })),
  });
  const test = useMutation({
    mutationFn: ({ channel, model }: { channel: Channel; model?: string }) =>
      testChannel(channel.id, model),
    onSuccess: (result, { channel }) =>
      done(t('list.message.testSuccess', { name: channel.name, seconds: result.time.toFixed(2) })),
    onSettled: (_data, error) => (error && isApiError(error) ? refresh() : undefined),
  });
  const allBalances = useMutation({
    mutationFn: updateAllBalances,
    onSuccess: (summary) => done(t('list.message.allBalancesUpdated', { ...summary })),
  });
  const removeDisabled = useMutation({
    mutationFn: deleteDisabledChannels,
    onSuccess: (count) => done(t('list.message.deletedDisabled', { count })),
  });
  const removeSelected = useMutation({
    mutationFn: deleteChannels,
    onSuccess: (count) => done(t('list.message.deletedSelected', { count })),
  });
  const fix = useMutation({
    mutationFn: fixAbilities,
    onSuccess: (count) => done(t('list.message.fixed', { count })),
  });

  return {
    update,
    remove,
    copy,
    balance,
    test,
    allBalances,
    removeDisabled,
    removeSelected,
    fix,
  };
}

export type ChannelActions = ReturnType<typeof useChannelActions>;

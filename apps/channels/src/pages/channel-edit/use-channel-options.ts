// Server data the editor offers as choices (groups, models per type) and the model-list fetch.
import { Message } from '@arco-design/web-react';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import {
  fetchChannelModels,
  fetchUpstreamModels,
  listGroups,
  listModelsByType,
} from '../../api/channels.api';
import { channelKeys } from '../../api/query-keys';

export function useChannelOptions() {
  const groups = useQuery({ queryKey: channelKeys.groups, queryFn: listGroups });
  const models = useQuery({
    queryKey: channelKeys.modelsByType,
    queryFn: listModelsByType,
    staleTime: Number.POSITIVE_INFINITY,
  });
  return { groups: groups.data ?? [], modelsByType: models.data ?? {} };
}

/** An existing channel's models come through the server; a new one's straight from the browser. */
export function useFetchModels(channelId: number | undefined) {
  const { t } = useTranslation('channels');
  return useMutation({
    mutationFn: ({ baseUrl, key }: { baseUrl: string; key: string }) =>
      channelId === undefined ? fetchUpstreamModels(baseUrl, key) : fetchChannelModels(channelId),
    // The central handler shows server refusals; a direct browser fetch fails without one.
    onError: (error) => {
      if (channelId === undefined)
        Message.error(`${t('editor.message.fetchModelsFailed')}: ${error.message}`);
    },
  });
}

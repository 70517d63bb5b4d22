// Server data the editor offers as choices (groups, models per type) and the model-list fetch.

import type { FetchModelsRequest } from '@switchyard/contracts';
import { useMutation, useQuery } from '@tanstack/react-query';
import { fetchUpstreamModels, listGroups, listModelsByType } from '../../api/channels.api';
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

/** The upstream's models through the server; its refusal (naming the upstream's status) is shown centrally. */
export function useFetchModels() {
  return useMutation({
    mutationFn: (request: FetchModelsRequest) => fetchUpstreamModels(request),
  });
}

// TanStack Query keys of the channels remote.
import type { ChannelListParams } from './channels.api';

export const channelKeys = {
  all: ['channels'] as const,
  list: (params: ChannelListParams) => ['channels', 'list', params] as const,
  every: ['channels', 'every'] as const,
  one: (id: number) => ['channels', 'one', id] as const,
  groups: ['groups'] as const,
  modelsByType: ['models-by-type'] as const,
};

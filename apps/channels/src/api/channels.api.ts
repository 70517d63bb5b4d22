// Typed calls of the channel endpoints (spec §7 "Channels"); components use these through hooks.
import {
  apiDelete,
  apiGet,
  apiPost,
  apiPut,
  createEndpointApi,
  http,
} from '@switchyard/console-kit';
import {
  type BalanceUpdateSummary,
  CHANNEL_PAGE_SIZE_MAX,
  type Channel,
  type ChannelBalance,
  type ChannelPage,
  type CreateChannelRequest,
  type CreateChannelsResult,
  type FetchModelsRequest,
  type UpdateChannelRequest,
} from '@switchyard/contracts';
import { groupEndpoints } from '@switchyard/contracts/endpoints';

export interface ChannelFilters {
  keyword: string;
  group: string;
  model: string;
}

export interface ChannelListParams extends ChannelFilters {
  /** From 1, as the list shows it. */
  page: number;
  size: number;
  idSort: boolean;
}

/** The list, or the search when any filter is set (the server's `p` counts from 0). */
export function listChannels(params: ChannelListParams): Promise<ChannelPage> {
  const { keyword, group, model } = params;
  const paging = { p: params.page - 1, page_size: params.size, id_sort: params.idSort };
  if (keyword || group || model) {
    return apiGet<ChannelPage>('/api/channel/search', {
      params: { ...paging, keyword, group, model },
    });
  }
  return apiGet<ChannelPage>('/api/channel/', { params: paging });
}

/** Every channel, read page by page (the test-all progress needs the whole set). */
export async function listEveryChannel(): Promise<Channel[]> {
  const channels: Channel[] = [];
  for (let p = 0; ; p += 1) {
    const page = await apiGet<ChannelPage>('/api/channel/', {
      params: { p, page_size: CHANNEL_PAGE_SIZE_MAX, id_sort: true },
    });
    channels.push(...page.items);
    if (page.items.length < CHANNEL_PAGE_SIZE_MAX || channels.length >= page.total) return channels;
  }
}

export const getChannel = (id: number) => apiGet<Channel>(`/api/channel/${id}`);

export const createChannel = (body: CreateChannelRequest) =>
  apiPost<CreateChannelsResult>('/api/channel/', { body });

export const updateChannel = (body: UpdateChannelRequest) =>
  apiPut<Channel>('/api/channel/', { body });

export const deleteChannel = (id: number) => apiDelete<void>(`/api/channel/${id}`);

export const deleteDisabledChannels = () => apiDelete<number>('/api/channel/disabled');

export const deleteChannels = (ids: number[]) =>
  apiPost<number>('/api/channel/batch', { body: { ids } });

export const fixAbilities = () => apiPost<number>('/api/channel/fix');

export const copyChannel = (id: number) => apiPost<{ id: number }>(`/api/channel/copy/${id}`);

export const updateBalance = (id: number) =>
  apiGet<ChannelBalance>(`/api/channel/update_balance/${id}`);

export const updateAllBalances = () => apiGet<BalanceUpdateSummary>('/api/channel/update_balance');

/**
 * The upstream's models, asked by the server (the provider's cross-origin rule would block the
 * browser): a new channel's type, base URL and key, or an existing one's id with the form's edits.
 */
export const fetchUpstreamModels = (body: FetchModelsRequest) =>
  apiPost<string[]>('/api/channel/fetch_models', { body });

const groupsApi = createEndpointApi(groupEndpoints);

export const listGroups = (): Promise<string[]> => groupsApi.names();

/** Channel type id → its models. */
export const listModelsByType = () => apiGet<Record<string, string[]>>('/api/models');

export interface ChannelTestResult {
  message: string;
  /** Seconds the test request took. */
  time: number;
}

/** Tests one channel (the relay's endpoint; its reply carries `time` beside the envelope). */
export async function testChannel(id: number, model?: string): Promise<ChannelTestResult> {
  const reply = await http.get<{ message: string; time?: number }>(`/api/channel/test/${id}`, {
    params: model ? { model } : {},
  });
  return { message: reply.data.message, time: reply.data.time ?? 0 };
}

/** Starts testing every channel (the relay's endpoint). */
export async function testAllChannels(): Promise<string> {
  const reply = await http.get<{ message: string }>('/api/channel/test');
  return reply.data.message;
}

// Typed calls of the channel endpoints (spec §7 "Channels"), from the channels table; components
// use these through hooks.
import { callEnvelope, createEndpointApi } from '@switchyard/console-kit';
import { endpointPage } from '@switchyard/console-kit/list';
import {
  CHANNEL_PAGE_SIZE_MAX,
  type Channel,
  type ChannelPage,
  type CreateChannelRequest,
  type FetchModelsRequest,
  type UpdateChannelRequest,
} from '@switchyard/contracts';
import { channelEndpoints, groupEndpoints } from '@switchyard/contracts/endpoints';

const channelsApi = createEndpointApi(channelEndpoints);

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

/** The list, or the search when any filter is set. */
export function listChannels(params: ChannelListParams): Promise<ChannelPage> {
  const { keyword, group, model } = params;
  const paging = { page_size: params.size, id_sort: params.idSort };
  if (keyword || group || model) {
    const p = endpointPage(channelEndpoints.search, params.page);
    return channelsApi.search({ query: { ...paging, p, keyword, group, model } });
  }
  return channelsApi.list({
    query: { ...paging, p: endpointPage(channelEndpoints.list, params.page) },
  });
}

/** Every channel, read page by page (the test-all progress needs the whole set). */
export async function listEveryChannel(): Promise<Channel[]> {
  const channels: Channel[] = [];
  for (let listPage = 1; ; listPage += 1) {
    const p = endpointPage(channelEndpoints.list, listPage);
    const page = await channelsApi.list({
      query: { p, page_size: CHANNEL_PAGE_SIZE_MAX, id_sort: true },
    });
    channels.push(...page.items);
    if (page.items.length < CHANNEL_PAGE_SIZE_MAX || channels.length >= page.total) return channels;
  }
}

export const getChannel = (id: number) => channelsApi.get({ params: { id } });

export const createChannel = (body: CreateChannelRequest) => channelsApi.create({ body });

export const updateChannel = (body: UpdateChannelRequest) => channelsApi.update({ body });

export const deleteChannel = (id: number) => channelsApi.remove({ params: { id } });

export const deleteDisabledChannels = () => channelsApi.removeDisabled();

export const deleteChannels = (ids: number[]) => channelsApi.removeBatch({ body: { ids } });

export const fixAbilities = () => channelsApi.fixAbilities();

export const copyChannel = (id: number) => channelsApi.copy({ params: { id } });

export const updateBalance = (id: number) => channelsApi.updateBalance({ params: { id } });

export const updateAllBalances = () => channelsApi.updateAllBalances();

/**
 * The upstream's models, asked by the server (the provider's cross-origin rule would block the
 * browser): a new channel's type, base URL and key, or an existing one's id with the form's edits.
 */
export const fetchUpstreamModels = (body: FetchModelsRequest) =>
  channelsApi.fetchModelsFor({ body });

const groupsApi = createEndpointApi(groupEndpoints);

export const listGroups = (): Promise<string[]> => groupsApi.names();

/** Channel type id → its models. */
export const listModelsByType = () => channelsApi.modelsByType();

export interface ChannelTestResult {
  message: string;
  /** Seconds the test request took. */
  time: number;
}

/** Tests one channel (its reply carries `time` beside the envelope). */
export async function testChannel(id: number, model?: string): Promise<ChannelTestResult> {
  const reply = await callEnvelope(channelEndpoints.test, {
    params: { id },
    query: model ? { model } : {},
  });
  return { message: reply.message, time: reply.time ?? 0 };
}

/** Starts testing every channel. */
export async function testAllChannels(): Promise<string> {
  return (await callEnvelope(channelEndpoints.testAll)).message;
}

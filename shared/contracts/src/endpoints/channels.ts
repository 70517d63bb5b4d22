// Channels (spec §7 "Channels", admin): the list and editor, every channel operation, the channel
// test, and the model lists the editor offers (`/api/models`, `/api/channel/models`).
import { z } from 'zod';
import type { Channel, ChannelPage } from '../channels';
import {
  batchDeleteChannelsRequestSchema,
  channelIdParamsSchema,
  channelListQuerySchema,
  channelSearchQuerySchema,
  createChannelRequestSchema,
  fetchModelsRequestSchema,
  updateChannelRequestSchema,
} from '../channels';
import { defineEndpoint, noData, typedReply } from './define';

const page = typedReply<ChannelPage>('One page of channels (keys never leave the server)');
const channel = typedReply<Channel>('One channel, without its key');
const count = z.number().int().meta({ description: 'How many channels it changed' });
const modelNames = z.array(z.string());
const balance = z.object({
  balance: z.number(),
  balance_updated_time: z.number(),
  balance_currency: z.enum(['USD', 'CNY']),
});

export const channelEndpoints = {
  list: defineEndpoint({
    method: 'GET',
    path: '/api/channel/',
    summary: 'One page of channels',
    role: 'admin',
    query: channelListQuerySchema,
    reply: page,
    pageBase: 0,
  }),
  search: defineEndpoint({
    method: 'GET',
    path: '/api/channel/search',
    summary: 'One page of the channels matching a keyword, group or model',
    role: 'admin',
    query: channelSearchQuerySchema,
    reply: page,
    pageBase: 0,
  }),
  builtInModels: defineEndpoint({
    method: 'GET',
    path: '/api/channel/models',
    summary: 'Every model name the gateway knows of, as model objects',
    role: 'admin',
    reply: z.array(
      z.object({
        id: z.string(),
        object: z.literal('model'),
        created: z.number(),
        owned_by: z.string(),
        root: z.string(),
        parent: z.null(),
      }),
    ),
  }),
  modelsByType: defineEndpoint({
    method: 'GET',
    path: '/api/models',
    summary: "Each channel type's default models, by type id",
    role: 'admin',
    reply: z.record(z.string(), modelNames),
  }),
  removeDisabled: defineEndpoint({
    method: 'DELETE',
    path: '/api/channel/disabled',
    summary: 'Deletes every disabled channel; replies with how many',
    role: 'admin',
    reply: count,
  }),
  removeBatch: defineEndpoint({
    method: 'POST',
    path: '/api/channel/batch',
    summary: 'Deletes the listed channels; replies with how many',
    role: 'admin',
    body: batchDeleteChannelsRequestSchema,
    reply: count,
  }),
  fixAbilities: defineEndpoint({
    method: 'POST',
    path: '/api/channel/fix',
    summary: 'Rebuilds the abilities table; replies with how many channels needed it',
    role: 'admin',
    reply: count,
  }),
  updateAllBalances: defineEndpoint({
    method: 'GET',
    path: '/api/channel/update_balance',
    summary: "Reads every channel's balance from its provider",
    role: 'admin',
    reply: z.object({ updated: z.number(), failed: z.number(), disabled: z.number() }),
  }),
  updateBalance: defineEndpoint({
    method: 'GET',
    path: '/api/channel/update_balance/:id',
    summary: "Reads one channel's balance from its provider",
    role: 'admin',
    params: channelIdParamsSchema,
    reply: balance,
  }),
  fetchModels: defineEndpoint({
    method: 'GET',
    path: '/api/channel/fetch_models/:id',
    summary: "A stored channel's upstream models, asked by the server",
    role: 'admin',
    params: channelIdParamsSchema,
    reply: modelNames,
  }),
  fetchModelsFor: defineEndpoint({
    method: 'POST',
    path: '/api/channel/fetch_models',
    summary: "The upstream's models for a new or edited channel; stores nothing",
    role: 'admin',
    body: fetchModelsRequestSchema,
    reply: modelNames,
  }),
  copy: defineEndpoint({
    method: 'POST',
    path: '/api/channel/copy/:id',
    summary: 'Copies a channel; replies with the copy id',
    role: 'admin',
    params: channelIdParamsSchema,
    reply: z.object({ id: z.number().int() }),
  }),
  test: defineEndpoint({
    method: 'GET',
    path: '/api/channel/test/:id',
    summary: 'Tests one channel with a request to its provider; answers when it is done',
    role: 'admin',
    params: z.object({ id: z.coerce.number().int().positive() }),
    query: z.object({ model: z.string().trim().max(255).optional() }),
    reply: noData,
    beside: z.object({
      time: z.number().meta({ description: 'Seconds the test request took' }),
    }),
  }),
  testAll: defineEndpoint({
    method: 'GET',
    path: '/api/channel/test',
    summary: 'Starts testing every channel; answers at once',
    role: 'admin',
    reply: noData,
  }),
  get: defineEndpoint({
    method: 'GET',
    path: '/api/channel/:id',
    summary: 'One channel',
    role: 'admin',
    params: channelIdParamsSchema,
    reply: channel,
  }),
  create: defineEndpoint({
    method: 'POST',
    path: '/api/channel/',
    summary: 'Creates channels (one per key in batch mode); replies with their ids',
    role: 'admin',
    body: createChannelRequestSchema,
    reply: z.object({ ids: z.array(z.number().int()) }),
  }),
  update: defineEndpoint({
    method: 'PUT',
    path: '/api/channel/',
    summary: 'Updates a channel; an empty key keeps the stored one',
    role: 'admin',
    body: updateChannelRequestSchema,
    reply: channel,
  }),
  remove: defineEndpoint({
    method: 'DELETE',
    path: '/api/channel/:id',
    summary: 'Deletes a channel',
    role: 'admin',
    params: channelIdParamsSchema,
    reply: noData,
  }),
};

// Requests and replies of the channel endpoints (spec §7 "Channels").
import { z } from 'zod';
import { RESPONSES_API_MODES, type ResponsesApiMode } from './channel-info';
import { CHANNEL_PAGE_SIZE_MAX, CHANNEL_PRIORITY_MIN, CHANNEL_WEIGHT_MIN } from './channel-rules';
import { pageNumber } from './paging';

export * from './channel-info';

/** A channel as the console sees it: every column except the key, which never leaves the server. */
export interface Channel {
  id: number;
  name: string;
  type: number;
  status: number;
  openai_organization: string;
  test_model: string;
  base_url: string;
  other: string;
  models: string;
  group: string;
  model_mapping: string;
  status_code_mapping: string;
  auto_ban: number;
  priority: number;
  weight: number;
  max_input_tokens: number;
  /** Seconds the upstream may take to its reply's head; 0 follows RelayFirstByteTimeout. */
  first_byte_timeout: number;
  balance: number;
  balance_updated_time: number;
  /** What the provider reports the balance in: dollars, or yuan for mainland-China accounts. */
  balance_currency: BalanceCurrency;
  used_quota: number;
  response_time: number;
  test_time: number;
  created_time: number;
  /** JSON `{status_reason, status_time}` written when the channel was disabled automatically. */
  other_info: string;
  /** How `/v1/responses` reaches the channel (kept in `other_info`). */
  responses_api: ResponsesApiMode;
}

export interface ChannelPage {
  items: Channel[];
  total: number;
}

const text = (max: number) => z.string().trim().max(max);

/** The editable fields; `models` and `group` are comma lists (spec §3). */
const channelFields = {
  name: text(255),
  type: z.number().int().min(1),
  key: z.string().max(100_000),
  openai_organization: text(255),
  test_model: text(255),
  base_url: text(512),
  other: text(1024),
  models: z.string().max(65_535),
  group: text(255),
  model_mapping: z.string().max(65_535),
  status_code_mapping: z.string().max(65_535),
  auto_ban: z.union([z.literal(0), z.literal(1)]),
  priority: z.number().int().min(CHANNEL_PRIORITY_MIN).max(Number.MAX_SAFE_INTEGER),
  weight: z.number().int().min(CHANNEL_WEIGHT_MIN).max(1_000_000),
  max_input_tokens: z.number().int().min(0).max(100_000_000),
  first_byte_timeout: z.number().int().min(0).max(3600),
  status: z.union([z.literal(1), z.literal(2), z.literal(3)]),
  responses_api: z.enum(RESPONSES_API_MODES),
};

export const createChannelRequestSchema = z
  .object(channelFields)
  .partial()
  .required({ name: true, key: true, models: true });
export type CreateChannelRequest = z.infer<typeof createChannelRequestSchema>;

/**
 * PUT: the id and the fields to change; an empty key keeps the stored one. Other fields of the
 * channel as GET returns it (balance, used_quota, …) are read-only and dropped, like any unknown one.
 */
export const updateChannelRequestSchema = z
  .object(channelFields)
  .partial()
  .extend({ id: z.number().int().positive() });
export type UpdateChannelRequest = z.infer<typeof updateChannelRequestSchema>;

const flag = z
  .union([z.boolean(), z.enum(['true', 'false', '1', '0'])])
  .transform((value) => value === true || value === 'true' || value === '1');

export const channelListQuerySchema = z.object({
  p: pageNumber(0),
  page_size: z.coerce.number().int().min(1).max(CHANNEL_PAGE_SIZE_MAX).default(10),
  id_sort: flag.default(false),
});
export type ChannelListQuery = z.infer<typeof channelListQuerySchema>;

export const channelSearchQuerySchema = channelListQuerySchema.extend({
  keyword: z.string().trim().max(255).default(''),
  group: z.string().trim().max(64).default(''),
  model: z.string().trim().max(255).default(''),
});
export type ChannelSearchQuery = z.infer<typeof channelSearchQuerySchema>;

export const channelIdParamsSchema = z.object({ id: z.coerce.number().int().positive() });

/**
 * POST /api/channel/fetch_models: ask an upstream for its models on the server, storing nothing.
 * A new channel sends its type, base URL and key; an existing one its id, and any field it sends
 * (an edited base URL, a new key) is used instead of the stored one.
 */
export const fetchModelsRequestSchema = z
  .object({
    id: z.number().int().positive().optional(),
    type: z.number().int().min(1).optional(),
    base_url: text(512).default(''),
    key: z.string().trim().max(100_000).default(''),
    openai_organization: text(255).default(''),
  })
  .superRefine((input, ctx) => {
    if (input.id !== undefined) return;
    // Without a stored channel the type and key must come with the request: reported as missing.
    const missing = (field: 'type' | 'key', expected: 'number' | 'string') =>
      ctx.addIssue({ code: 'invalid_type', expected, input: undefined, path: [field] });
    if (input.type === undefined) missing('type', 'number');
    if (input.key === '') missing('key', 'string');
  });
export type FetchModelsRequest = z.input<typeof fetchModelsRequestSchema>;
export type FetchModelsInput = z.output<typeof fetchModelsRequestSchema>;

export const batchDeleteChannelsRequestSchema = z.object({
  ids: z.array(z.number().int().positive()).max(10_000),
});
export type BatchDeleteChannelsRequest = z.infer<typeof batchDeleteChannelsRequestSchema>;

export interface CreateChannelsResult {
  ids: number[];
}

export type BalanceCurrency = 'USD' | 'CNY';

export interface ChannelBalance {
  balance: number;
  balance_updated_time: number;
  balance_currency: BalanceCurrency;
}

/** Update all balances: how many were read, how many failed, how many were disabled at ≤ 0. */
export interface BalanceUpdateSummary {
  updated: number;
  failed: number;
  disabled: number;
}

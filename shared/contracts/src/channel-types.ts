// The channel-type registry (spec §3): provider knowledge as data, used by the channel editor,
// the channel endpoints (default models, model fetching, balance) and the relay's adapter lookup.
import { SPEC_TYPES } from './channel-types-spec';
import { TODAY_PROVIDERS } from './channel-types-today';

export type AdapterFamily =
  | 'openai'
  | 'azure'
  | 'anthropic'
  | 'gemini'
  | 'palm'
  | 'baidu'
  | 'zhipu'
  | 'zhipuV4'
  | 'dashscope'
  | 'spark'
  | 'aiproxyLibrary'
  | 'fastgpt'
  | 'hunyuan'
  | 'bedrock'
  | 'cohere'
  | 'midjourney'
  | 'suno'
  | 'other';

/** How a provider reports the account balance; absent when it has no balance endpoint. */
export type BalanceApi = 'openaiDashboard' | 'openrouter' | 'deepseek' | 'siliconflow' | 'moonshot';

/** What the editor's `other` field means for a type (its label key under `channels:editor.other`). */
export type OtherFieldKind = 'apiVersion' | 'knowledgeBaseId' | 'plugin' | 'accountId';

export interface ChannelTypeInfo {
  id: number;
  /** i18n key suffix under `channels:type.` and a stable machine name. */
  key: string;
  family: AdapterFamily;
  /** Key format hint shown in the editor when the provider wants a composite key (spec §5). */
  keyFormat?: string;
  /** Default for the channel's `other` field. */
  defaultOther?: string;
  /** Shown in the editor only when the type uses `other`. */
  otherField?: OtherFieldKind;
  defaultBaseUrl?: string;
  /** The models the editor fills in and `GET /api/models` lists for the type. */
  defaultModels: readonly string[];
  /** The upstream lists its models at `{base}/v1/models` (spec §5: type 1 only). */
  fetchModels?: true;
  /** The OpenAI organization header applies. */
  organization?: true;
  balance?: BalanceApi;
  /**
   * OpenAI-shaped: the path prefix of the provider's endpoints when it is not `/v1`
   * (`/api/v3` makes `{base}/api/v3/chat/completions`). `{other}` in defaultBaseUrl is replaced
   * by the channel's `other` field (an account id).
   */
  apiPrefix?: string;
  /** The editor explains where the key comes from (`channels:keyHint.<key>`, zh and en). */
  keyHint?: true;
  /** Kept for old channels; the editor marks it legacy. */
  legacy?: true;
  /** What the relay may rely on beyond the family's chat API (absent: nothing more). */
  capabilities?: ChannelCapabilities;
}

export interface ChannelCapabilities {
  /** The upstream serves OpenAI's Responses API (`/v1/responses`), so Responses pass through. */
  responsesApi?: true;
  /** The upstream accepts `stream_options.include_usage` on chat streams. */
  streamUsage?: true;
  /** The upstream is spoken to in its own API rather than the family's (Ollama's /api/chat). */
  nativeApi?: 'ollama';
}

export const CHANNEL_TYPES: readonly ChannelTypeInfo[] = [...SPEC_TYPES, ...TODAY_PROVIDERS].sort(
  (a, b) => a.id - b.id,
);

const byId = new Map(CHANNEL_TYPES.map((type) => [type.id, type]));

export const channelTypeById = (id: number): ChannelTypeInfo | undefined => byId.get(id);
export const DEFAULT_CHANNEL_TYPE = 1;

/** `GET /api/models`: channel type id → the models the type offers by default. */
export function modelsByChannelType(): Record<string, string[]> {
  return Object.fromEntries(
    CHANNEL_TYPES.map((type) => [String(type.id), [...type.defaultModels]]),
  );
}

// The channel-type registry (spec §3): provider knowledge as data, used by the channel editor,
// the channel endpoints (default models, model fetching, balance) and the relay's adapter lookup.

export type AdapterFamily =
  | 'openai'
  | 'azure'
  | 'anthropic'
  | 'gemini'
  | 'midjourney'
  | 'suno'
  | 'other';

/** How a provider reports the account balance; absent when it has no balance endpoint. */
export type BalanceApi = 'openaiDashboard';

/** What the editor's `other` field means for a type (its label key under `channels:editor.other`). */
export type OtherFieldKind = 'apiVersion' | 'knowledgeBaseId' | 'plugin';

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

const OPENAI_MODELS = [
  'gpt-3.5-turbo',
  'gpt-3.5-turbo-0125',
  'gpt-3.5-turbo-16k',
  'gpt-3.5-turbo-instruct',
  'gpt-4',
  'gpt-4-32k',
  'gpt-4-turbo',
  'gpt-4o',
  'gpt-4o-2024-05-13',
  'gpt-4o-mini',
  'text-embedding-3-small',
  'text-embedding-3-large',
  'text-embedding-ada-002',
  'text-moderation-latest',
  'whisper-1',
  'tts-1',
  'tts-1-hd',
  'dall-e-2',
  'dall-e-3',
] as const;
const CLAUDE_MODELS = [
  'claude-3-haiku-20240307',
  'claude-3-sonnet-20240229',
  'claude-3-opus-20240229',
  'claude-3-5-sonnet-20240620',
] as const;
const MIDJOURNEY_MODELS = [
  'mj_imagine',
  'mj_variation',
  'mj_reroll',
  'mj_blend',
  'mj_upscale',
  'mj_describe',
  'mj_zoom',
  'mj_pan',
  'mj_modal',
] as const;

export const CHANNEL_TYPES: readonly ChannelTypeInfo[] = [
  {
    id: 1,
    key: 'openai',
    family: 'openai',
    defaultBaseUrl: 'https://api.openai.com',
    defaultModels: OPENAI_MODELS,
    fetchModels: true,
    organization: true,
    balance: 'openaiDashboard',
    capabilities: { responsesApi: true, streamUsage: true },
  },
  { id: 2, key: 'midjourneyProxy', family: 'midjourney', defaultModels: MIDJOURNEY_MODELS },
  {
    id: 3,
    key: 'azure',
    family: 'azure',
    defaultOther: '2023-06-01-preview',
    otherField: 'apiVersion',
    defaultModels: ['gpt-35-turbo', 'gpt-4', 'gpt-4o', 'text-embedding-ada-002'],
    capabilities: { responsesApi: true },
  },
  {
    id: 4,
    key: 'ollama',
    family: 'openai',
    defaultBaseUrl: 'http://localhost:11434',
    defaultModels: ['llama3', 'qwen2', 'mistral'],
    capabilities: { nativeApi: 'ollama' },
  },
  {
    id: 5,
    key: 'midjourneyProxyPlus',
    family: 'midjourney',
    defaultModels: [...MIDJOURNEY_MODELS, 'mj_custom_zoom', 'swap_face'],
  },
  {
    id: 8,
    key: 'custom',
    family: 'openai',
    defaultModels: OPENAI_MODELS,
    balance: 'openaiDashboard',
  },
  { id: 11, key: 'palm', family: 'other', defaultModels: ['PaLM-2'] },
  {
    id: 14,
    key: 'anthropic',
    family: 'anthropic',
    defaultBaseUrl: 'https://api.anthropic.com',
    defaultModels: CLAUDE_MODELS,
  },
  {
    id: 15,
    key: 'baidu',
    family: 'other',
    keyFormat: 'APIKey|SecretKey',
    defaultModels: [
      'ERNIE-4.0-8K',
      'ERNIE-3.5-8K',
      'ERNIE-Speed-8K',
      'ERNIE-Lite-8K',
      'Embedding-V1',
    ],
  },
  {
    id: 16,
    key: 'zhipu',
    family: 'other',
    defaultModels: ['chatglm_turbo', 'chatglm_pro', 'chatglm_std', 'chatglm_lite'],
  },
  {
    id: 17,
    key: 'ali',
    family: 'other',
    otherField: 'plugin',
    defaultModels: ['qwen-turbo', 'qwen-plus', 'qwen-max', 'text-embedding-v1'],
  },
  {
    id: 18,
    key: 'xunfei',
    family: 'other',
    keyFormat: 'APPID|APISecret|APIKey',
    defaultOther: 'v2.1',
    otherField: 'apiVersion',
    defaultModels: ['SparkDesk-v1.1', 'SparkDesk-v2.1', 'SparkDesk-v3.1', 'SparkDesk-v3.5'],
  },
  {
    id: 19,
    key: 'ai360',
    family: 'openai',
    defaultModels: ['360GPT_S2_V9', 'embedding-bert-512-v1', 'embedding_s1_v1'],
  },
  {
    id: 21,
    key: 'fastgpt',
    family: 'other',
    otherField: 'knowledgeBaseId',
    defaultModels: ['gpt-3.5-turbo'],
  },
  {
    id: 22,
    key: 'fastgptWorkflow',
    family: 'other',
    keyFormat: 'APIKey-AppId',
    defaultModels: ['fastgpt-workflow'],
  },
  {
    id: 23,
    key: 'tencent',
    family: 'other',
    keyFormat: 'AppId|SecretId|SecretKey',
    defaultModels: ['hunyuan-lite', 'hunyuan-standard', 'hunyuan-pro'],
  },
  {
    id: 24,
    key: 'gemini',
    family: 'gemini',
    defaultBaseUrl: 'https://generativelanguage.googleapis.com',
    otherField: 'apiVersion',
    defaultModels: ['gemini-pro', 'gemini-1.5-pro', 'gemini-1.5-flash'],
  },
  {
    id: 25,
    key: 'moonshot',
    family: 'openai',
    defaultBaseUrl: 'https://api.moonshot.cn',
    defaultModels: ['moonshot-v1-8k', 'moonshot-v1-32k', 'moonshot-v1-128k'],
  },
  { id: 26, key: 'zhipuV4', family: 'other', defaultModels: ['glm-4', 'glm-4v', 'glm-3-turbo'] },
  {
    id: 31,
    key: 'lingyi',
    family: 'openai',
    defaultBaseUrl: 'https://api.lingyiwanwu.com',
    defaultModels: ['yi-34b-chat-0205', 'yi-34b-chat-200k', 'yi-vl-plus'],
  },
  {
    id: 33,
    key: 'awsClaude',
    family: 'other',
    keyFormat: 'Ak|Sk|Region',
    defaultModels: CLAUDE_MODELS,
  },
  { id: 34, key: 'cohere', family: 'other', defaultModels: ['command-r', 'command-r-plus'] },
  {
    id: 35,
    key: 'minimax',
    family: 'openai',
    defaultModels: ['abab6.5-chat', 'abab6.5s-chat', 'abab5.5-chat'],
  },
  { id: 36, key: 'suno', family: 'suno', defaultModels: ['suno_music', 'suno_lyrics'] },
];

const byId = new Map(CHANNEL_TYPES.map((type) => [type.id, type]));

export const channelTypeById = (id: number): ChannelTypeInfo | undefined => byId.get(id);
export const DEFAULT_CHANNEL_TYPE = 1;

/** `GET /api/models`: channel type id → the models the type offers by default. */
export function modelsByChannelType(): Record<string, string[]> {
  return Object.fromEntries(
    CHANNEL_TYPES.map((type) => [String(type.id), [...type.defaultModels]]),
  );
}

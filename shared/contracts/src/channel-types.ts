// The channel-type registry (spec §3): provider knowledge as data, used by the channel editor
// and the relay's adapter lookup.

export type AdapterFamily =
  | 'openai'
  | 'azure'
  | 'anthropic'
  | 'gemini'
  | 'midjourney'
  | 'suno'
  | 'other';

export interface ChannelTypeInfo {
  id: number;
  /** i18n key suffix under `contracts:channelType.` and a stable machine name. */
  key: string;
  family: AdapterFamily;
  /** Key format hint shown in the editor when the provider wants a composite key. */
  keyFormat?: string;
  /** Default for the channel's `other` field. */
  defaultOther?: string;
  defaultBaseUrl?: string;
}

export const CHANNEL_TYPES: readonly ChannelTypeInfo[] = [
  { id: 1, key: 'openai', family: 'openai', defaultBaseUrl: 'https://api.openai.com' },
  { id: 2, key: 'midjourneyProxy', family: 'midjourney' },
  { id: 3, key: 'azure', family: 'azure', defaultOther: '2023-06-01-preview' },
  { id: 4, key: 'ollama', family: 'openai', defaultBaseUrl: 'http://localhost:11434' },
  { id: 5, key: 'midjourneyProxyPlus', family: 'midjourney' },
  { id: 8, key: 'custom', family: 'openai' },
  { id: 11, key: 'palm', family: 'other' },
  { id: 14, key: 'anthropic', family: 'anthropic', defaultBaseUrl: 'https://api.anthropic.com' },
  { id: 15, key: 'baidu', family: 'other', keyFormat: 'APIKey|SecretKey' },
  { id: 16, key: 'zhipu', family: 'other' },
  { id: 17, key: 'ali', family: 'other' },
  {
    id: 18,
    key: 'xunfei',
    family: 'other',
    keyFormat: 'APPID|APISecret|APIKey',
    defaultOther: 'v2.1',
  },
  { id: 19, key: 'ai360', family: 'openai' },
  { id: 21, key: 'fastgpt', family: 'other' },
  { id: 22, key: 'fastgptWorkflow', family: 'other', keyFormat: 'APIKey-AppId' },
  { id: 23, key: 'tencent', family: 'other', keyFormat: 'AppId|SecretId|SecretKey' },
  {
    id: 24,
    key: 'gemini',
    family: 'gemini',
    defaultBaseUrl: 'https://generativelanguage.googleapis.com',
  },
  { id: 25, key: 'moonshot', family: 'openai', defaultBaseUrl: 'https://api.moonshot.cn' },
  { id: 26, key: 'zhipuV4', family: 'other' },
  { id: 31, key: 'lingyi', family: 'openai', defaultBaseUrl: 'https://api.lingyiwanwu.com' },
  { id: 33, key: 'awsClaude', family: 'other', keyFormat: 'Ak|Sk|Region' },
  { id: 34, key: 'cohere', family: 'other' },
  { id: 35, key: 'minimax', family: 'openai' },
  { id: 36, key: 'suno', family: 'suno' },
];

const byId = new Map(CHANNEL_TYPES.map((type) => [type.id, type]));

export const channelTypeById = (id: number): ChannelTypeInfo | undefined => byId.get(id);
export const DEFAULT_CHANNEL_TYPE = 1;

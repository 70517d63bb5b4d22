// Adapter lookup by channel type, through the channel-type registry: its adapter family, its
// native API (Ollama) and its `streamUsage` capability. No type ids here: the registry decides.
import { type AdapterFamily, channelTypeById } from '@switchyard/contracts';
import type { PolicyFamily } from '../canonical/param-policy';
import { AiProxyLibraryAdapter } from './aiproxy-library';
import { AnthropicAdapter } from './anthropic';
import { AzureAdapter } from './azure';
import { BaiduAdapter } from './baidu';
import { BedrockAdapter } from './bedrock';
import { CohereAdapter } from './cohere';
import { DashScopeAdapter } from './dashscope';
import { FastGptAdapter } from './fastgpt';
import { GeminiAdapter } from './gemini';
import { HunyuanAdapter } from './hunyuan';
import { OllamaAdapter } from './ollama';
import { OpenAiCompatibleAdapter } from './openai-compatible';
import { PalmAdapter } from './palm';
import { SparkAdapter } from './spark';
import type { ProviderAdapter } from './types';
import { ZhipuAdapter } from './zhipu';
import { ZhipuV4Adapter } from './zhipu-v4';

/** Asks for stream usage (stream_options) where the registry says the provider knows it. */
const openAiWithUsage = new OpenAiCompatibleAdapter({ streamUsage: true });
/** Other OpenAI-shaped providers: usage is counted when a stream lacks it. */
const openAiCompatible = new OpenAiCompatibleAdapter({ streamUsage: false });
/** The local model runner is spoken to in its native API. */
const ollama = new OllamaAdapter();

const BY_FAMILY: Partial<Record<AdapterFamily, ProviderAdapter>> = {
  azure: new AzureAdapter(),
  anthropic: new AnthropicAdapter(),
  gemini: new GeminiAdapter(),
  palm: new PalmAdapter(),
  baidu: new BaiduAdapter(),
  zhipu: new ZhipuAdapter(),
  zhipuV4: new ZhipuV4Adapter(),
  dashscope: new DashScopeAdapter(),
  spark: new SparkAdapter(),
  aiproxyLibrary: new AiProxyLibraryAdapter(),
  fastgpt: new FastGptAdapter(),
  hunyuan: new HunyuanAdapter(),
  bedrock: new BedrockAdapter(),
  cohere: new CohereAdapter(),
};

/** The column of the parameter policy a channel type's requests are ruled by, if any. */
export function policyFamilyOf(channelType: number): PolicyFamily | undefined {
  const type = channelTypeById(channelType);
  if (!type || type.capabilities?.nativeApi) return undefined;
  if (type.family === 'openai' || type.family === 'azure') return 'openai';
  if (type.family === 'anthropic' || type.family === 'gemini') return type.family;
  return undefined;
}

/** The adapter for a channel type, or undefined when the relay cannot talk to it. */
export function adapterFor(channelType: number): ProviderAdapter | undefined {
  const type = channelTypeById(channelType);
  if (!type) return undefined;
  if (type.capabilities?.nativeApi === 'ollama') return ollama;
  if (type.family === 'openai') {
    return type.capabilities?.streamUsage ? openAiWithUsage : openAiCompatible;
  }
  return BY_FAMILY[type.family];
}

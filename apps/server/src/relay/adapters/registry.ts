// Adapter lookup by channel type, through the channel-type registry's adapter family.
import { channelTypeById } from '@switchyard/contracts';
import { AnthropicAdapter } from './anthropic';
import { AzureAdapter } from './azure';
import { GeminiAdapter } from './gemini';
import { OllamaAdapter } from './ollama';
import { OpenAiAdapter } from './openai';
import type { ProviderAdapter } from './types';

const openAi = new OpenAiAdapter({ streamUsage: true });
/** OpenAI-shaped providers may not know stream_options: usage is counted when a stream lacks it. */
const openAiCompatible = new OpenAiAdapter({ streamUsage: false });
const azure = new AzureAdapter();
const anthropic = new AnthropicAdapter();
const gemini = new GeminiAdapter();
/** The local model runner is spoken to in its native API. */
const ollama = new OllamaAdapter();

/** The adapter for a channel type, or undefined when the relay cannot talk to it. */
export function adapterFor(channelType: number): ProviderAdapter | undefined {
  const info = channelTypeById(channelType);
  if (info?.capabilities?.nativeApi === 'ollama') return ollama;
  switch (info?.family) {
    case 'openai':
      return info.capabilities?.streamUsage ? openAi : openAiCompatible;
    case 'azure':
      return azure;
    case 'anthropic':
      return anthropic;
    case 'gemini':
      return gemini;
    default:
      return undefined;
  }
}

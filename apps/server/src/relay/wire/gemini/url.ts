// A Gemini model action's URL on a channel, for the adapter and the native Gemini routes.
import { baseUrlOf, type ChannelTarget } from '../channel';
import { GEMINI_DEFAULT_VERSION } from './wire';

/** A Gemini model action URL on a channel (`generateContent`, `streamGenerateContent`…). */
export function geminiUrl(ctx: { channel: ChannelTarget; model: string }, action: string): URL {
  const version = ctx.channel.other || GEMINI_DEFAULT_VERSION;
  const model = encodeURIComponent(ctx.model);
  const url = new URL(`${baseUrlOf(ctx.channel)}/${version}/models/${model}:${action}`);
  if (action === 'streamGenerateContent') url.searchParams.set('alt', 'sse');
  return url;
}

// Today's OpenAI-shaped providers (DeepSeek, OpenRouter, Volcengine Ark, Cloudflare Workers AI…):
// OpenAI's protocol under the type's own path prefix (registry `apiPrefix`), stream usage asked
// for where the registry says the provider understands stream_options.
import { channelTypeById } from '@switchyard/contracts';
import { OPENAI_PATHS, OpenAiAdapter } from '../openai';
import type { AdapterContext } from '../types';
import { trimBase } from '../types';

/** The channel's base URL (else the type's, with `{other}` filled in) and the type's prefix. */
export function compatibleUrl(ctx: AdapterContext): URL {
  const type = channelTypeById(ctx.channel.type);
  const base = trimBase(
    ctx.channel.base_url ||
      (type?.defaultBaseUrl ?? '').replace('{other}', ctx.channel.other ?? ''),
  );
  const path = OPENAI_PATHS[ctx.mode].replace(/^\/v1/, type?.apiPrefix ?? '/v1');
  return new URL(base + path);
}

export class OpenAiCompatibleAdapter extends OpenAiAdapter {
  protected override url(ctx: AdapterContext): URL {
    return compatibleUrl(ctx);
  }
}

// Azure OpenAI (type 3): the deployment is the model name without dots, the API version comes
// from the channel's `other` field, the key goes in `api-key`.

import { AZURE_DEFAULT_API_VERSION } from '../../wire/azure';
import { OPENAI_PATHS, OpenAiAdapter } from '../openai';
import type { AdapterContext } from '../types';
import { trimBase } from '../types';

export { AZURE_DEFAULT_API_VERSION };

export class AzureAdapter extends OpenAiAdapter {
  constructor() {
    // Older API versions reject stream_options; usage is counted when a stream has none.
    super({ streamUsage: false });
  }

  protected override url(ctx: AdapterContext): URL {
    const deployment = encodeURIComponent(ctx.model.replaceAll('.', ''));
    const path = OPENAI_PATHS[ctx.mode].replace(/^\/v1/, '');
    const url = new URL(
      `${trimBase(ctx.channel.base_url ?? '')}/openai/deployments/${deployment}${path}`,
    );
    url.searchParams.set('api-version', ctx.channel.other || AZURE_DEFAULT_API_VERSION);
    return url;
  }

  protected override headers(ctx: AdapterContext): Record<string, string> {
    return { 'content-type': 'application/json', 'api-key': ctx.channel.key };
  }
}

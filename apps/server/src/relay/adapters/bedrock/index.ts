// AWS Bedrock, Claude models (type 33): `Ak|Sk|Region` credentials for the official Bedrock
// Runtime client (SigV4 and the event-stream framing are the SDK's job). The request body is
// Anthropic's Messages body for Bedrock; the reply and stream events are Anthropic's, so the
// Anthropic adapter translates them. The channel's base URL, when set, is the endpoint.
// The SDK is loaded on the first Bedrock request, not at start: it is ~7 MB of resident memory
// an idle server (or one without a Bedrock channel) never needs (issue 16).
import type { IncomingMessage } from 'node:http';
import type { BedrockRuntimeClient } from '@aws-sdk/client-bedrock-runtime';
import { type UpstreamCancel, UpstreamNetworkError } from '../../transport/upstream';
import { AnthropicAdapter, toAnthropicBody } from '../anthropic';
import { errorResponse, jsonResponse, keyParts, syntheticResponse } from '../transport';
import type { AdapterContext, ProviderAdapter, RelayMode } from '../types';
import { trimBase } from '../types';

export const BEDROCK_ANTHROPIC_VERSION = 'bedrock-2023-05-31';

/** The registry's Claude names → Bedrock model ids. */
const MODEL_IDS: Record<string, string> = {
  'claude-3-haiku-20240307': 'anthropic.claude-3-haiku-20240307-v1:0',
  'claude-3-sonnet-20240229': 'anthropic.claude-3-sonnet-20240229-v1:0',
  'claude-3-opus-20240229': 'anthropic.claude-3-opus-20240229-v1:0',
  'claude-3-5-sonnet-20240620': 'anthropic.claude-3-5-sonnet-20240620-v1:0',
};

export const bedrockModelId = (model: string): string =>
  MODEL_IDS[model] ?? (model.includes('.') ? model : `anthropic.${model}-v1:0`);

/** Exceptions that mean the credentials are wrong or not allowed: they feed auto-disable. */
const AUTH_EXCEPTIONS = new Set([
  'UnrecognizedClientException',
  'InvalidSignatureException',
  'AccessDeniedException',
  'ExpiredTokenException',
  'IncompleteSignatureException',
]);

interface SdkError {
  name?: string;
  message?: string;
  $metadata?: { httpStatusCode?: number };
}

function sdkFailure(error: unknown): IncomingMessage {
  const failure = error as SdkError;
  const status = failure.$metadata?.httpStatusCode;
  if (!status) throw new UpstreamNetworkError(failure.message ?? String(error));
  const name = failure.name ?? 'BedrockError';
  const type = AUTH_EXCEPTIONS.has(name) ? 'authentication_error' : undefined;
  return errorResponse(status, failure.message ?? name, name, type);
}

type BedrockSdk = typeof import('@aws-sdk/client-bedrock-runtime');
type HttpHandlerModule = typeof import('@smithy/node-http-handler');

let sdk: Promise<[BedrockSdk, HttpHandlerModule]> | undefined;

/** The AWS SDK modules, imported once on first use; a failed import is retried next time. */
function loadSdk(): Promise<[BedrockSdk, HttpHandlerModule]> {
  sdk ??= Promise.all([
    import('@aws-sdk/client-bedrock-runtime'),
    import('@smithy/node-http-handler'),
  ]).catch((error: unknown) => {
    sdk = undefined;
    throw error;
  });
  return sdk;
}

export class BedrockAdapter implements ProviderAdapter {
  private readonly anthropic = new AnthropicAdapter();
  private readonly clients = new Map<string, BedrockRuntimeClient>();

  supports(mode: RelayMode): boolean {
    return mode === 'chat';
  }

  request(): never {
    throw new Error('Bedrock requests are sent through the AWS SDK by send()');
  }

  /** One client per credentials and endpoint (it keeps its connections). */
  private client(
    ctx: AdapterContext,
    { BedrockRuntimeClient }: BedrockSdk,
    { NodeHttpHandler }: HttpHandlerModule,
  ): BedrockRuntimeClient {
    const endpoint = ctx.channel.base_url ? trimBase(ctx.channel.base_url) : '';
    const id = `${ctx.channel.key}\n${endpoint}`;
    let client = this.clients.get(id);
    if (!client) {
      const [accessKeyId = '', secretAccessKey = '', region = 'us-east-1'] = keyParts(
        ctx.channel.key,
        '|',
        3,
      );
      client = new BedrockRuntimeClient({
        region: region || 'us-east-1',
        credentials: { accessKeyId, secretAccessKey },
        ...(endpoint ? { endpoint } : {}),
        // The relay retries on other channels itself.
        maxAttempts: 1,
        // InvokeModel speaks HTTP/1.1; the client's default HTTP/2 handler is only needed for
        // bidirectional streams, and a base URL override may point at an HTTP/1.1-only proxy.
        requestHandler: new NodeHttpHandler(),
      });
      this.clients.set(id, client);
    }
    return client;
  }

  body(ctx: AdapterContext): string {
    const { model: _model, stream: _stream, ...body } = toAnthropicBody(ctx);
    return JSON.stringify({ ...body, anthropic_version: BEDROCK_ANTHROPIC_VERSION });
  }

  async send(ctx: AdapterContext, cancel: UpstreamCancel): Promise<IncomingMessage> {
    const abort = new AbortController();
    cancel.attach({ destroy: () => abort.abort() });
    const input = {
      modelId: bedrockModelId(ctx.model),
      contentType: 'application/json',
      accept: 'application/json',
      body: this.body(ctx),
    };
    const [bedrock, http] = await loadSdk();
    const { InvokeModelCommand, InvokeModelWithResponseStreamCommand } = bedrock;
    const client = this.client(ctx, bedrock, http);
    try {
      if (!ctx.stream) {
        const output = await client.send(new InvokeModelCommand(input), {
          abortSignal: abort.signal,
        });
        return jsonResponse(200, Buffer.from(output.body).toString('utf8'));
      }
      const output = await client.send(new InvokeModelWithResponseStreamCommand(input), {
        abortSignal: abort.signal,
      });
      const writer = syntheticResponse(200, 'text/event-stream', () => abort.abort());
      void (async () => {
        try {
          for await (const part of output.body ?? []) {
            if (!part.chunk?.bytes) continue;
            const data = Buffer.from(part.chunk.bytes).toString('utf8');
            const type = (JSON.parse(data) as { type?: string }).type ?? '';
            writer.write(`event: ${type}\ndata: ${data}\n\n`);
          }
          writer.end();
        } catch (error) {
          writer.fail(error as Error);
        }
      })();
      return writer.response;
    } catch (error) {
      return sdkFailure(error);
    }
  }

  reply(ctx: AdapterContext, raw: Buffer) {
    return this.anthropic.reply(ctx, raw);
  }

  stream(ctx: AdapterContext) {
    return this.anthropic.stream(ctx);
  }
}

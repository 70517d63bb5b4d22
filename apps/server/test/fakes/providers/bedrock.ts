// AWS Bedrock Runtime InvokeModel / InvokeModelWithResponseStream for Claude: recomputes the
// SigV4 signature (@smithy/signature-v4 over the signed headers) with the secret of the access
// key, refusing like AWS (403 with x-amzn-ErrorType), and answers in Anthropic's format; the
// stream is application/vnd.amazon.eventstream (chunk events with base64 bytes).
import { createHash, createHmac } from 'node:crypto';
import type { ServerResponse } from 'node:http';
import { EventStreamCodec } from '@smithy/eventstream-codec';
import { SignatureV4 } from '@smithy/signature-v4';
import { CREDENTIALS } from './credentials';
import type { FakeCall, Route } from './provider-fake';
import { COMPLETION_TOKENS, PROMPT_TOKENS, REPLY_PIECES, REPLY_TEXT, sendJson } from './wire';

const bytes = (data: string | ArrayBuffer | ArrayBufferView): string | Uint8Array =>
  typeof data === 'string'
    ? data
    : ArrayBuffer.isView(data)
      ? new Uint8Array(data.buffer, data.byteOffset, data.byteLength)
      : new Uint8Array(data);

/** node:crypto as the Checksum the signer wants. */
class Sha256 {
  private readonly hash;
  constructor(secret?: string | ArrayBuffer | ArrayBufferView) {
    this.hash = secret ? createHmac('sha256', bytes(secret)) : createHash('sha256');
  }
  update(data: string | ArrayBuffer | ArrayBufferView): void {
    this.hash.update(bytes(data));
  }
  async digest(): Promise<Uint8Array> {
    return new Uint8Array(this.hash.digest());
  }
  reset(): void {}
}

const codec = new EventStreamCodec(
  (bytes) => Buffer.from(bytes).toString('utf8'),
  (text) => new Uint8Array(Buffer.from(text, 'utf8')),
);

function refuse(res: ServerResponse, type: string, message: string): true {
  return sendJson(
    res,
    403,
    { message },
    { 'x-amzn-errortype': `${type}:http://internal.amazon.com/coral/com.amazon.coral.service/` },
  );
}

async function signatureValid(
  call: FakeCall,
  region: string,
  accessKeyId: string,
): Promise<boolean> {
  const auth = String(call.headers.authorization ?? '');
  const signed = /SignedHeaders=([^,]+)/.exec(auth)?.[1]?.split(';') ?? [];
  const amzDate = String(call.headers['x-amz-date'] ?? '');
  const signingDate = new Date(
    `${amzDate.slice(0, 4)}-${amzDate.slice(4, 6)}-${amzDate.slice(6, 8)}T${amzDate.slice(9, 11)}:${amzDate.slice(11, 13)}:${amzDate.slice(13, 15)}Z`,
  );
  const headers = Object.fromEntries(
    signed.map((name) => [name, String(call.headers[name] ?? '')]),
  );
  const signer = new SignatureV4({
    service: 'bedrock',
    region,
    credentials: { accessKeyId, secretAccessKey: CREDENTIALS.bedrock.secretAccessKey },
    sha256: Sha256,
  });
  const [hostname = '', port] = String(call.headers.host ?? '').split(':');
  const request = await signer.sign(
    {
      method: call.method,
      protocol: 'http:',
      hostname,
      ...(port ? { port: Number(port) } : {}),
      path: call.path,
      query: {},
      headers,
      body: call.raw.toString('utf8'),
    },
    { signingDate },
  );
  return request.headers.authorization === auth;
}

const usage = { input_tokens: PROMPT_TOKENS, output_tokens: COMPLETION_TOKENS };

function streamEvents(model: string): unknown[] {
  return [
    {
      type: 'message_start',
      message: {
        id: 'msg_1',
        type: 'message',
        role: 'assistant',
        model,
        content: [],
        stop_reason: null,
        usage: { input_tokens: PROMPT_TOKENS, output_tokens: 1 },
      },
    },
    { type: 'content_block_start', index: 0, content_block: { type: 'text', text: '' } },
    ...REPLY_PIECES.map((text) => ({
      type: 'content_block_delta',
      index: 0,
      delta: { type: 'text_delta', text },
    })),
    { type: 'content_block_stop', index: 0 },
    {
      type: 'message_delta',
      delta: { stop_reason: 'end_turn', stop_sequence: null },
      usage: { output_tokens: COMPLETION_TOKENS },
    },
    {
      type: 'message_stop',
      'amazon-bedrock-invocationMetrics': {
        inputTokenCount: PROMPT_TOKENS,
        outputTokenCount: COMPLETION_TOKENS,
      },
    },
  ];
}

export const bedrockRoutes: Route = async (call, res) => {
  const match = /^\/model\/([^/]+)\/(invoke|invoke-with-response-stream)$/.exec(call.path);
  if (!match) return false;
  const credential = /Credential=([^/]+)\/\d{8}\/([^/]+)\/bedrock\/aws4_request/.exec(
    String(call.headers.authorization ?? ''),
  );
  if (!credential || credential[1] !== CREDENTIALS.bedrock.accessKeyId) {
    return refuse(
      res,
      'UnrecognizedClientException',
      'The security token included in the request is invalid.',
    );
  }
  if (!(await signatureValid(call, credential[2] ?? '', credential[1]))) {
    return refuse(
      res,
      'InvalidSignatureException',
      'The request signature we calculated does not match the signature you provided. Check your AWS Secret Access Key and signing method. Consult the service documentation for details.',
    );
  }
  const model = decodeURIComponent(match[1] ?? '');
  if (call.body?.anthropic_version !== 'bedrock-2023-05-31') {
    return sendJson(
      res,
      400,
      { message: 'Malformed input request: anthropic_version is required' },
      { 'x-amzn-errortype': 'ValidationException:' },
    );
  }
  if (match[2] === 'invoke') {
    return sendJson(res, 200, {
      id: 'msg_1',
      type: 'message',
      role: 'assistant',
      model,
      content: [{ type: 'text', text: REPLY_TEXT }],
      stop_reason: 'end_turn',
      stop_sequence: null,
      usage,
    });
  }
  res.writeHead(200, {
    'content-type': 'application/vnd.amazon.eventstream',
    'x-amzn-bedrock-content-type': 'application/json',
  });
  for (const event of streamEvents(model)) {
    const bytes = Buffer.from(JSON.stringify(event)).toString('base64');
    res.write(
      codec.encode({
        headers: {
          ':event-type': { type: 'string', value: 'chunk' },
          ':content-type': { type: 'string', value: 'application/json' },
          ':message-type': { type: 'string', value: 'event' },
        },
        body: new Uint8Array(Buffer.from(JSON.stringify({ bytes }))),
      }),
    );
  }
  res.end();
  return true;
};

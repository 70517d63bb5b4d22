// OpenAI (type 1) and every OpenAI-shaped provider (custom, local runner, long-context, startup…):
// requests pass through with the mapped model; replies are read only for usage.

import { hasUsageObject, readChunk } from '../../canonical/chunk-reader';
import { ReplyText } from '../../canonical/reply-text';
import type { ChatUsage, ChunkChoices } from '../../canonical/types';
import type { Usage } from '../../canonical/usage';
import { usageOfChat } from '../../canonical/usage';
import type { SseEvent } from '../../transport/sse';
import type {
  AdapterContext,
  ConvertedReply,
  ProviderAdapter,
  RelayMode,
  StreamTranslator,
} from '../types';
import { baseUrlOf, chatBody } from '../types';
import { toOpenAiChat } from './chat-body';

export const OPENAI_PATHS: Record<RelayMode, string> = {
  chat: '/v1/chat/completions',
  completions: '/v1/completions',
  embeddings: '/v1/embeddings',
  images: '/v1/images/generations',
  speech: '/v1/audio/speech',
  transcriptions: '/v1/audio/transcriptions',
  translations: '/v1/audio/translations',
  moderations: '/v1/moderations',
  rerank: '/v1/rerank',
};

type OpenAiUsage = Partial<ChatUsage>;

interface OpenAiChoice {
  text?: string;
  message?: { content?: unknown; tool_calls?: ToolCall[] };
  delta?: { content?: unknown; tool_calls?: ToolCall[] };
}

interface ToolCall {
  function?: { name?: string; arguments?: string };
}

interface OpenAiReply {
  usage?: OpenAiUsage | null;
  choices?: OpenAiChoice[];
  /** Transcriptions and translations. */
  text?: string;
}

/** Usage in OpenAI's fields (cached and reasoning details included); all-zero counts as none. */
export const usageOf = (raw: OpenAiUsage | null | undefined): Usage | undefined => usageOfChat(raw);

const toolText = (calls: ToolCall[] | undefined): string =>
  (calls ?? [])
    .map((call) => `${call.function?.name ?? ''}${call.function?.arguments ?? ''}`)
    .join('');

function choiceText(choice: OpenAiChoice): string {
  const part = choice.delta ?? choice.message;
  const content = typeof part?.content === 'string' ? part.content : '';
  return (choice.text ?? '') + content + toolText(part?.tool_calls);
}

/** Parses a chunk; undefined for a payload that is not JSON. */
function parseChunk(data: string): OpenAiReply | undefined {
  try {
    return JSON.parse(data) as OpenAiReply;
  } catch {
    return undefined;
  }
}

/** A kept chunk's choices, for its text; none for a payload that is not JSON. */
function choicesOf(data: string): OpenAiChoice[] {
  try {
    return readChunk(data).choices ?? [];
  } catch {
    return [];
  }
}

/** Characters of chunks kept unparsed before they are counted (per stream). */
const UNPARSED_BATCH = 8192;

/**
 * Passes chunks through untouched. Only a chunk that carries usage is parsed on the way; the
 * others are kept as text and parsed for their content only if the reply ends without usage
 * (the common case, usage at the end, costs no parsing per chunk) or once a batch of them is
 * held, unless the renderer parsed them already (`parsed`).
 */
class OpenAiStream implements StreamTranslator {
  usage: Usage | undefined;
  finished = false;
  private readonly unparsed: string[] = [];
  private unparsedChars = 0;
  private readonly counted = new ReplyText();

  constructor(private readonly includeUsage: boolean) {}

  get text(): ReplyText {
    this.countUnparsed();
    return this.counted;
  }

  /** The kept chunks' text into the count (bounded), and the chunks let go. */
  private countUnparsed(): void {
    for (const data of this.unparsed) {
      for (const choice of choicesOf(data)) this.counted.add(choiceText(choice));
    }
    this.unparsed.length = 0;
    this.unparsedChars = 0;
  }

  /** The chunk push() just kept unparsed, parsed by the renderer: counted now, not again. */
  parsed(payload: string, chunk: ChunkChoices): void {
    if (this.unparsed.length !== 1 || this.unparsed[0] !== payload) return;
    this.unparsed.length = 0;
    this.unparsedChars = 0;
    for (const choice of chunk.choices ?? []) this.counted.add(choiceText(choice));
  }

  push(event: SseEvent): string[] {
    if (event.data === '[DONE]') {
      this.finished = true;
      return [];
    }
    if (!hasUsageObject(event.data)) {
      // A long stream is counted as it goes, so no more than a batch of chunks is held.
      if (this.unparsedChars >= UNPARSED_BATCH) this.countUnparsed();
      this.unparsed.push(event.data);
      this.unparsedChars += event.data.length;
      return [event.data];
    }
    const chunk = parseChunk(event.data);
    if (!chunk) return [event.data];
    for (const choice of chunk.choices ?? []) this.counted.add(choiceText(choice));
    const usage = usageOf(chunk.usage);
    if (usage) {
      this.usage = usage;
      this.unparsed.length = 0;
      this.unparsedChars = 0;
      // A usage-only chunk the gateway asked for on the client's behalf is not passed on.
      if (!this.includeUsage && (chunk.choices?.length ?? 0) === 0) return [];
    }
    return [event.data];
  }
}

export interface OpenAiOptions {
  /** The provider accepts stream_options, so usage is always asked for on streams. */
  streamUsage: boolean;
}

export class OpenAiAdapter implements ProviderAdapter {
  constructor(private readonly options: OpenAiOptions) {}

  supports(): boolean {
    return true;
  }

  protected url(ctx: AdapterContext): URL {
    return new URL(baseUrlOf(ctx.channel) + OPENAI_PATHS[ctx.mode]);
  }

  protected headers(ctx: AdapterContext): Record<string, string> {
    const headers: Record<string, string> = {
      'content-type': 'application/json',
      authorization: `Bearer ${ctx.channel.key}`,
    };
    if (ctx.channel.openai_organization) {
      headers['openai-organization'] = ctx.channel.openai_organization;
    }
    return headers;
  }

  request(ctx: AdapterContext) {
    if (ctx.multipart) {
      const headers = { ...this.headers(ctx), 'content-type': ctx.multipart.contentType };
      return { url: this.url(ctx), headers, body: ctx.multipart.data };
    }
    const body = ctx.translated ? toOpenAiChat(chatBody(ctx)) : { ...ctx.body };
    // Usage is asked for where the provider understands stream_options; elsewhere it is counted.
    if (ctx.stream && this.options.streamUsage) body.stream_options = { include_usage: true };
    else delete body.stream_options;
    return { url: this.url(ctx), headers: this.headers(ctx), body: JSON.stringify(body) };
  }

  reply(_ctx: AdapterContext, raw: Buffer, contentType: string): ConvertedReply {
    if (!contentType.includes('json')) {
      // Audio comes back as bytes; transcripts in text, srt or vtt are counted as text.
      const text = contentType.startsWith('text/') ? raw.toString('utf8') : '';
      return { body: raw, contentType, usage: undefined, text };
    }
    let parsed: OpenAiReply = {};
    try {
      parsed = JSON.parse(raw.toString('utf8')) as OpenAiReply;
    } catch {
      parsed = {};
    }
    const usage = usageOf(parsed.usage);
    // The text is only counted when the reply gives no usage.
    const text = usage ? '' : (parsed.choices ?? []).map(choiceText).join('') + (parsed.text ?? '');
    return { body: raw, contentType, usage, text };
  }

  stream(ctx: AdapterContext): StreamTranslator {
    return new OpenAiStream(ctx.includeUsage);
  }
}

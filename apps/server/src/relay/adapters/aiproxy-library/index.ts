// AI Proxy knowledge base (type 21): POST /api/library/ask with the channel key in Api-Key and
// the library id from the channel's `other`; the last user message is the query. The answer's
// source documents are appended as a reference list.
import type { IncomingMessage } from 'node:http';
import type { SseEvent } from '../../transport/sse';
import { sendUpstream, type UpstreamCancel } from '../../transport/upstream';
import { completionOf, eventJson, PieceStream, plainMessages } from '../chat-pieces';
import { countedUsage, withCountedUsage } from '../counted-usage';
import { parseJson } from '../transport';
import type { AdapterContext, ConvertedReply, ProviderAdapter, RelayMode } from '../types';
import { baseUrlOf, chatBody } from '../types';

interface LibraryDocument {
  title?: string;
  url?: string;
}

interface LibraryReply {
  success?: boolean;
  answer?: string;
  documents?: LibraryDocument[];
  errCode?: number;
  errMsg?: string;
}

interface LibraryStreamEvent {
  content?: string;
  finish?: boolean;
  documents?: LibraryDocument[];
}

function references(documents: LibraryDocument[] | undefined): string {
  if (!documents || documents.length === 0) return '';
  const lines = documents.map(
    (doc, index) => `${index + 1}. [${doc.title ?? ''}](${doc.url ?? ''})`,
  );
  return `\n\n${lines.join('\n')}`;
}

const answerOf = (reply: Partial<LibraryReply>): string =>
  (reply.answer ?? '') + references(reply.documents);

export class AiProxyLibraryAdapter implements ProviderAdapter {
  supports(mode: RelayMode): boolean {
    return mode === 'chat';
  }

  request(ctx: AdapterContext) {
    const query = plainMessages(chatBody(ctx))
      .filter((message) => message.role === 'user')
      .at(-1)?.content;
    return {
      url: new URL(`${baseUrlOf(ctx.channel)}/api/library/ask`),
      headers: { 'content-type': 'application/json', 'api-key': ctx.channel.key },
      body: JSON.stringify({
        model: ctx.model,
        query: query ?? '',
        libraryId: ctx.channel.other ?? '',
        stream: ctx.stream,
      }),
    };
  }

  async send(ctx: AdapterContext, cancel: UpstreamCancel): Promise<IncomingMessage> {
    const response = await sendUpstream(this.request(ctx), cancel);
    const ok = response.statusCode === 200;
    if (ctx.stream || !ok) return response;
    return withCountedUsage(ctx, response, (reply) => answerOf(reply as LibraryReply));
  }

  reply(ctx: AdapterContext, raw: Buffer): ConvertedReply {
    const reply = parseJson<LibraryReply>(raw);
    return completionOf(ctx.model, {
      text: answerOf(reply),
      usage: countedUsage(reply as Record<string, unknown>),
    });
  }

  stream(ctx: AdapterContext) {
    return new PieceStream(ctx.model, (event: SseEvent) => {
      const data = eventJson<LibraryStreamEvent>(event);
      if (!data) return null;
      const text = (data.content ?? '') + (data.finish ? references(data.documents) : '');
      return data.finish ? { text, finish: 'stop', done: true } : { text };
    });
  }
}

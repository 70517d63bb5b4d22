// Calls of the playground: a streamed chat completion through the gateway's own relay with one of
// the user's keys (billed and logged like any client's call), and the consume log it left.
import { createEndpointApi } from '@switchyard/console-kit';
import { LogType, type SelfLogEntry } from '@switchyard/contracts';
import { logEndpoints } from '@switchyard/contracts/endpoints';
import { createParser, type EventSourceMessage } from 'eventsource-parser';

const logsApi = createEndpointApi(logEndpoints);

export interface ChatTurn {
  role: 'system' | 'user' | 'assistant';
  content: string;
}

export interface PlaygroundRequest {
  /** The full key, `sk-…`. */
  apiKey: string;
  model: string;
  messages: ChatTurn[];
  temperature: number;
  /** Left out when null: the model's own limit. */
  maxTokens: number | null;
}

export interface StreamUsage {
  prompt_tokens: number;
  completion_tokens: number;
}

/** A refusal from the relay (no quota, unknown model, …) with its message and HTTP status. */
export class PlaygroundCallError extends Error {
  constructor(
    message: string,
    readonly status: number,
  ) {
    super(message);
    this.name = 'PlaygroundCallError';
  }
}

interface StreamChunk {
  choices?: { delta?: { content?: string | null } }[];
  usage?: StreamUsage | null;
  error?: { message?: string };
}

async function failure(response: Response): Promise<PlaygroundCallError> {
  const text = await response.text();
  try {
    const parsed = JSON.parse(text) as { error?: { message?: string }; message?: string };
    const message = parsed.error?.message ?? parsed.message;
    if (message) return new PlaygroundCallError(message, response.status);
  } catch {
    // Not JSON: the status line says enough.
  }
  return new PlaygroundCallError(text.trim() || `HTTP ${response.status}`, response.status);
}

/** Streams the answer, calling `onDelta` per piece of text; resolves to the usage the relay sent. */
export async function streamChat(
  request: PlaygroundRequest,
  onDelta: (text: string) => void,
  signal?: AbortSignal,
): Promise<StreamUsage | null> {
  const response = await fetch('/v1/chat/completions', {
    method: 'POST',
    signal,
    headers: {
      'content-type': 'application/json',
      authorization: `Bearer ${request.apiKey}`,
    },
    body: JSON.stringify({
      model: request.model,
      messages: request.messages,
      temperature: request.temperature,
      ...(request.maxTokens === null ? {} : { max_tokens: request.maxTokens }),
      stream: true,
      stream_options: { include_usage: true },
    }),
  });
  if (!response.ok || !response.body) throw await failure(response);
  let usage: StreamUsage | null = null;
  let streamError: PlaygroundCallError | null = null;
  const parser = createParser({
    onEvent: (event: EventSourceMessage) => {
      if (event.data === '[DONE]') return;
      const chunk = JSON.parse(event.data) as StreamChunk;
      if (chunk.error) {
        streamError = new PlaygroundCallError(chunk.error.message ?? 'error', response.status);
        return;
      }
      const text = chunk.choices?.[0]?.delta?.content;
      if (text) onDelta(text);
      if (chunk.usage) usage = chunk.usage;
    },
  });
  const reader = response.body.pipeThrough(new TextDecoderStream()).getReader();
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    parser.feed(value);
  }
  if (streamError) throw streamError;
  return usage;
}

/** The newest consume log of one of the user's keys (by its name), if any. */
export async function latestConsumeLog(tokenName: string): Promise<SelfLogEntry | null> {
  const page = await logsApi.self({
    query: { p: 1, page_size: 1, type: LogType.consume, token_name: tokenName },
  });
  return page.items[0] ?? null;
}

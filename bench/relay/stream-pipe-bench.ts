// The gateway's own work on one streamed reply, in this process and without sockets: the fast
// upstream's 34 chat chunks (no usage, as from an OpenAI-compatible channel that does not report
// it; or with its usage chunk, from a channel asked for stream usage) or its Anthropic events,
// pushed through the relay's stream pipe event by event, flushed and ended, with the text read
// back for the settlement. Microseconds of CPU per reply for each
// path, best of several rounds, so small changes show on a busy machine where the HTTP bench
// cannot resolve them. `--src DIR` measures another copy of apps/server/src (e.g. an older
// commit unpacked under apps/server/.cache/, where its packages resolve) beside this one.
//
// Usage: npx tsx bench/relay/stream-pipe-bench.ts [--replies 20000] [--rounds 7] [--src DIR]
//        [--path <a|b>] (the paths whose name has a or b)
import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { writeResult } from '../lib/results.mjs';
import { ANTHROPIC_FRAMES, FRAMES, USAGE_FRAME } from './upstream-replies.mjs';

const here = path.dirname(fileURLToPath(import.meta.url));
const arg = (name: string): string | undefined => {
  const index = process.argv.indexOf(`--${name}`);
  return index > 0 ? process.argv[index + 1] : undefined;
};
const REPLIES = Number(arg('replies') ?? 20_000);
const ROUNDS = Number(arg('rounds') ?? 7);
const BASELINE = arg('src');
const ONLY_PATH = arg('path') ?? '';

// The fake upstream's stream without its usage chunk and with it, and its Anthropic events.
const CHAT_FRAMES = [...FRAMES, 'data: [DONE]\n\n'];
const USAGE_FRAMES = [...FRAMES, USAGE_FRAME, 'data: [DONE]\n\n'];

type Modules = Awaited<ReturnType<typeof load>>;

async function load(src: string) {
  const from = (file: string) => import(pathToFileURL(path.join(src, file)).href);
  // A baseline tree from before the relay's rooms (issue 30) has the stages at the relay's root.
  const stage = (file: string) =>
    existsSync(path.join(src, 'relay/pipeline', file)) ? `relay/pipeline/${file}` : `relay/${file}`;
  const [attempt, registry, chat, anthropic, responses] = await Promise.all([
    from(stage('relay-attempt.ts')),
    from('relay/adapters/registry.ts'),
    from('relay/dialects/chat/index.ts'),
    from('relay/dialects/anthropic/index.ts'),
    from('relay/dialects/responses/index.ts'),
  ]);
  return {
    streamPipe: attempt.streamPipe,
    adapterFor: registry.adapterFor,
    chatDialect: chat.chatDialect,
    anthropicDialect: anthropic.anthropicDialect,
    responsesDialect: responses.responsesDialect,
  };
}

interface Path {
  name: string;
  frames: string[];
  /** A pipe for one reply. */
  pipe: (m: Modules) => {
    push(chunk: string): string;
    flush(): string;
    end(usage: unknown): string;
    readonly text: string;
  };
}

/** The pipe reads only the channel's type. */
const channel = (type: number) => ({ id: 1, type });

const words = [{ role: 'user', content: 'Say hello' }];
const adapterPipe = (m: Modules, type: number, dialect: unknown, raw: Record<string, unknown>) => {
  const ctx = {
    mode: 'chat',
    channel: channel(type),
    model: 'm',
    body: { model: 'm', stream: true, messages: words },
    stream: true,
    includeUsage: false,
    translated: true,
  };
  const request = { mode: 'chat', body: ctx.body, raw, model: 'm', stream: true };
  const render = { model: 'm', includeUsage: false, request, record: () => {} };
  return m.streamPipe({ kind: 'adapter', adapter: m.adapterFor(type) }, ctx, dialect, render);
};

type DialectKey = 'chatDialect' | 'anthropicDialect' | 'responsesDialect';
/** A path through a provider adapter (channel type) to a dialect's renderer. */
const translated = (
  name: string,
  frames: string[],
  type: number,
  dialect: DialectKey,
  raw: Record<string, unknown>,
): Path => ({ name, frames, pipe: (m) => adapterPipe(m, type, m[dialect], raw) });

const chatRaw = { model: 'm', messages: words };
const messagesRaw = { model: 'm', max_tokens: 64 };
const responsesRaw = { model: 'm', input: 'Say hello' };
// Type 8 (custom) sends no stream usage, so the text is counted; type 1 (OpenAI) and 43
// (DeepSeek, chat-only) are asked for it.
const PATHS: Path[] = [
  translated('chat → OpenAI-compatible', CHAT_FRAMES, 8, 'chatDialect', chatRaw),
  translated('chat → OpenAI (stream usage)', USAGE_FRAMES, 1, 'chatDialect', chatRaw),
  {
    name: 'Messages → Anthropic (pass-through)',
    frames: ANTHROPIC_FRAMES,
    pipe: (m) => {
      const request = { mode: 'chat', body: {}, raw: {}, model: 'm', stream: true };
      const render = { model: 'm', includeUsage: true, request };
      const native = m.anthropicDialect.native;
      return m.streamPipe({ kind: 'native', native }, {}, m.anthropicDialect, render);
    },
  },
  translated('Messages → OpenAI-compatible', CHAT_FRAMES, 8, 'anthropicDialect', messagesRaw),
  translated('Messages → OpenAI (stream usage)', USAGE_FRAMES, 1, 'anthropicDialect', messagesRaw),
  translated('Responses → OpenAI-compatible', CHAT_FRAMES, 8, 'responsesDialect', responsesRaw),
  translated(
    'Responses → chat-only with stream usage',
    USAGE_FRAMES,
    43,
    'responsesDialect',
    responsesRaw,
  ),
];

const USAGE = { promptTokens: 9, completionTokens: 32 };

/** CPU µs per reply, best of ROUNDS. */
function measure(m: Modules, path: Path): number {
  let best = Number.POSITIVE_INFINITY;
  let sink = 0;
  for (let round = 0; round < ROUNDS; round += 1) {
    const before = process.cpuUsage();
    for (let i = 0; i < REPLIES; i += 1) {
      const pipe = path.pipe(m);
      for (const frame of path.frames) sink += pipe.push(frame).length;
      sink += pipe.flush().length + pipe.text.length + pipe.end(USAGE).length;
    }
    const used = process.cpuUsage(before);
    best = Math.min(best, (used.user + used.system) / REPLIES);
  }
  if (sink < 0) console.log(sink);
  return best;
}

const current = await load(path.join(here, '../../apps/server/src'));
const baseline = BASELINE ? await load(path.resolve(BASELINE)) : null;
console.log(`µs of CPU per streamed reply, best of ${ROUNDS} rounds of ${REPLIES}`);
const rows: string[][] = [];
for (const cell of PATHS.filter((p) =>
  ONLY_PATH.split('|').some((part) => p.name.includes(part)),
)) {
  // Alternated, each build warmed by its first round.
  const now = measure(current, cell);
  const before = baseline ? measure(baseline, cell) : undefined;
  const again = measure(current, cell);
  const after = Math.min(now, again);
  const row = [cell.name, after.toFixed(1), ...(before === undefined ? [] : [before.toFixed(1)])];
  rows.push(row);
  console.log(row.join('\t'));
}
writeResult('relay-stream-pipe', {
  runs: `${ROUNDS} rounds of ${REPLIES} replies (best round)${BASELINE ? `; baseline ${BASELINE}` : ''}`,
  columns: ['path', 'µs CPU per streamed reply', ...(BASELINE ? ['baseline µs'] : [])],
  rows,
});

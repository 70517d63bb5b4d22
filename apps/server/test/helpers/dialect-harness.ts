// A relay with one channel per provider family on a scripted upstream, for the dialect tests:
// gpt-x (OpenAI, type 1), claude-x (Anthropic, 14), gemini-x (Gemini, 24), llama-x (Ollama, 4),
// compat-x (an OpenAI-compatible type without the Responses API, 8).
import type { Db } from '../../src/db/database';
import { type ScriptedUpstream, startScriptedUpstream } from '../fakes/scripted-upstream';
import { createUser } from './factories';
import {
  createToken,
  type RelayHarness,
  seedChannel,
  startRelayHarness,
  waitForLogs,
} from './relay-fixtures';
import { useHarness } from './use-harness';

/** JSON read back in tests, asserted field by field. */
// biome-ignore lint/suspicious/noExplicitAny: test replies are read loosely and asserted.
export type Json = any;

export interface DialectHarness {
  relay: RelayHarness;
  upstream: ScriptedUpstream;
  db: Db;
  url: string;
  /** A user with quota and a token; `key` is the token as clients send it (`sk-…`). */
  newCaller(): ReturnType<typeof newCaller>;
  /** A request to the relay; JSON bodies are sent as JSON. */
  call(path: string, init?: CallInit): Promise<Answer>;
  /** The consume log of the user once written, its `other` parsed. */
  lastLog(userId: number): ReturnType<typeof lastLog>;
  /** The last request the upstream received, body parsed. */
  lastUpstream(): ReturnType<typeof lastUpstream>;
  close(): Promise<void>;
}

export async function startDialectHarness(): Promise<DialectHarness> {
  const relay = await startRelayHarness();
  const upstream = await startScriptedUpstream();
  const base = upstream.url;
  await seedChannel(relay.db, { type: 1, key: 'oa-key', baseUrl: base, models: ['gpt-x'] });
  await seedChannel(relay.db, { type: 14, key: 'an-key', baseUrl: base, models: ['claude-x'] });
  await seedChannel(relay.db, { type: 24, key: 'ge-key', baseUrl: base, models: ['gemini-x'] });
  await seedChannel(relay.db, { type: 4, key: 'ol-key', baseUrl: base, models: ['llama-x'] });
  await seedChannel(relay.db, { type: 8, key: 'co-key', baseUrl: base, models: ['compat-x'] });
  return harnessOf(relay, upstream, async () => {
    await upstream.close();
    await relay.close();
  });
}

/** A dialect harness over a relay and the upstream its checks read; `close` ends both. */
export function harnessOf(
  relay: RelayHarness,
  upstream: ScriptedUpstream,
  close: () => Promise<void>,
): DialectHarness {
  const { db, url } = relay;
  return {
    relay,
    upstream,
    db,
    url,
    newCaller: () => newCaller(db),
    call: (path, init) => call(url, path, init),
    lastLog: (userId) => lastLog(db, userId),
    lastUpstream: () => lastUpstream(upstream),
    close,
  };
}

/** The file's dialect harness, started before its tests and closed after them. */
export const useDialectHarness = (): DialectHarness => useHarness(startDialectHarness);

async function newCaller(db: Db) {
  const user = await createUser(db, { quota: 10_000_000 });
  const token = await createToken(db, user.id);
  return { user, token, key: `sk-${token.key}` };
}

export interface Answer {
  status: number;
  headers: Headers;
  text: string;
  json: () => Json;
}

interface CallInit {
  method?: string;
  headers?: Record<string, string>;
  body?: unknown;
}

async function call(url: string, path: string, init: CallInit = {}): Promise<Answer> {
  const response = await fetch(`${url}${path}`, {
    method: init.method ?? (init.body === undefined ? 'GET' : 'POST'),
    headers: {
      ...(init.body === undefined ? {} : { 'content-type': 'application/json' }),
      ...init.headers,
    },
    ...(init.body === undefined ? {} : { body: JSON.stringify(init.body) }),
  });
  const text = await response.text();
  return { status: response.status, headers: response.headers, text, json: () => JSON.parse(text) };
}

/** Parsed SSE events of a stream body: event name (or '') and parsed data. */
export function events(text: string): { event: string; data: Json }[] {
  return text
    .split('\n\n')
    .filter((frame) => frame.trim() !== '')
    .map((frame) => {
      const event = /^event: (.*)$/m.exec(frame)?.[1] ?? '';
      const data = frame
        .split('\n')
        .filter((line) => line.startsWith('data: '))
        .map((line) => line.slice(6))
        .join('\n');
      return { event, data: data === '[DONE]' ? data : JSON.parse(data) };
    });
}

async function lastLog(db: Db, userId: number) {
  const logs = await waitForLogs(db, userId);
  const log = logs.at(-1);
  return { ...log, other: JSON.parse(log?.other ?? '{}') as Record<string, Json> };
}

function lastUpstream(upstream: ScriptedUpstream) {
  const request = upstream.requests.at(-1);
  if (!request) throw new Error('the upstream got no request');
  return request as typeof request & { body: Json };
}

// Shared scaffolding of the native-provider tests: a relay on a fresh database, the protocol
// fakes beside it, an admin client for the channel endpoints, and the per-type checks (chat,
// stream, billing, a refused key disabling the channel, the channel test) every provider runs.
import { ChannelStatus } from '@switchyard/contracts';
import { expect } from 'vitest';
import { type ProviderFake, startProviderFake } from '../fakes/providers/provider-fake';
import { channelRow, signInAdmin } from './channels';
import type { TestClient } from './client';
import { createUser } from './factories';
import {
  createToken,
  postChat,
  type RelayHarness,
  seedChannel,
  startRelayHarness,
  waitForLogs,
} from './relay-fixtures';
import { useHarness } from './use-harness';

export interface ProviderCase {
  name: string;
  type: number;
  /** A key the fake accepts, and one it refuses the provider's way. */
  key: string;
  badKey: string;
  /** The upstream model (the registry's name for it). */
  model: string;
  other?: string;
  /** Base URL of the channel; defaults to the fake's http URL. */
  baseUrl?: (fake: ProviderFake) => string;
  /** The provider reports no usage: the gateway counts the tokens. */
  counted?: boolean;
}

export interface ProviderHarness {
  relay: RelayHarness;
  fake: ProviderFake;
  admin: TestClient;
  close(): Promise<void>;
}

/** `env`: the server's environment beside the test defaults (REDIS_URL, say). */
export async function startProviderHarness(
  env: Record<string, string> = {},
): Promise<ProviderHarness> {
  const relay = await startRelayHarness(env);
  const fake = await startProviderFake();
  const admin = await signInAdmin(relay.server);
  await relay.server.runtime.options.set('AutomaticDisableChannelEnabled', 'true');
  return {
    relay,
    fake,
    admin,
    close: async () => {
      await fake.close();
      await relay.close();
    },
  };
}

/** The file's provider harness, started before its tests and closed after them. */
export const useProviderHarness = (): ProviderHarness => useHarness(() => startProviderHarness());

let seeded = 0;

/** A channel of the case's type; clients ask for a model name unique to it. */
export async function seedProviderChannel(h: ProviderHarness, c: ProviderCase, key = c.key) {
  seeded += 1;
  const alias = `${c.name.toLowerCase().replace(/\W+/g, '-')}-${seeded}`;
  const id = await seedChannel(h.relay.db, {
    type: c.type,
    key,
    baseUrl: c.baseUrl ? c.baseUrl(h.fake) : h.fake.url,
    models: [alias],
    modelMapping: { [alias]: c.model },
    other: c.other ?? null,
    testModel: alias,
  });
  return { id, alias };
}

export async function newCaller(h: ProviderHarness) {
  const user = await createUser(h.relay.db, { quota: 50_000_000 });
  const token = await createToken(h.relay.db, user.id);
  return { user, token };
}

export const streamedText = (sse: string): string =>
  sse
    .split('\n\n')
    .filter((frame) => frame.startsWith('data: {'))
    .map((frame) => JSON.parse(frame.slice(6)).choices[0]?.delta?.content ?? '')
    .join('');

/** One chat through the relay; returns the reply and the consume log it was billed with. */
export async function chat(h: ProviderHarness, model: string, body: Record<string, unknown> = {}) {
  const { user, token } = await newCaller(h);
  const response = await postChat(h.relay, token.authorization, { model, ...body });
  const text = await response.text();
  const logs = response.status === 200 ? await waitForLogs(h.relay.db, user.id) : [];
  return { status: response.status, text, log: logs[0] };
}

/** Non-stream and stream chat with the reply text and the usage billed. */
export async function expectChatAndStream(h: ProviderHarness, c: ProviderCase, expected: string) {
  const { alias } = await seedProviderChannel(h, c);
  const plain = await chat(h, alias, { stream: false });
  expect(plain.status, plain.text).toBe(200);
  expect(JSON.parse(plain.text).choices[0].message.content).toBe(expected);
  const tokens = c.counted ? {} : { prompt_tokens: 11, completion_tokens: 7 };
  expect(plain.log).toMatchObject({ model_name: c.model, is_stream: 0, ...tokens });
  expect(plain.log?.quota).toBeGreaterThan(0);

  const streamed = await chat(h, alias, { stream: true });
  expect(streamed.status, streamed.text).toBe(200);
  expect(streamedText(streamed.text)).toBe(expected);
  expect(streamed.text.trim().endsWith('data: [DONE]')).toBe(true);
  expect(streamed.log).toMatchObject({ is_stream: 1, ...tokens });
  expect(streamed.log?.quota).toBeGreaterThan(0);
}

/** A refused key: the client gets an error, the channel is auto-disabled with the reason. */
export async function expectBadKeyDisables(h: ProviderHarness, c: ProviderCase) {
  const { id, alias } = await seedProviderChannel(h, c, c.badKey);
  const reply = await chat(h, alias);
  expect(reply.status).toBeGreaterThanOrEqual(400);
  const row = await channelRow(h.relay.db, id);
  expect(row.status).toBe(ChannelStatus.autoDisabled);
  expect(JSON.parse(row.other_info ?? '{}').status_reason).toBeTruthy();
}

/** The channel test succeeds and stores a response time. */
export async function expectChannelTest(h: ProviderHarness, c: ProviderCase) {
  const { id } = await seedProviderChannel(h, c);
  const reply = (await h.admin.get(`/api/channel/test/${id}`)).body<{
    success: boolean;
    message: string;
  }>();
  expect(reply.success, reply.message).toBe(true);
  const row = await channelRow(h.relay.db, id);
  expect(row.test_time).toBeGreaterThan(0);
  expect(row.response_time).toBeGreaterThanOrEqual(0);
  return row;
}

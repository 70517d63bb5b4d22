// Prompt-cache affinity tests: a group of three equal channels on one fake upstream, and a
// conversation's turns sent with a coding agent's session header.
import type { Db } from '../../src/db/database';
import { invalidateChannelCandidates } from '../../src/relay/candidate-cache';
import type { FakeUpstream } from '../fakes/fake-upstream';
import { createUser } from './factories';
import { createToken, seedChannel } from './relay-fixtures';

/** Three enabled channels of equal priority and weight serving a model of their own. */
export async function seedThreeChannels(db: Db, fake: FakeUpstream, tag: string) {
  const model = `gpt-affinity-${tag}`;
  const keys = ['a', 'b', 'c'].map((letter) => `aff-${tag}-${letter}`);
  const ids: number[] = [];
  for (const key of keys) {
    ids.push(await seedChannel(db, { key, baseUrl: fake.url, models: [model], weight: 1 }));
  }
  return { keys, ids, model };
}

export async function affinityCaller(db: Db) {
  const user = await createUser(db, { quota: 100_000_000 });
  return { user, token: await createToken(db, user.id) };
}

/** One chat turn of a Claude-Code-like session; the status. */
export async function turn(
  url: string,
  authorization: string,
  model: string,
  session: string | undefined,
): Promise<number> {
  const response = await fetch(`${url}/v1/chat/completions`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      authorization,
      ...(session ? { 'x-claude-code-session-id': session } : {}),
    },
    body: JSON.stringify({
      model,
      messages: [{ role: 'user', content: 'hi' }],
    }),
  });
  await response.arrayBuffer();
  return response.status;
}

/** The channel keys that served the model's requests since `from` (fake.requests index). */
export function servedKeys(fake: FakeUpstream, model: string, from = 0): string[] {
  return fake.requests
    .slice(from)
    .filter((request) => (request.body as { model?: string })?.model === model)
    .map((request) => request.key);
}

/** Disables a channel the way the channel service does (its abilities switched off too). */
export async function disableChannel(db: Db, id: number): Promise<void> {
  await setChannelEnabled(db, id, false);
}

export async function setChannelEnabled(db: Db, id: number, enabled: boolean): Promise<void> {
  await db
    .updateTable('channels')
    .set({ status: enabled ? 1 : 2 })
    .where('id', '=', id)
    .execute();
  await db
    .updateTable('abilities')
    .set({ enabled: enabled ? 1 : 0 })
    .where('channel_id', '=', id)
    .execute();
  // As the channel service's writes do: the relay's cached candidates are dropped.
  invalidateChannelCandidates();
}

// Billing test helpers: signed-in clients and channel + ability rows for the pricing list.
import { expect } from 'vitest';
import type { Db } from '../../src/db/database';
import { engineOf } from '../../src/db/dialect';
import type { TestClient } from './client';
import { type CreatedUser, createUser, type UserFactoryInput } from './factories';
import type { TestServer } from './server';

/** A new user and a client signed in as them. */
export async function signedInUser(
  server: TestServer,
  input: UserFactoryInput = {},
): Promise<{ user: CreatedUser; client: TestClient }> {
  const user = await createUser(server.db, input);
  const client = server.client();
  const reply = await client.login(user.username, user.password);
  expect(reply.json.success, reply.json.message).toBe(true);
  return { user, client };
}

export async function userQuota(db: Db, id: number): Promise<number> {
  const row = await db
    .selectFrom('users')
    .select('quota')
    .where('id', '=', id)
    .executeTakeFirstOrThrow();
  return Number(row.quota);
}

/** Inserts a channel and one ability row per (model, group), the way the channels team does. */
export async function insertChannel(
  db: Db,
  input: { models: string[]; groups: string[]; status?: number; type?: number },
): Promise<number> {
  const values = {
    type: input.type ?? 1,
    key: 'sk-test',
    name: 'test channel',
    status: input.status ?? 1,
    created_time: 0,
    models: input.models.join(','),
    group: input.groups.join(','),
    openai_organization: null,
    test_model: null,
    base_url: null,
    other: null,
    model_mapping: null,
    status_code_mapping: null,
    other_info: null,
  };
  const query = db.insertInto('channels').values(values);
  const id =
    engineOf(db) === 'postgres'
      ? Number((await query.returning('id').executeTakeFirstOrThrow()).id)
      : Number((await query.executeTakeFirstOrThrow()).insertId);
  const abilities = input.models.flatMap((model) =>
    input.groups.map((group) => ({ group, model, channel_id: id, enabled: 1 })),
  );
  await db.insertInto('abilities').values(abilities).execute();
  return id;
}

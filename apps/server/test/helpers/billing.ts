// Billing test helpers: signed-in clients and channel + ability rows for the pricing list.
import type { Db } from '../../src/db/database';
import { signIn } from './audience';
import type { TestClient } from './client';
import { type CreatedUser, createUser, type UserFactoryInput } from './factories';
import { seedChannel } from './relay-fixtures';
import type { TestServer } from './server';

/** A new user and a client signed in as them. */
export async function signedInUser(
  server: TestServer,
  input: UserFactoryInput = {},
): Promise<{ user: CreatedUser; client: TestClient }> {
  const user = await createUser(server.db, input);
  return { user, client: await signIn(server, user) };
}

export async function userQuota(db: Db, id: number): Promise<number> {
  const row = await db
    .selectFrom('users')
    .select('quota')
    .where('id', '=', id)
    .executeTakeFirstOrThrow();
  return Number(row.quota);
}

/** An enabled (or `status`) channel with one ability per (model, group), for the pricing list. */
export function insertChannel(
  db: Db,
  input: { models: string[]; groups: string[]; status?: number; type?: number },
): Promise<number> {
  return seedChannel(db, { key: 'sk-test', name: 'test channel', ...input });
}

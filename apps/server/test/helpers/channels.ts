// Channel test helpers: a signed-in admin client and direct reads of channels and abilities.
import type { Db } from '../../src/db/database';
import { createAdmin } from './factories';
import type { TestServer } from './server';

export async function signInAdmin(server: TestServer) {
  const admin = await createAdmin(server.db);
  const client = server.client();
  const reply = await client.login(admin.username, admin.password);
  if (!reply.json.success) throw new Error(`admin sign-in failed: ${reply.json.message}`);
  return client;
}

export async function channelRow(db: Db, id: number) {
  return db.selectFrom('channels').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
}

/** A channel's abilities as sorted "group/model enabled priority weight" strings. */
export async function abilityLines(db: Db, channelId: number): Promise<string[]> {
  const rows = await db
    .selectFrom('abilities')
    .selectAll()
    .where('channel_id', '=', channelId)
    .execute();
  return rows
    .map((row) => `${row.group}/${row.model} ${row.enabled} ${row.priority} ${row.weight}`)
    .sort();
}

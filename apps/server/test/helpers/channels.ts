// Channel test helpers: a signed-in admin client and direct reads of channels and abilities.
import type { Db } from '../../src/db/database';
import { signIn } from './audience';
import { createAdmin } from './factories';
import type { TestServer } from './server';

export async function signInAdmin(server: TestServer) {
  return signIn(server, await createAdmin(server.db));
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

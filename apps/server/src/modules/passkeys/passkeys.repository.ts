// SQL for passkeys: a user's credentials and the single-use challenges of ceremonies in flight.
import type { Db } from '../../db/database';
import type { PasskeyChallengesTable, PasskeyRow } from '../../db/schema';

export type ChallengePurpose = PasskeyChallengesTable['purpose'];

export async function insertChallenge(
  db: Db,
  row: { challenge: string; purpose: ChallengePurpose; user_id: number; expires_at: number },
  now: number,
): Promise<void> {
  await db.deleteFrom('passkey_challenges').where('expires_at', '<=', now).execute();
  await db.insertInto('passkey_challenges').values(row).execute();
}

/** Uses a challenge up: true only for the one call that deletes a live row issued for this
 * purpose (and user), so a challenge verifies at most once, on any node. */
export async function consumeChallenge(
  db: Db,
  where: { challenge: string; purpose: ChallengePurpose; user_id: number },
  now: number,
): Promise<boolean> {
  const result = await db
    .deleteFrom('passkey_challenges')
    .where('challenge', '=', where.challenge)
    .where('purpose', '=', where.purpose)
    .where('user_id', '=', where.user_id)
    .where('expires_at', '>', now)
    .executeTakeFirst();
  return Number(result.numDeletedRows) === 1;
}

export function listUserPasskeys(db: Db, userId: number): Promise<PasskeyRow[]> {
  return db
    .selectFrom('passkeys')
    .selectAll()
    .where('user_id', '=', userId)
    .orderBy('id', 'asc')
    .execute();
}

export function findPasskeyByCredentialId(
  db: Db,
  credentialId: string,
): Promise<PasskeyRow | undefined> {
  return db
    .selectFrom('passkeys')
    .selectAll()
    .where('credential_id', '=', credentialId)
    .executeTakeFirst();
}

export async function insertPasskey(
  db: Db,
  row: {
    user_id: number;
    credential_id: string;
    public_key: string;
    counter: number;
    transports: string;
    name: string;
    backed_up: 0 | 1;
    created_at: number;
  },
): Promise<PasskeyRow> {
  await db.insertInto('passkeys').values(row).execute();
  const inserted = await findPasskeyByCredentialId(db, row.credential_id);
  if (!inserted) throw new Error('a passkey was inserted but cannot be read');
  return inserted;
}

/** Records a sign-in's counter: only forward (or 0 → 0 for authenticators without a counter), so
 * of two racing assertions with the same counter one loses. */
export async function advanceCounter(
  db: Db,
  id: number,
  from: number,
  to: number,
  now: number,
): Promise<boolean> {
  let query = db
    .updateTable('passkeys')
    .set({ counter: to, last_used_at: now })
    .where('id', '=', id)
    .where('counter', '=', from);
  if (to !== 0) query = query.where('counter', '<', to);
  const result = await query.executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

export async function deleteUserPasskey(db: Db, userId: number, id: number): Promise<boolean> {
  const result = await db
    .deleteFrom('passkeys')
    .where('id', '=', id)
    .where('user_id', '=', userId)
    .executeTakeFirst();
  return Number(result.numDeletedRows) === 1;
}

/** Removes every passkey of a user (an admin's reset); returns how many there were. */
export async function deleteAllUserPasskeys(db: Db, userId: number): Promise<number> {
  const result = await db.deleteFrom('passkeys').where('user_id', '=', userId).executeTakeFirst();
  return Number(result.numDeletedRows);
}

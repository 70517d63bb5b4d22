// SQL for the TOTP second factor: the secret, its recovery codes and sign-ins waiting for a code.
import type { Db } from '../../db/database';
import type { TwoFactorRow } from '../../db/schema';

export function findTwoFactor(db: Db, userId: number): Promise<TwoFactorRow | undefined> {
  return db.selectFrom('two_factor').selectAll().where('user_id', '=', userId).executeTakeFirst();
}

/** Starts (or restarts) a setup: a new secret, not enabled until a code proves it. */
export async function saveTwoFactorSecret(
  db: Db,
  userId: number,
  secret: string,
  now: number,
): Promise<void> {
  await db.deleteFrom('two_factor').where('user_id', '=', userId).execute();
  await db
    .insertInto('two_factor')
    .values({ user_id: userId, secret, enabled: 0, last_step: 0, created_at: now })
    .execute();
}

export async function enableTwoFactor(db: Db, userId: number): Promise<boolean> {
  const result = await db
    .updateTable('two_factor')
    .set({ enabled: 1 })
    .where('user_id', '=', userId)
    .where('enabled', '=', 0)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** Records a TOTP step as used; false when it (or a later one) was used already (a replay). */
export async function claimStep(db: Db, userId: number, step: number): Promise<boolean> {
  const result = await db
    .updateTable('two_factor')
    .set({ last_step: step })
    .where('user_id', '=', userId)
    .where('last_step', '<', step)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** Removes the second factor and its recovery codes. */
export async function deleteTwoFactor(db: Db, userId: number): Promise<boolean> {
  await db.deleteFrom('two_factor_recovery_codes').where('user_id', '=', userId).execute();
  const result = await db.deleteFrom('two_factor').where('user_id', '=', userId).executeTakeFirst();
  return Number(result.numDeletedRows) === 1;
}

export async function replaceRecoveryCodes(
  db: Db,
  userId: number,
  hashes: string[],
): Promise<void> {
  await db.deleteFrom('two_factor_recovery_codes').where('user_id', '=', userId).execute();
  await db
    .insertInto('two_factor_recovery_codes')
    .values(hashes.map((code_hash) => ({ user_id: userId, code_hash })))
    .execute();
}

/** Uses a recovery code up; false when it is unknown or already used. */
export async function consumeRecoveryCode(db: Db, userId: number, hash: string): Promise<boolean> {
  const result = await db
    .deleteFrom('two_factor_recovery_codes')
    .where('user_id', '=', userId)
    .where('code_hash', '=', hash)
    .executeTakeFirst();
  return Number(result.numDeletedRows) === 1;
}

export async function insertPendingSignIn(
  db: Db,
  row: { id: string; user_id: number; expires_at: number },
): Promise<void> {
  await db
    .deleteFrom('pending_sign_ins')
    .where('expires_at', '<=', row.expires_at - 3600)
    .execute();
  await db.insertInto('pending_sign_ins').values(row).execute();
}

export function findPendingSignIn(db: Db, id: string) {
  return db.selectFrom('pending_sign_ins').selectAll().where('id', '=', id).executeTakeFirst();
}

/** Counts a wrong code; false when the pending sign-in had no attempts left. */
export async function countFailedAttempt(db: Db, id: string, limit: number): Promise<boolean> {
  const result = await db
    .updateTable('pending_sign_ins')
    .set((eb) => ({ attempts: eb('attempts', '+', 1) }))
    .where('id', '=', id)
    .where('attempts', '<', limit)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

export async function deletePendingSignIn(db: Db, id: string): Promise<boolean> {
  const result = await db.deleteFrom('pending_sign_ins').where('id', '=', id).executeTakeFirst();
  return Number(result.numDeletedRows) === 1;
}

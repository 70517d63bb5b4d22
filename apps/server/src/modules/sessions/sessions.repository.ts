// SQL for console sessions; a session is always read together with its user's current row.
import type { Db } from '../../db/database';
import type { NewSession, SessionRow } from '../../db/schema';

export interface SessionWithUser {
  id: string;
  expires_at: number;
  last_seen_at: number;
  user_id: number;
  username: string;
  role: number;
  status: number;
  group: string;
  deleted_at: number | null;
}

export async function insertSession(db: Db, session: NewSession): Promise<void> {
  await db.insertInto('sessions').values(session).execute();
}

export function findSessionWithUser(db: Db, id: string): Promise<SessionWithUser | undefined> {
  return db
    .selectFrom('sessions')
    .innerJoin('users', 'users.id', 'sessions.user_id')
    .select([
      'sessions.id',
      'sessions.expires_at',
      'sessions.last_seen_at',
      'sessions.user_id',
      'users.username',
      'users.role',
      'users.status',
      'users.group',
      'users.deleted_at',
    ])
    .where('sessions.id', '=', id)
    .executeTakeFirst();
}

export async function touchSession(db: Db, id: string, now: number): Promise<void> {
  await db.updateTable('sessions').set({ last_seen_at: now }).where('id', '=', id).execute();
}

export function listUserSessions(db: Db, userId: number, now: number): Promise<SessionRow[]> {
  return db
    .selectFrom('sessions')
    .selectAll()
    .where('user_id', '=', userId)
    .where('expires_at', '>', now)
    .orderBy('created_at', 'desc')
    .orderBy('id')
    .execute();
}

/** Deletes one session of a user (another user's id deletes nothing). */
export async function deleteUserSession(db: Db, userId: number, id: string): Promise<boolean> {
  const result = await db
    .deleteFrom('sessions')
    .where('id', '=', id)
    .where('user_id', '=', userId)
    .executeTakeFirst();
  return Number(result.numDeletedRows) === 1;
}

export async function deleteSession(db: Db, id: string): Promise<void> {
  await db.deleteFrom('sessions').where('id', '=', id).execute();
}

/** Deletes a user's sessions, optionally keeping one (the caller's own). */
export async function deleteUserSessions(db: Db, userId: number, keepId?: string): Promise<void> {
  let query = db.deleteFrom('sessions').where('user_id', '=', userId);
  if (keepId) query = query.where('id', '!=', keepId);
  await query.execute();
}

export async function deleteExpiredSessions(db: Db, now: number): Promise<void> {
  await db.deleteFrom('sessions').where('expires_at', '<=', now).execute();
}

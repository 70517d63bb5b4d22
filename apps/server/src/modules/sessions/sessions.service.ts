// Console sessions and access tokens: create, resolve to the caller's identity, destroy.

import { timingSafeEqual } from 'node:crypto';
import { type SessionEntry, UserStatus } from '@switchyard/contracts';
import type { Db } from '../../db/database';
import type { Clock } from '../../lib/clock';
import { hmacSha256Hex, randomToken, sha256Hex } from '../../lib/crypto';
import type { Identity } from '../../lib/identity';
import { findUserByAccessTokenHash } from '../users/users.repository';
import {
  deleteExpiredSessions,
  deleteSession,
  deleteUserSession,
  deleteUserSessions,
  findSessionWithUser,
  insertSession,
  listUserSessions,
  touchSession,
} from './sessions.repository';

/** Where a session signed in from, shown in the user's session list. */
export interface SessionMeta {
  ip: string;
  userAgent: string;
}

interface UserState {
  status: number;
  deleted_at: number | null;
}

const TOUCH_INTERVAL_SECONDS = 60;
/** How long a session-bound state (OAuth, Telegram bind) stays valid, seconds. */
export const SESSION_STATE_MAX_AGE_SECONDS = 600;

const isActive = (user: UserState): boolean =>
  user.status === UserStatus.enabled && user.deleted_at === null;

/** Strips an optional `Bearer ` prefix from an Authorization header value. */
export function accessTokenFromHeader(header: string | undefined): string | null {
  const value = header
    ?.trim()
    .replace(/^Bearer\s+/i, '')
    .trim();
  return value ? value : null;
}

export class SessionService {
  constructor(
    private readonly db: Db,
    private readonly secret: string,
    readonly maxAgeSeconds: number,
    private readonly clock: Clock,
  ) {}

  /** The session row id for a cookie token: a keyed hash, so a leaked table cannot be replayed. */
  idOf(token: string): string {
    return hmacSha256Hex(this.secret, token);
  }

  /** Starts a session; returns the cookie token (only its hash is stored). */
  async create(userId: number, meta?: SessionMeta): Promise<string> {
    const now = this.clock.now();
    const token = randomToken(32);
    await deleteExpiredSessions(this.db, now);
    await insertSession(this.db, {
      id: this.idOf(token),
      user_id: userId,
      created_at: now,
      expires_at: now + this.maxAgeSeconds,
      last_seen_at: now,
      ip: meta?.ip.slice(0, 64) ?? '',
      user_agent: meta?.userAgent.slice(0, 255) ?? '',
    });
    return token;
  }

  /** A user's live sessions, newest first; `current` marks the caller's own. */
  async list(userId: number, currentId: string | null): Promise<SessionEntry[]> {
    const rows = await listUserSessions(this.db, userId, this.clock.now());
    return rows.map((row) => ({
      id: row.id,
      created_at: row.created_at,
      last_seen_at: row.last_seen_at,
      ip: row.ip,
      user_agent: row.user_agent,
      current: row.id === currentId,
    }));
  }

  /** Ends one of the user's own sessions. Sessions are read from the database on every request
   * (no cache), so the deletion holds on every node at once. */
  async revoke(userId: number, id: string): Promise<boolean> {
    return deleteUserSession(this.db, userId, id);
  }

  /** Resolves a cookie token; an expired session or a disabled/cancelled user's is deleted. */
  async fromCookie(token: string): Promise<Identity | null> {
    const id = this.idOf(token);
    const row = await findSessionWithUser(this.db, id);
    if (!row) return null;
    const now = this.clock.now();
    if (row.expires_at <= now || !isActive(row)) {
      await deleteSession(this.db, id);
      return null;
    }
    if (now - row.last_seen_at >= TOUCH_INTERVAL_SECONDS) await touchSession(this.db, id, now);
    return {
      userId: row.user_id,
      username: row.username,
      role: row.role,
      group: row.group,
      sessionId: id,
    };
  }

  /** Resolves a system access token (Authorization header) to its active user. */
  async fromAccessToken(token: string): Promise<Identity | null> {
    const user = await findUserByAccessTokenHash(this.db, sha256Hex(token));
    if (!user || !isActive(user)) return null;
    return {
      userId: user.id,
      username: user.username,
      role: user.role,
      group: user.group,
      sessionId: null,
    };
  }

  /** A state for a flow that comes back as a top-level navigation (OAuth callback, Telegram
   * widget redirect): `<issued>.<nonce>.<mac>`, the MAC keyed to this session, so a link made by
   * anyone else (or for another session) is refused. */
  issueState(sessionId: string): string {
    const body = `${this.clock.now()}.${randomToken(12)}`;
    return `${body}.${hmacSha256Hex(this.secret, `state:${sessionId}:${body}`)}`;
  }

  /** Whether a state was issued to this session within the last ten minutes. */
  checkState(sessionId: string, state: unknown): boolean {
    if (typeof state !== 'string' || state.length > 200) return false;
    const parts = state.split('.');
    if (parts.length !== 3) return false;
    const [issued, nonce, mac] = parts as [string, string, string];
    const age = this.clock.now() - Number(issued);
    if (!/^\d+$/.test(issued) || age < 0 || age > SESSION_STATE_MAX_AGE_SECONDS) return false;
    const expected = Buffer.from(
      hmacSha256Hex(this.secret, `state:${sessionId}:${issued}.${nonce}`),
    );
    const given = Buffer.from(mac);
    return expected.length === given.length && timingSafeEqual(expected, given);
  }

  async destroy(token: string): Promise<void> {
    await deleteSession(this.db, this.idOf(token));
  }

  /** Ends every session of a user except, optionally, the caller's own. */
  async destroyAllForUser(userId: number, keepSessionId?: string | null): Promise<void> {
    await deleteUserSessions(this.db, userId, keepSessionId ?? undefined);
  }
}

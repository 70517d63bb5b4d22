// Passkeys (WebAuthn through @simplewebauthn/server): add one to a signed-in account, list and
// delete them, and sign in with one without a username. A passkey proves possession and (with
// user verification required) the user, so its sign-in skips the TOTP step. Each ceremony's
// challenge is a database row, deleted by the one verify that uses it, on whichever node.

import type { AuthenticationResponseJSON, RegistrationResponseJSON } from '@simplewebauthn/server';
import {
  generateAuthenticationOptions,
  generateRegistrationOptions,
  verifyAuthenticationResponse,
  verifyRegistrationResponse,
} from '@simplewebauthn/server';
import { isRoot, type PasskeyEntry, type SessionUser, UserStatus } from '@switchyard/contracts';
import type {
  passkeyLoginRequestSchema,
  passkeyRegisterRequestSchema,
} from '@switchyard/contracts/schemas';
import type { z } from 'zod';
import type { Db } from '../../db/database';
import type { PasskeyRow } from '../../db/schema';
import type { Clock } from '../../lib/clock';
import { hmacSha256Hex } from '../../lib/crypto';
import { refuse } from '../../lib/errors';
import type { Identity } from '../../lib/identity';
import { type AuditActor, recordAudit } from '../audit/audit.writer';
import type { SessionMeta, SessionService } from '../sessions/sessions.service';
import { toSessionUser } from '../users/users.mapper';
import { findUserById } from '../users/users.repository';
import {
  advanceCounter,
  type ChallengePurpose,
  consumeChallenge,
  deleteAllUserPasskeys,
  deleteUserPasskey,
  findPasskeyByCredentialId,
  insertChallenge,
  insertPasskey,
  listUserPasskeys,
} from './passkeys.repository';
import type { RelyingParty } from './relying-party';

/** A challenge outlives the browser's prompt (two minutes) by a little, then it is refused. */
export const CHALLENGE_MAX_AGE_SECONDS = 300;
const CEREMONY_TIMEOUT_MS = 120_000;
/** Enough for every device a person owns; a bound on what one account can store. */
export const MAX_PASSKEYS_PER_USER = 20;

export interface PasskeyDeps {
  db: Db;
  clock: Clock;
  sessions: SessionService;
  /** Keys the user handle, so a passkey never carries the account's id or name. */
  secret: string;
}

type RegisterInput = z.output<typeof passkeyRegisterRequestSchema>;
type LoginInput = z.output<typeof passkeyLoginRequestSchema>;

const toEntry = (row: PasskeyRow): PasskeyEntry => ({
  id: row.id,
  name: row.name,
  created_at: row.created_at,
  last_used_at: row.last_used_at,
  backed_up: row.backed_up === 1,
});

const transportsOf = (row: PasskeyRow): string[] =>
  row.transports ? row.transports.split(',') : [];

export class PasskeyService {
  constructor(private readonly deps: PasskeyDeps) {}

  async list(userId: number): Promise<PasskeyEntry[]> {
    return (await listUserPasskeys(this.deps.db, userId)).map(toEntry);
  }

  /** Creation options for a new passkey of the signed-in user; its own ones are excluded, so an
   * authenticator is not registered twice. */
  async registrationOptions(identity: Identity, rp: RelyingParty) {
    const existing = await listUserPasskeys(this.deps.db, identity.userId);
    if (existing.length >= MAX_PASSKEYS_PER_USER) throw refuse('passkey.tooMany');
    const options = await generateRegistrationOptions({
      rpName: rp.name,
      rpID: rp.id,
      userName: identity.username,
      userID: this.userHandle(identity.userId),
      timeout: CEREMONY_TIMEOUT_MS,
      attestationType: 'none',
      excludeCredentials: existing.map((row) => ({
        id: row.credential_id,
        transports: transportsOf(row),
      })),
      // Discoverable (usernameless sign-in) and verified (it stands for both factors).
      authenticatorSelection: { residentKey: 'required', userVerification: 'required' },
    });
    await this.saveChallenge(options.challenge, 'register', identity.userId);
    return options;
  }

  /** Checks the attestation against a challenge issued to this user and keeps the credential. */
  async register(
    identity: Identity,
    rp: RelyingParty,
    input: RegisterInput,
  ): Promise<PasskeyEntry> {
    const { db, clock } = this.deps;
    const credential = input.credential as RegistrationResponseJSON;
    let verified: Awaited<ReturnType<typeof verifyRegistrationResponse>>;
    try {
      verified = await verifyRegistrationResponse({
        response: credential,
        expectedChallenge: (challenge) => this.useChallenge(challenge, 'register', identity.userId),
        expectedOrigin: rp.origin,
        expectedRPID: rp.id,
        requireUserVerification: true,
      });
    } catch {
      throw refuse('passkey.registerFailed');
    }
    if (!verified.verified) throw refuse('passkey.registerFailed');
    const info = verified.registrationInfo;
    if (await findPasskeyByCredentialId(db, info.credential.id)) throw refuse('passkey.duplicate');
    if ((await listUserPasskeys(db, identity.userId)).length >= MAX_PASSKEYS_PER_USER) {
      throw refuse('passkey.tooMany');
    }
    const row = await insertPasskey(db, {
      user_id: identity.userId,
      credential_id: info.credential.id,
      public_key: Buffer.from(info.credential.publicKey).toString('base64url'),
      counter: info.credential.counter,
      transports: (credential.response.transports ?? []).join(',').slice(0, 128),
      name: input.name,
      backed_up: info.credentialBackedUp ? 1 : 0,
      created_at: clock.now(),
    });
    return toEntry(row);
  }

  async remove(userId: number, id: number): Promise<void> {
    if (!(await deleteUserPasskey(this.deps.db, userId, id))) throw refuse('passkey.notFound');
  }

  /** An admin removes every passkey of a user below them (a lost device), with its audit entry
   * in the same transaction; returns how many there were. */
  async resetForUser(caller: Identity, userId: number, actor: AuditActor): Promise<number> {
    const { db } = this.deps;
    const user = await findUserById(db, userId);
    if (!user || user.deleted_at !== null) throw refuse('user.notFound');
    if (!isRoot(caller.role) && caller.role <= user.role) {
      throw refuse('admin.cannotTouchEqualOrHigher');
    }
    return db.transaction().execute(async (trx) => {
      const removed = await deleteAllUserPasskeys(trx, user.id);
      if (removed === 0) throw refuse('passkey.noneToReset');
      await recordAudit(trx, actor, {
        action: 'user.passkeys.reset',
        target_type: 'user',
        target_id: user.id,
        summary: { username: user.username, removed },
      });
      return removed;
    });
  }

  /** Request options for a usernameless sign-in: no credential list, the browser offers any
   * passkey it holds for this relying party. */
  async loginOptions(rp: RelyingParty) {
    const options = await generateAuthenticationOptions({
      rpID: rp.id,
      timeout: CEREMONY_TIMEOUT_MS,
      userVerification: 'required',
    });
    await this.saveChallenge(options.challenge, 'login', 0);
    return options;
  }

  /** Verifies an assertion and starts a session for its account. Every refusal reads the same. */
  async login(
    rp: RelyingParty,
    input: LoginInput,
    meta: SessionMeta,
  ): Promise<{ user: SessionUser; token: string }> {
    const { db, clock, sessions } = this.deps;
    const assertion = input.credential as AuthenticationResponseJSON;
    const row = await findPasskeyByCredentialId(db, assertion.id);
    if (!row) throw refuse('passkey.loginFailed');
    const user = await findUserById(db, row.user_id);
    if (!user || user.status !== UserStatus.enabled || user.deleted_at !== null) {
      throw refuse('passkey.loginFailed');
    }
    const handle = assertion.response.userHandle;
    if (handle && handle !== Buffer.from(this.userHandle(user.id)).toString('base64url')) {
      throw refuse('passkey.loginFailed');
    }
    let newCounter: number;
    try {
      const verified = await verifyAuthenticationResponse({
        response: assertion,
        expectedChallenge: (challenge) => this.useChallenge(challenge, 'login', 0),
        expectedOrigin: rp.origin,
        expectedRPID: rp.id,
        credential: {
          id: row.credential_id,
          publicKey: new Uint8Array(Buffer.from(row.public_key, 'base64url')),
          counter: row.counter,
          transports: transportsOf(row),
        },
        requireUserVerification: true,
      });
      if (!verified.verified) throw refuse('passkey.loginFailed');
      newCounter = verified.authenticationInfo.newCounter;
    } catch {
      throw refuse('passkey.loginFailed');
    }
    // The counter moves forward once: a cloned authenticator or a racing replay loses here.
    if (!(await advanceCounter(db, row.id, row.counter, newCounter, clock.now()))) {
      throw refuse('passkey.loginFailed');
    }
    return { user: toSessionUser(user), token: await sessions.create(user.id, meta) };
  }

  /** The WebAuthn user handle: a keyed hash of the user id (stable, revealing nothing). */
  private userHandle(userId: number): Uint8Array<ArrayBuffer> {
    return new Uint8Array(Buffer.from(hmacSha256Hex(this.deps.secret, `passkey:${userId}`), 'hex'));
  }

  private async saveChallenge(challenge: string, purpose: ChallengePurpose, userId: number) {
    const now = this.deps.clock.now();
    await insertChallenge(
      this.deps.db,
      { challenge, purpose, user_id: userId, expires_at: now + CHALLENGE_MAX_AGE_SECONDS },
      now,
    );
  }

  private useChallenge(challenge: string, purpose: ChallengePurpose, userId: number) {
    if (challenge.length > 128) return Promise.resolve(false);
    const where = { challenge, purpose, user_id: userId };
    return consumeChallenge(this.deps.db, where, this.deps.clock.now());
  }
}

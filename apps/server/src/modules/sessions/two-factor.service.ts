// The TOTP second factor (RFC 6238 through `otpauth`): setup, enable with recovery codes, disable,
// and the check a password sign-in waits for. A code is accepted once: the step it belongs to is
// recorded, and that step or an older one is refused afterwards.
import { randomBytes } from 'node:crypto';
import { Secret, TOTP } from 'otpauth';
import type { Db } from '../../db/database';
import { type Clock, nowMsOf } from '../../lib/clock';
import { hmacSha256Hex, randomToken, sha256Hex } from '../../lib/crypto';
import { refuse } from '../../lib/errors';
import type { OptionsStore } from '../options/options.store';
import {
  claimStep,
  consumeRecoveryCode,
  countFailedAttempt,
  deletePendingSignIn,
  deleteTwoFactor,
  enableTwoFactor,
  findPendingSignIn,
  findTwoFactor,
  insertPendingSignIn,
  replaceRecoveryCodes,
  saveTwoFactorSecret,
} from './two-factor.repository';

const PERIOD_SECONDS = 30;
/** A code from the step before or after the server's is accepted (clock drift). */
const DRIFT_STEPS = 1;
const RECOVERY_CODE_COUNT = 10;
/** Wrong codes a pending sign-in survives before it ends. */
export const PENDING_SIGN_IN_ATTEMPTS = 5;
export const PENDING_SIGN_IN_MAX_AGE_SECONDS = 300;

export interface SecondFactorInput {
  code?: string | undefined;
  recovery_code?: string | undefined;
}

export interface TwoFactorDeps {
  db: Db;
  clock: Clock;
  options: OptionsStore;
  /** Keys the pending sign-in row ids, like the session ids. */
  secret: string;
}

/** Recovery codes are typed by hand: case, spaces and dashes do not matter. */
const normaliseRecoveryCode = (code: string): string => code.toLowerCase().replace(/[\s-]/g, '');

const newRecoveryCode = (): string => {
  const hex = randomBytes(5).toString('hex');
  return `${hex.slice(0, 5)}-${hex.slice(5)}`;
};

export class TwoFactorService {
  constructor(private readonly deps: TwoFactorDeps) {}

  async isEnabled(userId: number): Promise<boolean> {
    return (await findTwoFactor(this.deps.db, userId))?.enabled === 1;
  }

  /** A fresh secret and its otpauth URI; replaces an unfinished setup, never an enabled one. */
  async setup(userId: number, username: string): Promise<{ secret: string; uri: string }> {
    if (await this.isEnabled(userId)) throw refuse('twoFactor.alreadyEnabled');
    const secret = new Secret({ size: 20 });
    await saveTwoFactorSecret(this.deps.db, userId, secret.base32, this.deps.clock.now());
    return { secret: secret.base32, uri: this.totp(secret.base32, username).toString() };
  }

  /** Turns the factor on once a code proves the user holds the secret; returns the recovery
   * codes, shown this once (only their hashes are kept). */
  async enable(userId: number, code: string): Promise<string[]> {
    const { db } = this.deps;
    const row = await findTwoFactor(db, userId);
    if (!row) throw refuse('twoFactor.notSetUp');
    if (row.enabled === 1) throw refuse('twoFactor.alreadyEnabled');
    const step = this.matchingStep(row.secret, code);
    if (step === null || !(await claimStep(db, userId, step))) throw refuse('twoFactor.wrongCode');
    const codes = Array.from({ length: RECOVERY_CODE_COUNT }, newRecoveryCode);
    await db.transaction().execute(async (trx) => {
      if (!(await enableTwoFactor(trx, userId))) throw refuse('twoFactor.alreadyEnabled');
      await replaceRecoveryCodes(
        trx,
        userId,
        codes.map((c) => sha256Hex(normaliseRecoveryCode(c))),
      );
    });
    return codes;
  }

  async disable(userId: number, input: SecondFactorInput): Promise<void> {
    if (!(await this.verify(userId, input))) throw refuse('twoFactor.wrongCode');
    await deleteTwoFactor(this.deps.db, userId);
  }

  /** Whether a code (single use within its step) or an unused recovery code is right. */
  async verify(userId: number, input: SecondFactorInput): Promise<boolean> {
    const { db } = this.deps;
    const row = await findTwoFactor(db, userId);
    if (row?.enabled !== 1) return false;
    if (input.code) {
      const step = this.matchingStep(row.secret, input.code);
      return step !== null && (await claimStep(db, userId, step));
    }
    if (input.recovery_code) {
      const hash = sha256Hex(normaliseRecoveryCode(input.recovery_code));
      return consumeRecoveryCode(db, userId, hash);
    }
    return false;
  }

  /** Holds a password sign-in until its second factor; returns the pending cookie's token. */
  async startPending(userId: number): Promise<string> {
    const token = randomToken(32);
    await insertPendingSignIn(this.deps.db, {
      id: this.pendingId(token),
      user_id: userId,
      expires_at: this.deps.clock.now() + PENDING_SIGN_IN_MAX_AGE_SECONDS,
    });
    return token;
  }

  /** Finishes a pending sign-in with its second factor; returns the user it belongs to. Each
   * wrong answer is counted, and the fifth ends the pending sign-in. */
  async finishPending(token: string | undefined, input: SecondFactorInput): Promise<number> {
    const { db, clock } = this.deps;
    if (!token) throw refuse('twoFactor.pendingExpired');
    const id = this.pendingId(token);
    const pending = await findPendingSignIn(db, id);
    if (!pending || pending.expires_at <= clock.now()) {
      if (pending) await deletePendingSignIn(db, id);
      throw refuse('twoFactor.pendingExpired');
    }
    if (pending.attempts >= PENDING_SIGN_IN_ATTEMPTS) throw refuse('twoFactor.pendingExpired');
    if (await this.verify(pending.user_id, input)) {
      // Deleting it is the claim: of two racing right answers only one signs in.
      if (!(await deletePendingSignIn(db, id))) throw refuse('twoFactor.pendingExpired');
      return pending.user_id;
    }
    const counted = await countFailedAttempt(db, id, PENDING_SIGN_IN_ATTEMPTS);
    if (!counted || pending.attempts + 1 >= PENDING_SIGN_IN_ATTEMPTS) {
      await deletePendingSignIn(db, id);
      throw refuse('twoFactor.tooManyAttempts');
    }
    throw refuse('twoFactor.wrongCode');
  }

  /** Removes a user's second factor (admin reset); false when there was none. */
  reset(db: Db, userId: number): Promise<boolean> {
    return deleteTwoFactor(db, userId);
  }

  private pendingId(token: string): string {
    return hmacSha256Hex(this.deps.secret, `pending:${token}`);
  }

  private totp(secret: string, username: string): TOTP {
    return new TOTP({
      issuer: this.deps.options.getString('SystemName') || 'Switchyard',
      label: username,
      algorithm: 'SHA1',
      digits: 6,
      period: PERIOD_SECONDS,
      secret: Secret.fromBase32(secret),
    });
  }

  /** The time step a code belongs to, or null when it matches none near now. */
  private matchingStep(secret: string, code: string): number | null {
    const token = code.replace(/\s/g, '');
    if (!/^\d{6}$/.test(token)) return null;
    const timestamp = nowMsOf(this.deps.clock);
    const delta = this.totp(secret, '').validate({ token, timestamp, window: DRIFT_STEPS });
    if (delta === null) return null;
    return TOTP.counter({ period: PERIOD_SECONDS, timestamp }) + delta;
  }
}

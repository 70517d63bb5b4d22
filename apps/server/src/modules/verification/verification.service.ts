// Expiring, single-use secrets sent to an address: email codes and password-reset tokens.
// Stored hashed in the database, so any node can check a code another node sent, and a
// DELETE that only one caller can win makes each secret usable once.
import type { Db } from '../../db/database';
import type { Clock } from '../../lib/clock';
import { randomCode, randomToken, sha256Hex } from '../../lib/crypto';
import {
  consumeVerification,
  deleteExpiredVerifications,
  deleteVerificationsFor,
  insertVerification,
} from './verification.repository';

export type VerificationPurpose = 'email' | 'reset';

/** How long each kind of secret stays valid, seconds. */
export const VERIFICATION_TTL: Record<VerificationPurpose, number> = {
  email: 10 * 60,
  reset: 15 * 60,
};

const EMAIL_CODE_LENGTH = 6;

const normalise = (target: string): string => target.trim().toLowerCase();

export class VerificationService {
  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
  ) {}

  /** Makes and stores a new secret for the address; returns it (to be mailed, never stored). */
  async issue(purpose: VerificationPurpose, target: string): Promise<string> {
    const secret = purpose === 'email' ? randomCode(EMAIL_CODE_LENGTH) : randomToken(24);
    const now = this.clock.now();
    await deleteExpiredVerifications(this.db, now);
    await insertVerification(this.db, {
      id: this.idOf(purpose, target, secret),
      purpose,
      target: normalise(target),
      created_at: now,
      expires_at: now + VERIFICATION_TTL[purpose],
    });
    return secret;
  }

  /** True once for a valid, unexpired secret; it cannot be used again. */
  async consume(purpose: VerificationPurpose, target: string, secret: string): Promise<boolean> {
    if (!secret) return false;
    const id = this.idOf(purpose, target, secret.trim());
    return consumeVerification(this.db, id, this.clock.now());
  }

  async revokeAll(purpose: VerificationPurpose, target: string): Promise<void> {
    await deleteVerificationsFor(this.db, purpose, normalise(target));
  }

  private idOf(purpose: VerificationPurpose, target: string, secret: string): string {
    return sha256Hex(`${purpose}\n${normalise(target)}\n${secret}`);
  }
}

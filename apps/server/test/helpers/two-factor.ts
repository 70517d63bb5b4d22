// Second-factor helpers for tests: a clock the test moves, codes computed the way an
// authenticator app computes them, and the two steps of a sign-in with a second factor.
import { PENDING_SIGN_IN_COOKIE } from '@switchyard/contracts';
import { Secret, TOTP } from 'otpauth';
import type { Clock } from '../../src/lib/clock';
import type { TestClient, TestResponse } from './client';

/** A clock standing still until the test moves it. */
export class ManualClock implements Clock {
  constructor(public seconds = 1_800_000_000) {}
  now(): number {
    return this.seconds;
  }
  nowMs(): number {
    return this.seconds * 1000;
  }
  advance(seconds: number): void {
    this.seconds += seconds;
  }
}

/** The code an authenticator app shows for this secret at the clock's time. */
export const codeAt = (secret: string, clock: Clock): string =>
  new TOTP({ secret: Secret.fromBase32(secret) }).generate({ timestamp: clock.now() * 1000 });

/** The pending sign-in cookie a reply set, or undefined. */
export function pendingCookieOf(reply: TestResponse): string | undefined {
  const header = reply.headers['set-cookie'];
  const cookies = Array.isArray(header) ? header : header === undefined ? [] : [String(header)];
  const match = cookies
    .map((cookie) => new RegExp(`^${PENDING_SIGN_IN_COOKIE}=([^;]*)`).exec(cookie))
    .find((found) => found !== null);
  return match?.[1] ? match[1] : undefined;
}

/** The second step of a sign-in, sending the pending cookie the first step set. */
export const secondStep = (
  client: TestClient,
  pending: string | undefined,
  body: { code?: string; recovery_code?: string },
) =>
  client.post('/api/user/login/2fa', body, {
    cookie: pending ? `${PENDING_SIGN_IN_COOKIE}=${pending}` : '',
  });

/** Turns the second factor on for a signed-in client; returns the secret and recovery codes. */
export async function enableTwoFactor(
  client: TestClient,
  clock: Clock,
): Promise<{ secret: string; recoveryCodes: string[] }> {
  const setup = await client.post<{ secret: string; uri: string }>('/api/user/2fa/setup', {});
  const secret = setup.json.data?.secret ?? '';
  const enable = await client.post<{ recovery_codes: string[] }>('/api/user/2fa/enable', {
    code: codeAt(secret, clock),
  });
  return { secret, recoveryCodes: enable.json.data?.recovery_codes ?? [] };
}

// Cloudflare Turnstile: when the check is on, a request carries a widget token that the server
// confirms with the configured verify endpoint before doing anything else.
import { refuse } from '../../lib/errors';
import type { OptionsStore } from '../options/options.store';

export interface TurnstileLog {
  warn(details: object, message: string): void;
}

const VERIFY_TIMEOUT_MS = 10_000;

export class TurnstileService {
  constructor(
    private readonly options: OptionsStore,
    private readonly verifyUrl: string,
    private readonly log: TurnstileLog,
  ) {}

  /** Passes when the check is off or the token verifies; otherwise a refusal. */
  async check(token: string | undefined, remoteIp: string): Promise<void> {
    if (!this.options.getBool('TurnstileCheckEnabled')) return;
    if (!token) throw refuse('turnstile.missing');
    const form = new URLSearchParams({
      secret: this.options.get('TurnstileSecretKey'),
      response: token,
      remoteip: remoteIp,
    });
    let passed = false;
    try {
      const response = await fetch(this.verifyUrl, {
        method: 'POST',
        body: form,
        signal: AbortSignal.timeout(VERIFY_TIMEOUT_MS),
      });
      const body = (await response.json()) as { success?: unknown };
      passed = response.ok && body.success === true;
    } catch (error) {
      this.log.warn({ err: error }, 'Turnstile verification request failed');
    }
    if (!passed) throw refuse('turnstile.failed');
  }
}

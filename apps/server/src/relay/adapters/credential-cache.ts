// Short-lived provider credentials (Baidu access tokens, Zhipu JWTs) kept for their lifetime:
// concurrent requests for the same key share one exchange (single-flight), and with Redis (the
// adapter context's `credentials`) every node reads the one a node already made.
import { createHash } from 'node:crypto';
import type { RedisClient } from '../../lib/redis';

export interface MintedCredential {
  value: string;
  /** How long the provider accepts it, in milliseconds. */
  ttlMs: number;
}

interface Entry {
  value: string;
  expiresAt: number;
}

/** A credential is renewed this long before it expires, so no request carries a dying one. */
const RENEW_MARGIN_MS = 60_000;

/** Where the nodes share the credentials one of them made: Redis, under the deployment's prefix. */
export interface SharedCredentials {
  redis: RedisClient;
  prefix: string;
}

export class CredentialCache {
  private readonly local = new Map<string, Entry>();
  private readonly inflight = new Map<string, Promise<string>>();

  /** `namespace` keeps the providers' entries apart in Redis. */
  constructor(private readonly namespace: string) {}

  /**
   * The credential for a channel key: cached, being made, or made now by `mint`; with `shared`,
   * read from (and written to) the store every node reads.
   */
  get(
    key: string,
    mint: () => Promise<MintedCredential>,
    shared?: SharedCredentials,
  ): Promise<string> {
    const now = Date.now();
    const hit = this.local.get(key);
    if (hit && hit.expiresAt - RENEW_MARGIN_MS > now) return Promise.resolve(hit.value);
    const pending = this.inflight.get(key);
    if (pending) return pending;
    const made = this.load(key, mint, shared).finally(() => this.inflight.delete(key));
    this.inflight.set(key, made);
    return made;
  }

  /** Forgets a credential the provider refused (revoked, expired early), on every node. */
  async invalidate(key: string, shared?: SharedCredentials): Promise<void> {
    this.local.delete(key);
    if (shared) await shared.redis.del(this.redisKey(key, shared)).catch(() => 0);
  }

  private async load(
    key: string,
    mint: () => Promise<MintedCredential>,
    store: SharedCredentials | undefined,
  ): Promise<string> {
    if (store) {
      const raw = await store.redis.get(this.redisKey(key, store)).catch(() => null);
      const entry = raw ? parseEntry(raw) : undefined;
      if (entry && entry.expiresAt - RENEW_MARGIN_MS > Date.now()) {
        this.local.set(key, entry);
        return entry.value;
      }
    }
    const minted = await mint();
    const entry = { value: minted.value, expiresAt: Date.now() + minted.ttlMs };
    this.local.set(key, entry);
    if (store) {
      await store.redis
        .set(this.redisKey(key, store), JSON.stringify(entry), 'PX', minted.ttlMs)
        .catch(() => undefined);
    }
    return entry.value;
  }

  /** The channel key is hashed: secrets never appear in Redis key names. */
  private redisKey(key: string, shared: SharedCredentials): string {
    const digest = createHash('sha256').update(key).digest('hex').slice(0, 32);
    return `${shared.prefix}credential:${this.namespace}:${digest}`;
  }
}

function parseEntry(raw: string): Entry | undefined {
  try {
    const parsed = JSON.parse(raw) as Partial<Entry>;
    return typeof parsed.value === 'string' && typeof parsed.expiresAt === 'number'
      ? { value: parsed.value, expiresAt: parsed.expiresAt }
      : undefined;
  } catch {
    return undefined;
  }
}

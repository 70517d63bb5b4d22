// Zhipu's API token: an HS256 JWT made from the key `id.secret` (header sign_type SIGN, payload
// api_key, exp and timestamp in milliseconds), cached for its lifetime and shared by requests.
import { createHmac } from 'node:crypto';
import { CredentialCache, type SharedCredentials } from '../credential-cache';

/** How long a made token is valid. */
export const ZHIPU_TOKEN_TTL_MS = 30 * 60_000;

const base64url = (value: string | Buffer): string => Buffer.from(value).toString('base64url');

export function zhipuJwt(key: string, nowMs: number, ttlMs = ZHIPU_TOKEN_TTL_MS): string {
  const dot = key.indexOf('.');
  const id = dot < 0 ? key : key.slice(0, dot);
  const secret = dot < 0 ? '' : key.slice(dot + 1);
  const header = base64url(JSON.stringify({ alg: 'HS256', sign_type: 'SIGN' }));
  const payload = base64url(JSON.stringify({ api_key: id, exp: nowMs + ttlMs, timestamp: nowMs }));
  const signature = createHmac('sha256', secret).update(`${header}.${payload}`).digest();
  return `${header}.${payload}.${base64url(signature)}`;
}

export const zhipuTokens = new CredentialCache('zhipu');

/** The cached token of a channel key (one per key for the token's lifetime). */
export const zhipuToken = (key: string, shared?: SharedCredentials): Promise<string> =>
  zhipuTokens.get(
    key,
    async () => ({ value: zhipuJwt(key, Date.now()), ttlMs: ZHIPU_TOKEN_TTL_MS }),
    shared,
  );

// Token keys: 48 letters and digits drawn from a CSPRNG.
import { randomInt } from 'node:crypto';
import { TOKEN_KEY_LENGTH } from '@switchyard/contracts';

const ALPHANUMERIC = '0123456789abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ';

export function generateTokenKey(): string {
  let key = '';
  for (let i = 0; i < TOKEN_KEY_LENGTH; i += 1) key += ALPHANUMERIC[randomInt(ALPHANUMERIC.length)];
  return key;
}

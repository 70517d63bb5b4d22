// Random tokens, keyed hashes and password hashing (bcrypt, cost 10).
import { createHash, createHmac, randomBytes, randomInt } from 'node:crypto';
import bcrypt from 'bcryptjs';

export const BCRYPT_COST = 10;

/** A URL-safe random token of `bytes` random bytes (32 bytes → 43 characters). */
export const randomToken = (bytes = 32): string => randomBytes(bytes).toString('base64url');

export const sha256Hex = (value: string): string =>
  createHash('sha256').update(value).digest('hex');

export const hmacSha256Hex = (secret: string, value: string): string =>
  createHmac('sha256', secret).update(value).digest('hex');

const CODE_ALPHABET = 'abcdefghijkmnpqrstuvwxyzABCDEFGHJKLMNPQRSTUVWXYZ23456789';

/** A random code of letters and digits without look-alikes (0/O, 1/l/I). */
export function randomCode(length: number): string {
  let code = '';
  for (let i = 0; i < length; i += 1) code += CODE_ALPHABET[randomInt(CODE_ALPHABET.length)];
  return code;
}

export const hashPassword = (password: string, cost = BCRYPT_COST): Promise<string> =>
  bcrypt.hash(password, cost);

export const verifyPassword = (password: string, hash: string): Promise<boolean> =>
  bcrypt.compare(password, hash);

// A fixed hash compared against when the user does not exist, so the reply takes as long.
const DUMMY_HASH = bcrypt.hashSync(randomToken(12), BCRYPT_COST);

export async function burnPasswordCheck(password: string): Promise<false> {
  await bcrypt.compare(password, DUMMY_HASH);
  return false;
}

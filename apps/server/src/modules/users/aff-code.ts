// Generates a fresh, unused invitation code of 4 to 8 characters.
import type { Db } from '../../db/database';
import { randomCode } from '../../lib/crypto';
import { isAffCodeTaken } from './users.repository';

const ATTEMPTS_PER_LENGTH = 3;

export async function generateAffCode(db: Db): Promise<string> {
  for (let length = 4; length <= 8; length += 1) {
    for (let attempt = 0; attempt < ATTEMPTS_PER_LENGTH; attempt += 1) {
      const code = randomCode(length);
      if (!(await isAffCodeTaken(db, code))) return code;
    }
  }
  throw new Error('Could not find a free invitation code');
}

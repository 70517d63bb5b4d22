// Start-up work on the options table: store missing defaults, resolve the session secret.
import { OPTION_DEFINITIONS, OPTION_KEYS } from '@switchyard/contracts/options';
import type { Db } from '../../db/database';
import { randomToken } from '../../lib/crypto';
import { insertMissingOptions, readOptionValue } from './options.repository';

/** Private row (not an option of the console) holding the generated session secret. */
export const SESSION_SECRET_KEY = '_SessionSecret';

/** Inserts every defined option that has no row yet, with its default. Never overwrites. */
export async function ensureOptionDefaults(db: Db): Promise<void> {
  const rows = OPTION_KEYS.map((key) => ({ key, value: OPTION_DEFINITIONS[key].default }));
  await insertMissingOptions(db, rows);
}

/**
 * The configured SESSION_SECRET, or one generated once and kept in the database so every node
 * sharing it agrees and restarts keep sessions. Insert-ignore then read back: racing nodes agree.
 */
export async function resolveSessionSecret(
  db: Db,
  configured: string | undefined,
): Promise<string> {
  if (configured) return configured;
  await insertMissingOptions(db, [{ key: SESSION_SECRET_KEY, value: randomToken(32) }]);
  const stored = await readOptionValue(db, SESSION_SECRET_KEY);
  if (!stored) throw new Error('Could not store the generated session secret');
  return stored;
}

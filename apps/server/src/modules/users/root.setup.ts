// First start: creates the root account when there is no user at all (safe when nodes race).
import {
  DEFAULT_GROUP,
  ROOT_DEFAULT_PASSWORD,
  ROOT_DEFAULT_USERNAME,
  ROOT_INITIAL_QUOTA,
  Role,
  UserStatus,
} from '@switchyard/contracts';
import type { Db } from '../../db/database';
import { isUniqueViolation } from '../../db/dialect';
import type { Clock } from '../../lib/clock';
import { hashPassword, verifyPassword } from '../../lib/crypto';
import { generateAffCode } from './aff-code';
import { countUsers, findUserByUsername, insertUser } from './users.repository';

/** Creates root / 123456 when the users table is empty. Returns true when it created it. */
export async function ensureRootUser(db: Db, clock: Clock): Promise<boolean> {
  if ((await countUsers(db)) > 0) return false;
  const password = await hashPassword(ROOT_DEFAULT_PASSWORD);
  try {
    await insertUser(db, {
      username: ROOT_DEFAULT_USERNAME,
      password,
      display_name: 'Root User',
      role: Role.root,
      status: UserStatus.enabled,
      quota: ROOT_INITIAL_QUOTA,
      group: DEFAULT_GROUP,
      aff_code: await generateAffCode(db),
      created_at: clock.now(),
      email: null,
      github_id: null,
      wechat_id: null,
      telegram_id: null,
      access_token: null,
      deleted_at: null,
    });
    return true;
  } catch (error) {
    // Another node created it first.
    if (isUniqueViolation(error)) return false;
    throw error;
  }
}

/** True while the root account can still sign in with the default password. */
export async function rootUsesDefaultPassword(db: Db): Promise<boolean> {
  const root = await findUserByUsername(db, ROOT_DEFAULT_USERNAME);
  if (!root || root.deleted_at !== null) return false;
  return verifyPassword(ROOT_DEFAULT_PASSWORD, root.password);
}

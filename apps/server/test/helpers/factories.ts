// Test data factories: users written straight to the database.
import { Role, UserStatus } from '@switchyard/contracts';
import type { Db } from '../../src/db/database';
import type { Schema } from '../../src/db/schema';
import { hashPassword } from '../../src/lib/crypto';
import { insertUser } from '../../src/modules/users/users.repository';

let sequence = 0;

export interface UserFactoryInput {
  username?: string;
  password?: string;
  role?: number;
  status?: number;
  quota?: number;
  aff_code?: string | null;
  email?: string | null;
}

export interface CreatedUser {
  id: number;
  username: string;
  password: string;
}

/** Inserts a user (bcrypt cost 4 to keep tests fast; any cost verifies the same way). */
export async function createUser(db: Db, input: UserFactoryInput = {}): Promise<CreatedUser> {
  sequence += 1;
  const username = input.username ?? `user${process.pid % 1000}${sequence}`;
  const password = input.password ?? 'password123';
  const id = await insertUser(db, {
    username,
    password: await hashPassword(password, 4),
    display_name: username,
    role: input.role ?? Role.common,
    status: input.status ?? UserStatus.enabled,
    quota: input.quota ?? 0,
    aff_code: input.aff_code ?? null,
    email: input.email ?? null,
    github_id: null,
    wechat_id: null,
    telegram_id: null,
    access_token: null,
    created_at: Math.floor(Date.now() / 1000),
    deleted_at: null,
  });
  return { id, username, password };
}

export const createAdmin = (db: Db, input: UserFactoryInput = {}) =>
  createUser(db, { ...input, role: Role.admin });

export async function countRows(db: Db, table: keyof Schema): Promise<number> {
  const row = await db
    .selectFrom(table)
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

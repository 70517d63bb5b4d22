// The row of a newly created account: one place for the defaults every sign-up path shares.
import { DEFAULT_GROUP, Role, UserStatus } from '@switchyard/contracts';
import type { Db } from '../../db/database';
import type { NewUser } from '../../db/schema';
import { generateAffCode } from './aff-code';

export interface NewAccount {
  username: string;
  passwordHash: string;
  displayName?: string | undefined;
  quota: number;
  now: number;
  email?: string | null;
  inviterId?: number;
  external?: Partial<Pick<NewUser, 'github_id' | 'wechat_id' | 'telegram_id' | 'oidc_id'>>;
}

export async function newUserRow(db: Db, account: NewAccount): Promise<NewUser> {
  return {
    username: account.username,
    password: account.passwordHash,
    display_name: account.displayName || account.username,
    role: Role.common,
    status: UserStatus.enabled,
    quota: account.quota,
    group: DEFAULT_GROUP,
    aff_code: await generateAffCode(db),
    inviter_id: account.inviterId ?? 0,
    created_at: account.now,
    email: account.email ?? null,
    github_id: null,
    wechat_id: null,
    telegram_id: null,
    access_token: null,
    deleted_at: null,
    ...account.external,
  };
}

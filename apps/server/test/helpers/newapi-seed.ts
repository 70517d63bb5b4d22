// Realistic rows for a reference database: bcrypt hashes as Go writes them ($2a$), 48-character
// keys, JSON mappings, soft-deleted users, inviters, used codes, top-ups, logs and tasks.
import { randomBytes } from 'node:crypto';
import bcrypt from 'bcryptjs';
import { seedUsage } from './newapi-seed-usage';
import { insertRows, type SourceDatabase } from './newapi-source';

export { seedUsage } from './newapi-seed-usage';

export interface SeedSizes {
  users: number;
  tokens: number;
  channels: number;
  redemptions: number;
  topUps: number;
  logs: number;
  drawings: number;
  tasks: number;
}

export interface SeededSource {
  sizes: SeedSizes;
  /** Source user 2: a customer with a key, a password and an access token. */
  customer: {
    sourceId: number;
    username: string;
    password: string;
    accessToken: string;
    key: string;
  };
  root: { username: string; password: string };
  /** Source ids of soft-deleted users. */
  deletedUserIds: number[];
  /** Options rows written: known to Switchyard and not. */
  options: { known: Record<string, string>; unknown: string[] };
  /** The channel that relays `gpt-4o-mini` to the fake upstream. */
  liveChannel: { sourceId: number; key: string };
  /** Unknown channel types (imported disabled). */
  unknownTypeChannels: number;
  /** Sum of the abilities the channels should have (group × model, enabled or not). */
  abilities: number;
}

const ALPHANUMERIC = 'abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789';
const tokenKey = () =>
  Array.from(randomBytes(48), (byte) => ALPHANUMERIC[byte % ALPHANUMERIC.length]).join('');
const hex = (bytes: number) => randomBytes(bytes).toString('hex');

/** A bcrypt hash the way Go's x/crypto/bcrypt writes it (same algorithm, `$2a$` prefix). */
export const goBcrypt = (password: string, cost = 10) =>
  bcrypt.hashSync(password, cost).replace(/^\$2b\$/, '$2a$');

export async function seedNewApi(
  source: SourceDatabase,
  sizes: SeedSizes,
  upstreamUrl: string,
): Promise<SeededSource> {
  const isNew = source.release === 'new-api';
  const now = Math.floor(Date.now() / 1000);
  const prefix = isNew ? 'n' : 'o';
  const root = { username: 'root', password: 'root-pass-123' };
  const customer = {
    sourceId: 2,
    username: `${prefix}alice`,
    password: 'alice-old-pw1',
    accessToken: hex(16),
    key: tokenKey(),
  };
  // A handful of distinct hashes (bcrypt is slow on purpose); every user has one of them.
  const shared = goBcrypt('shared-pass-1', 4);
  const deletedUserIds: number[] = [];
  const users = Array.from({ length: sizes.users }, (_, i) => {
    const id = i + 1;
    const deleted = isNew && id > 2 && id % 25 === 0;
    if (deleted) deletedUserIds.push(id);
    const row: Record<string, unknown> = {
      // new-api allows 20 characters (one-api 12); user 3 has a long one.
      username:
        id === 1
          ? root.username
          : id === 2
            ? customer.username
            : id === 3 && isNew
              ? `${prefix}_long_username3`
              : `${prefix}user${id}`,
      password:
        id === 1 ? goBcrypt(root.password) : id === 2 ? goBcrypt(customer.password) : shared,
      display_name: id === 1 ? 'Root User' : `User ${id}`,
      role: id === 1 ? 100 : id % 50 === 0 ? 10 : 1,
      status: id % 40 === 0 ? 2 : 1,
      email: id % 3 === 0 ? `u${id}@example.com` : '',
      github_id: id % 7 === 0 ? String(10_000 + id) : '',
      wechat_id: id % 11 === 0 ? `wx_${id}` : '',
      access_token: id === 2 ? customer.accessToken : id % 5 === 0 ? hex(16) : null,
      quota: id === 2 ? 5_000_000 : 100_000 * (id % 9),
      used_quota: 1000 * id,
      request_count: id * 3,
      group: id % 4 === 0 ? 'vip' : 'default',
      aff_code: hex(2) + String(id).padStart(4, '0'),
      inviter_id: id > 10 && id % 6 === 0 ? 2 : 0,
    };
    if (isNew) {
      Object.assign(row, {
        telegram_id: id % 13 === 0 ? String(900_000 + id) : '',
        aff_count: id === 2 ? 40 : 0,
        aff_quota: id === 2 ? 20_000 : 0,
        aff_history: id === 2 ? 60_000 : 0,
        deleted_at: deleted ? source.deletedAt(now - 86_400) : null,
        discord_id: id % 17 === 0 ? `d${id}` : '',
        setting: '{"notify_type":"email"}',
        created_at: now - 86_400 * 30 + id,
      });
    } else {
      row.lark_id = '';
    }
    return row;
  });
  await insertRows(source, 'users', users);

  const tokens = Array.from({ length: sizes.tokens }, (_, i) => {
    const id = i + 1;
    const limited = id % 10 === 0;
    const row: Record<string, unknown> = {
      user_id: id === 1 ? 2 : (id % sizes.users) + 1,
      key: id === 1 ? customer.key : tokenKey(),
      status: id % 30 === 0 ? 2 : 1,
      name:
        id === 1
          ? 'production'
          : id === 2
            ? 'a token name longer than thirty characters'
            : `key-${id}`,
      created_time: now - 3600 * id,
      accessed_time: now - 60 * id,
      expired_time: id % 8 === 0 ? now + 86_400 * 30 : -1,
      // Token 3 was overdrawn by a charge after its last reply (the reference allows that).
      remain_quota: id === 1 ? 2_000_000 : id === 3 ? -1200 : 50_000 * (id % 5),
      unlimited_quota: source.bool(id % 4 === 0),
      used_quota: 700 * id,
    };
    if (isNew) {
      Object.assign(row, {
        model_limits_enabled: source.bool(limited),
        model_limits: limited ? 'gpt-4o-mini,claude-3-5-sonnet' : '',
        allow_ips: id % 20 === 0 ? '10.0.0.1' : '',
        group: '',
        cross_group_retry: source.bool(false),
        deleted_at: id % 33 === 0 ? source.deletedAt(now - 3600) : null,
      });
    } else {
      Object.assign(row, { models: limited ? 'gpt-3.5-turbo' : null, subnet: '' });
    }
    return row;
  });
  await insertRows(source, 'tokens', tokens);

  let abilities = 0;
  let unknownTypeChannels = 0;
  const liveChannel = { sourceId: 1, key: `sk-upstream-${hex(8)}` };
  const channels = Array.from({ length: sizes.channels }, (_, i) => {
    const id = i + 1;
    const unknownType = id % 45 === 0;
    if (unknownType) unknownTypeChannels += 1;
    const groups = id % 3 === 0 ? 'default,vip' : 'default';
    const models =
      id === 1 ? 'gpt-4o-mini' : id % 2 === 0 ? 'gpt-4o,gpt-4o-mini' : 'claude-3-5-sonnet';
    abilities += groups.split(',').length * models.split(',').length;
    const row: Record<string, unknown> = {
      type: unknownType ? 9999 : id % 5 === 0 ? 14 : 1,
      key: id === 1 ? liveChannel.key : `sk-${hex(24)}`,
      status: id === 1 ? 1 : id % 9 === 0 ? 3 : 1,
      name: `channel-${id}`,
      weight: id % 4,
      created_time: now - 86_400 * id,
      test_time: now - 600,
      response_time: 300 + id,
      base_url: id === 1 ? upstreamUrl : id % 5 === 0 ? 'http://127.0.0.1:9' : '',
      other: '',
      balance: 12.5 + id,
      balance_updated_time: now - 7200,
      models,
      group: groups,
      used_quota: 10_000 * id,
      // Not the live channel: its requests go to the model the caller named.
      model_mapping: id === 1 ? '' : JSON.stringify({ 'gpt-4o': 'gpt-4o-2024-08-06' }),
      priority: id === 1 ? 100 : id % 3,
    };
    if (isNew) {
      Object.assign(row, {
        openai_organization: '',
        test_model: 'gpt-4o-mini',
        status_code_mapping: id % 2 === 0 ? JSON.stringify({ '429': '500' }) : '',
        auto_ban: id % 6 === 0 ? 0 : 1,
        other_info:
          id % 9 === 0
            ? JSON.stringify({ status_reason: 'quota exceeded', status_time: now - 60 })
            : '',
        tag: id % 10 === 0 ? 'bulk' : null,
        setting: '',
        param_override: id % 15 === 0 ? '{"temperature":0}' : '',
        header_override: '',
        channel_info: JSON.stringify({ is_multi_key: false, multi_key_size: 0 }),
        settings: '',
      });
    } else {
      Object.assign(row, {
        config: id % 7 === 0 ? '{"region":"us-east-1"}' : '',
        system_prompt: null,
      });
    }
    return row;
  });
  await insertRows(source, 'channels', channels);

  const redemptions = Array.from({ length: sizes.redemptions }, (_, i) => {
    const id = i + 1;
    const used = id % 3 === 0;
    const row: Record<string, unknown> = {
      user_id: 1,
      key: hex(16),
      status: used ? 3 : id % 10 === 0 ? 2 : 1,
      name: `batch-${Math.ceil(id / 50)}`,
      quota: 500_000,
      created_time: now - 86_400,
      redeemed_time: used ? now - 3600 : 0,
    };
    if (isNew) {
      Object.assign(row, {
        used_user_id: used ? (id % sizes.users) + 1 : 0,
        deleted_at: null,
        expired_time: 0,
      });
    }
    return row;
  });
  await insertRows(source, 'redemptions', redemptions);

  if (isNew) {
    const topUps = Array.from({ length: sizes.topUps }, (_, i) => ({
      user_id: (i % sizes.users) + 1,
      amount: 10 + i,
      money: (10 + i) * 7.3,
      trade_no: `A${hex(3)}${now - i}`,
      payment_method: i % 2 === 0 ? 'alipay' : 'wxpay',
      create_time: now - 3600 * i,
      complete_time: i % 4 === 0 ? 0 : now - 3600 * i + 30,
      status: i % 4 === 0 ? 'pending' : 'success',
    }));
    await insertRows(source, 'top_ups', topUps);
  }

  const known = { SystemName: 'Old Gateway', QuotaForNewUser: '250000', Notice: 'Welcome back' };
  const unknown = ['SomeFutureFlag', 'LinuxDOOAuthEnabled'];
  await insertRows(source, 'options', [
    ...Object.entries(known).map(([key, value]) => ({ key, value })),
    ...unknown.map((key) => ({ key, value: 'true' })),
  ]);

  await seedUsage(source, sizes, now);
  return {
    sizes,
    customer,
    root,
    deletedUserIds,
    options: { known, unknown },
    liveChannel,
    unknownTypeChannels,
    abilities,
  };
}

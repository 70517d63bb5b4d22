// Initial schema: every table the spec's entities need, in types all three engines share.
// Never edit a migration after it has landed; add a new one instead.
import type { Kysely } from 'kysely';
import type { DatabaseEngine } from '../../config';
import { engineOf } from '../dialect';
import { createTable, index, withId } from './table-helpers';

async function createUsers(db: Kysely<unknown>, engine: DatabaseEngine): Promise<void> {
  await createTable(db, engine, 'users')
    .$call(withId(engine))
    .addColumn('username', 'varchar(64)', (c) => c.notNull())
    .addColumn('password', 'varchar(255)', (c) => c.notNull())
    .addColumn('display_name', 'varchar(64)', (c) => c.notNull().defaultTo(''))
    .addColumn('role', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('status', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('email', 'varchar(128)')
    .addColumn('github_id', 'varchar(128)')
    .addColumn('wechat_id', 'varchar(128)')
    .addColumn('telegram_id', 'varchar(128)')
    .addColumn('access_token', 'varchar(64)')
    .addColumn('quota', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('used_quota', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('request_count', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('group', 'varchar(64)', (c) => c.notNull().defaultTo('default'))
    .addColumn('aff_code', 'varchar(32)')
    .addColumn('aff_count', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('aff_quota', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('aff_history_quota', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('inviter_id', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('deleted_at', 'bigint')
    .execute();
  for (const column of [
    'username',
    'email',
    'github_id',
    'wechat_id',
    'telegram_id',
    'access_token',
    'aff_code',
  ]) {
    await index(db, 'users', [column], true);
  }
  await index(db, 'users', ['group']);
}

async function createSessions(db: Kysely<unknown>, engine: DatabaseEngine): Promise<void> {
  await createTable(db, engine, 'sessions')
    .addColumn('id', 'varchar(64)', (c) => c.primaryKey())
    .addColumn('user_id', 'bigint', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('expires_at', 'bigint', (c) => c.notNull())
    .addColumn('last_seen_at', 'bigint', (c) => c.notNull())
    .execute();
  await index(db, 'sessions', ['user_id']);
  await index(db, 'sessions', ['expires_at']);
}

async function createTokens(db: Kysely<unknown>, engine: DatabaseEngine): Promise<void> {
  await createTable(db, engine, 'tokens')
    .$call(withId(engine))
    .addColumn('user_id', 'bigint', (c) => c.notNull())
    .addColumn('key', 'varchar(64)', (c) => c.notNull())
    .addColumn('status', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('name', 'varchar(255)', (c) => c.notNull().defaultTo(''))
    .addColumn('created_time', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('accessed_time', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('expired_time', 'bigint', (c) => c.notNull().defaultTo(-1))
    .addColumn('remain_quota', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('unlimited_quota', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('model_limits_enabled', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('model_limits', 'varchar(1024)', (c) => c.notNull().defaultTo(''))
    .addColumn('used_quota', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('deleted_at', 'bigint')
    .execute();
  await index(db, 'tokens', ['key'], true);
  await index(db, 'tokens', ['user_id', 'id']);
}

async function createChannels(db: Kysely<unknown>, engine: DatabaseEngine): Promise<void> {
  await createTable(db, engine, 'channels')
    .$call(withId(engine))
    .addColumn('type', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('key', 'text', (c) => c.notNull())
    .addColumn('openai_organization', 'varchar(255)')
    .addColumn('test_model', 'varchar(255)')
    .addColumn('status', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('name', 'varchar(255)', (c) => c.notNull().defaultTo(''))
    .addColumn('weight', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('created_time', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('test_time', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('response_time', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('base_url', 'varchar(512)')
    .addColumn('other', 'text')
    .addColumn('balance', 'double precision', (c) => c.notNull().defaultTo(0))
    .addColumn('balance_updated_time', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('models', 'text', (c) => c.notNull())
    .addColumn('group', 'varchar(255)', (c) => c.notNull().defaultTo('default'))
    .addColumn('used_quota', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('model_mapping', 'text')
    .addColumn('status_code_mapping', 'text')
    .addColumn('priority', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('auto_ban', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('other_info', 'text')
    .addColumn('max_input_tokens', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await index(db, 'channels', ['status']);
  await index(db, 'channels', ['name']);
}

async function createAbilities(db: Kysely<unknown>, engine: DatabaseEngine): Promise<void> {
  await createTable(db, engine, 'abilities')
    .addColumn('group', 'varchar(64)', (c) => c.notNull())
    .addColumn('model', 'varchar(255)', (c) => c.notNull())
    .addColumn('channel_id', 'bigint', (c) => c.notNull())
    .addColumn('enabled', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('priority', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('weight', 'bigint', (c) => c.notNull().defaultTo(0))
    .addPrimaryKeyConstraint('pk_abilities', ['group', 'model', 'channel_id'])
    .execute();
  await index(db, 'abilities', ['channel_id']);
}

async function createRedemptions(db: Kysely<unknown>, engine: DatabaseEngine): Promise<void> {
  await createTable(db, engine, 'redemptions')
    .$call(withId(engine))
    .addColumn('user_id', 'bigint', (c) => c.notNull())
    .addColumn('key', 'varchar(64)', (c) => c.notNull())
    .addColumn('status', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('name', 'varchar(255)', (c) => c.notNull().defaultTo(''))
    .addColumn('quota', 'bigint', (c) => c.notNull().defaultTo(100))
    .addColumn('created_time', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('redeemed_time', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('used_user_id', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('deleted_at', 'bigint')
    .execute();
  await index(db, 'redemptions', ['key'], true);
  await index(db, 'redemptions', ['name']);
}

async function createLogs(db: Kysely<unknown>, engine: DatabaseEngine): Promise<void> {
  await createTable(db, engine, 'logs')
    .$call(withId(engine))
    .addColumn('user_id', 'bigint', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('type', 'integer', (c) => c.notNull())
    .addColumn('content', 'text', (c) => c.notNull())
    .addColumn('username', 'varchar(64)', (c) => c.notNull().defaultTo(''))
    .addColumn('token_name', 'varchar(255)', (c) => c.notNull().defaultTo(''))
    .addColumn('model_name', 'varchar(255)', (c) => c.notNull().defaultTo(''))
    .addColumn('quota', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('prompt_tokens', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('completion_tokens', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('use_time', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('is_stream', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('channel_id', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('token_id', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('other', 'text')
    .execute();
  await index(db, 'logs', ['created_at']);
  for (const column of ['user_id', 'type', 'username', 'token_name', 'model_name', 'channel_id']) {
    await index(db, 'logs', [column, 'created_at']);
  }
}

async function createOptions(db: Kysely<unknown>, engine: DatabaseEngine): Promise<void> {
  await createTable(db, engine, 'options')
    .addColumn('key', 'varchar(64)', (c) => c.primaryKey())
    .addColumn('value', 'text', (c) => c.notNull())
    .execute();
}

async function createMidjourneys(db: Kysely<unknown>, engine: DatabaseEngine): Promise<void> {
  await createTable(db, engine, 'midjourneys')
    .$call(withId(engine))
    .addColumn('code', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('user_id', 'bigint', (c) => c.notNull())
    .addColumn('action', 'varchar(40)', (c) => c.notNull().defaultTo(''))
    .addColumn('mj_id', 'varchar(191)', (c) => c.notNull().defaultTo(''))
    .addColumn('prompt', 'text')
    .addColumn('prompt_en', 'text')
    .addColumn('description', 'text')
    .addColumn('state', 'text')
    .addColumn('created_at', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('submit_time', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('start_time', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('finish_time', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('image_url', 'text')
    .addColumn('status', 'varchar(20)', (c) => c.notNull().defaultTo(''))
    .addColumn('progress', 'varchar(30)', (c) => c.notNull().defaultTo(''))
    .addColumn('fail_reason', 'text')
    .addColumn('channel_id', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('quota', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('buttons', 'text')
    .addColumn('properties', 'text')
    .execute();
  for (const column of [
    'user_id',
    'action',
    'mj_id',
    'submit_time',
    'start_time',
    'finish_time',
    'status',
    'progress',
  ]) {
    await index(db, 'midjourneys', [column]);
  }
}

async function createTasks(db: Kysely<unknown>, engine: DatabaseEngine): Promise<void> {
  await createTable(db, engine, 'tasks')
    .$call(withId(engine))
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .addColumn('task_id', 'varchar(50)', (c) => c.notNull().defaultTo(''))
    .addColumn('platform', 'varchar(30)', (c) => c.notNull().defaultTo(''))
    .addColumn('user_id', 'bigint', (c) => c.notNull())
    .addColumn('channel_id', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('quota', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('action', 'varchar(40)', (c) => c.notNull().defaultTo(''))
    .addColumn('status', 'varchar(20)', (c) => c.notNull().defaultTo(''))
    .addColumn('fail_reason', 'text')
    .addColumn('submit_time', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('start_time', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('finish_time', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('progress', 'varchar(20)', (c) => c.notNull().defaultTo(''))
    .addColumn('properties', 'text')
    .addColumn('data', 'text')
    .execute();
  for (const column of [
    'created_at',
    'task_id',
    'platform',
    'user_id',
    'channel_id',
    'action',
    'status',
  ]) {
    await index(db, 'tasks', [column]);
  }
}

async function createTopUps(db: Kysely<unknown>, engine: DatabaseEngine): Promise<void> {
  await createTable(db, engine, 'top_ups')
    .$call(withId(engine))
    .addColumn('user_id', 'bigint', (c) => c.notNull())
    .addColumn('amount', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('money', 'double precision', (c) => c.notNull().defaultTo(0))
    .addColumn('trade_no', 'varchar(255)', (c) => c.notNull())
    .addColumn('payment_method', 'varchar(32)', (c) => c.notNull().defaultTo(''))
    .addColumn('status', 'varchar(32)', (c) => c.notNull().defaultTo(''))
    .addColumn('create_time', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('complete_time', 'bigint', (c) => c.notNull().defaultTo(0))
    .execute();
  await index(db, 'top_ups', ['trade_no'], true);
  await index(db, 'top_ups', ['user_id']);
}

async function createQuotaData(db: Kysely<unknown>, engine: DatabaseEngine): Promise<void> {
  await createTable(db, engine, 'quota_data')
    .$call(withId(engine))
    .addColumn('user_id', 'bigint', (c) => c.notNull())
    .addColumn('username', 'varchar(64)', (c) => c.notNull().defaultTo(''))
    .addColumn('model_name', 'varchar(255)', (c) => c.notNull().defaultTo(''))
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('token_used', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('count', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('quota', 'bigint', (c) => c.notNull().defaultTo(0))
    .execute();
  await index(db, 'quota_data', ['user_id', 'model_name', 'created_at'], true);
  await index(db, 'quota_data', ['created_at']);
}

export const TABLES = [
  'users',
  'sessions',
  'tokens',
  'channels',
  'abilities',
  'redemptions',
  'logs',
  'options',
  'midjourneys',
  'tasks',
  'top_ups',
  'quota_data',
] as const;

export async function up(db: Kysely<unknown>): Promise<void> {
  const engine = engineOf(db);
  await createUsers(db, engine);
  await createSessions(db, engine);
  await createTokens(db, engine);
  await createChannels(db, engine);
  await createAbilities(db, engine);
  await createRedemptions(db, engine);
  await createLogs(db, engine);
  await createOptions(db, engine);
  await createMidjourneys(db, engine);
  await createTasks(db, engine);
  await createTopUps(db, engine);
  await createQuotaData(db, engine);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of [...TABLES].reverse()) await db.schema.dropTable(table).ifExists().execute();
}

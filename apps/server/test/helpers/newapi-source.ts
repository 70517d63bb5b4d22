// A new-api (current) or one-api (0.6) database built from the reference's table definitions
// (its GORM models, read from the public source), on SQLite, PostgreSQL or MySQL, for the
// importer's tests and benchmark. Column types follow what GORM creates on each engine.
import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import SqliteDatabase from 'better-sqlite3';
import { Kysely, MysqlDialect, PostgresDialect, SqliteDialect, sql } from 'kysely';
import mysql from 'mysql2';
import mysqlPromise from 'mysql2/promise';
import pg from 'pg';
import type { TestEngine } from './database';

export type Release = 'new-api' | 'one-api-0.6';
type Kind = 'int' | 'bigint' | 'float' | 'bool' | 'text' | 'deleted' | `varchar(${number})`;
type Columns = Record<string, Kind>;

const NEW_API: Record<string, Columns> = {
  users: {
    username: 'varchar(20)',
    password: 'text',
    display_name: 'varchar(20)',
    role: 'int',
    status: 'int',
    email: 'varchar(50)',
    github_id: 'varchar(64)',
    discord_id: 'varchar(64)',
    oidc_id: 'varchar(64)',
    wechat_id: 'varchar(64)',
    telegram_id: 'varchar(64)',
    access_token: 'varchar(32)',
    quota: 'int',
    used_quota: 'int',
    request_count: 'int',
    group: 'varchar(64)',
    aff_code: 'varchar(32)',
    aff_count: 'int',
    aff_quota: 'int',
    aff_history: 'int',
    inviter_id: 'int',
    deleted_at: 'deleted',
    linux_do_id: 'varchar(64)',
    setting: 'text',
    remark: 'varchar(255)',
    created_at: 'bigint',
    last_login_at: 'bigint',
  },
  tokens: {
    user_id: 'int',
    key: 'varchar(128)',
    status: 'int',
    name: 'varchar(64)',
    created_time: 'bigint',
    accessed_time: 'bigint',
    expired_time: 'bigint',
    remain_quota: 'int',
    unlimited_quota: 'bool',
    model_limits_enabled: 'bool',
    model_limits: 'text',
    allow_ips: 'text',
    used_quota: 'int',
    group: 'varchar(64)',
    cross_group_retry: 'bool',
    deleted_at: 'deleted',
  },
  channels: {
    type: 'int',
    key: 'text',
    openai_organization: 'text',
    test_model: 'text',
    status: 'int',
    name: 'varchar(128)',
    weight: 'int',
    created_time: 'bigint',
    test_time: 'bigint',
    response_time: 'int',
    base_url: 'varchar(255)',
    other: 'text',
    balance: 'float',
    balance_updated_time: 'bigint',
    models: 'text',
    group: 'varchar(64)',
    used_quota: 'bigint',
    model_mapping: 'text',
    status_code_mapping: 'varchar(1024)',
    priority: 'bigint',
    auto_ban: 'int',
    other_info: 'text',
    tag: 'varchar(64)',
    setting: 'text',
    param_override: 'text',
    header_override: 'text',
    remark: 'varchar(255)',
    channel_info: 'text',
    settings: 'text',
  },
  redemptions: {
    user_id: 'int',
    key: 'varchar(32)',
    status: 'int',
    name: 'varchar(64)',
    quota: 'int',
    created_time: 'bigint',
    redeemed_time: 'bigint',
    used_user_id: 'int',
    deleted_at: 'deleted',
    expired_time: 'bigint',
  },
  logs: {
    user_id: 'int',
    created_at: 'bigint',
    type: 'int',
    content: 'text',
    username: 'varchar(64)',
    token_name: 'varchar(64)',
    model_name: 'varchar(64)',
    quota: 'int',
    prompt_tokens: 'int',
    completion_tokens: 'int',
    use_time: 'int',
    is_stream: 'bool',
    channel_id: 'int',
    token_id: 'int',
    group: 'varchar(64)',
    ip: 'varchar(64)',
    other: 'text',
  },
  top_ups: {
    user_id: 'int',
    amount: 'bigint',
    money: 'float',
    trade_no: 'varchar(255)',
    payment_method: 'varchar(50)',
    create_time: 'bigint',
    complete_time: 'bigint',
    status: 'varchar(32)',
  },
  midjourneys: {
    code: 'int',
    user_id: 'int',
    action: 'varchar(40)',
    mj_id: 'varchar(191)',
    prompt: 'text',
    prompt_en: 'text',
    description: 'text',
    state: 'text',
    submit_time: 'bigint',
    start_time: 'bigint',
    finish_time: 'bigint',
    image_url: 'text',
    video_url: 'text',
    status: 'varchar(20)',
    progress: 'varchar(30)',
    fail_reason: 'text',
    channel_id: 'int',
    quota: 'bigint',
    buttons: 'text',
    properties: 'text',
  },
  tasks: {
    created_at: 'bigint',
    updated_at: 'bigint',
    task_id: 'varchar(191)',
    platform: 'varchar(30)',
    user_id: 'int',
    group: 'varchar(50)',
    channel_id: 'int',
    quota: 'int',
    action: 'varchar(40)',
    status: 'varchar(20)',
    fail_reason: 'text',
    submit_time: 'bigint',
    start_time: 'bigint',
    finish_time: 'bigint',
    progress: 'varchar(20)',
    properties: 'text',
    private_data: 'text',
    data: 'text',
  },
};

/** one-api 0.6: no soft deletes, affiliate counters, Telegram, status-code mapping, top-ups or tasks. */
const ONE_API_06: Record<string, Columns> = {
  users: {
    username: 'varchar(12)',
    password: 'text',
    display_name: 'varchar(20)',
    role: 'int',
    status: 'int',
    email: 'varchar(50)',
    github_id: 'varchar(64)',
    wechat_id: 'varchar(64)',
    lark_id: 'varchar(64)',
    access_token: 'varchar(32)',
    quota: 'bigint',
    used_quota: 'bigint',
    request_count: 'int',
    group: 'varchar(32)',
    aff_code: 'varchar(32)',
    inviter_id: 'int',
  },
  tokens: {
    user_id: 'int',
    key: 'varchar(48)',
    status: 'int',
    name: 'varchar(64)',
    created_time: 'bigint',
    accessed_time: 'bigint',
    expired_time: 'bigint',
    remain_quota: 'bigint',
    unlimited_quota: 'bool',
    used_quota: 'bigint',
    models: 'text',
    subnet: 'text',
  },
  channels: {
    type: 'int',
    key: 'text',
    status: 'int',
    name: 'varchar(128)',
    weight: 'int',
    created_time: 'bigint',
    test_time: 'bigint',
    response_time: 'int',
    base_url: 'varchar(255)',
    other: 'text',
    balance: 'float',
    balance_updated_time: 'bigint',
    models: 'text',
    group: 'varchar(32)',
    used_quota: 'bigint',
    model_mapping: 'varchar(1024)',
    priority: 'bigint',
    config: 'text',
    system_prompt: 'text',
  },
  redemptions: {
    user_id: 'int',
    key: 'varchar(32)',
    status: 'int',
    name: 'varchar(64)',
    quota: 'bigint',
    created_time: 'bigint',
    redeemed_time: 'bigint',
  },
  logs: {
    user_id: 'int',
    created_at: 'bigint',
    type: 'int',
    content: 'text',
    username: 'varchar(64)',
    token_name: 'varchar(64)',
    model_name: 'varchar(64)',
    quota: 'int',
    prompt_tokens: 'int',
    completion_tokens: 'int',
    channel_id: 'int',
    request_id: 'varchar(64)',
    elapsed_time: 'bigint',
    is_stream: 'bool',
    system_prompt_reset: 'bool',
  },
};

export const RELEASES: Record<Release, Record<string, Columns>> = {
  'new-api': NEW_API,
  'one-api-0.6': ONE_API_06,
};

export interface SourceDatabase {
  engine: TestEngine;
  /** What `--from` takes: a file path or a DSN. */
  from: string;
  // biome-ignore lint/suspicious/noExplicitAny: the reference's tables, untyped like the importer reads them.
  db: Kysely<any>;
  release: Release;
  /** A value for a boolean column on this engine. */
  bool(value: boolean): boolean | number;
  /** A soft-delete timestamp as GORM writes it on this engine. */
  deletedAt(unixSeconds: number): Date | string;
  drop(): Promise<void>;
}

const PG_DSN = process.env.TEST_PG_DSN ?? 'postgres://postgres@127.0.0.1:5432/test';
const MYSQL_DSN = process.env.TEST_MYSQL_DSN ?? 'mysql://root@127.0.0.1:3306/test';

function columnType(engine: TestEngine, kind: Kind) {
  switch (kind) {
    case 'int':
      return engine === 'postgres' ? 'bigint' : 'integer';
    case 'bigint':
      return 'bigint';
    case 'float':
      return engine === 'mysql' ? sql`double` : 'double precision';
    case 'bool':
      return 'boolean';
    case 'text':
      return engine === 'mysql' ? sql`longtext` : 'text';
    case 'deleted':
      return engine === 'postgres'
        ? sql`timestamptz`
        : engine === 'mysql'
          ? sql`datetime(3)`
          : sql`datetime`;
    default:
      return kind;
  }
}

async function createSchema(db: Kysely<unknown>, engine: TestEngine, release: Release) {
  for (const [table, columns] of Object.entries(RELEASES[release])) {
    let builder = db.schema.createTable(table);
    builder =
      engine === 'postgres'
        ? builder.addColumn('id', 'bigserial', (c) => c.primaryKey())
        : engine === 'mysql'
          ? builder.addColumn('id', 'bigint', (c) => c.primaryKey().autoIncrement())
          : builder.addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement());
    for (const [name, kind] of Object.entries(columns)) {
      builder = builder.addColumn(name, columnType(engine, kind) as 'text');
    }
    await builder.execute();
  }
  await db.schema
    .createTable('options')
    .addColumn('key', 'varchar(191)', (c) => c.primaryKey())
    .addColumn('value', engine === 'mysql' ? sql`longtext` : 'text')
    .execute();
  await db.schema
    .createTable('abilities')
    .addColumn('group', 'varchar(64)')
    .addColumn('model', 'varchar(191)')
    .addColumn('channel_id', 'integer')
    .addColumn('enabled', 'boolean')
    .addColumn('priority', 'bigint')
    .addColumn('weight', 'integer')
    .execute();
}

/** An empty reference database of `release` on `engine`. */
export async function createSourceDatabase(
  engine: TestEngine,
  release: Release,
): Promise<SourceDatabase> {
  const name = `newapi_${randomBytes(5).toString('hex')}`;
  const bool = (value: boolean) => (engine === 'postgres' ? value : value ? 1 : 0);
  const deletedAt = (seconds: number) =>
    engine === 'sqlite'
      ? `${new Date(seconds * 1000).toISOString().replace('T', ' ').replace('Z', '')}123456+00:00`
      : new Date(seconds * 1000);
  // biome-ignore lint/suspicious/noExplicitAny: see SourceDatabase.db.
  let db: Kysely<any>;
  let from: string;
  let drop: () => Promise<void>;
  if (engine === 'sqlite') {
    const dir = await mkdtemp(join(tmpdir(), 'sy-newapi-'));
    from = join(dir, 'one-api.db');
    db = new Kysely({ dialect: new SqliteDialect({ database: new SqliteDatabase(from) }) });
    drop = () => rm(dir, { recursive: true, force: true });
  } else if (engine === 'postgres') {
    const admin = new pg.Client({ connectionString: PG_DSN });
    await admin.connect();
    await admin.query(`CREATE DATABASE ${name}`);
    await admin.end();
    const url = new URL(PG_DSN);
    url.pathname = `/${name}`;
    from = url.toString();
    db = new Kysely({
      dialect: new PostgresDialect({ pool: new pg.Pool({ connectionString: from, max: 2 }) }),
    });
    drop = async () => {
      const client = new pg.Client({ connectionString: PG_DSN });
      await client.connect();
      await client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await client.end();
    };
  } else {
    const run = async (statement: string) => {
      const connection = await mysqlPromise.createConnection({ uri: MYSQL_DSN });
      await connection.query(statement);
      await connection.end();
    };
    await run(`CREATE DATABASE ${name} CHARACTER SET utf8mb4`);
    const url = new URL(MYSQL_DSN);
    url.pathname = `/${name}`;
    from = url.toString();
    db = new Kysely({
      dialect: new MysqlDialect({ pool: mysql.createPool({ uri: from, connectionLimit: 2 }) }),
    });
    drop = () => run(`DROP DATABASE IF EXISTS ${name}`);
  }
  await createSchema(db, engine, release);
  return {
    engine,
    from,
    db,
    release,
    bool,
    deletedAt,
    drop: async () => {
      await db.destroy();
      await drop();
    },
  };
}

/** Inserts rows in slices (each engine's bound-parameter limit). */
export async function insertRows(
  source: SourceDatabase,
  table: string,
  rows: Record<string, unknown>[],
): Promise<void> {
  const columns = Object.keys(rows[0] ?? {}).length || 1;
  const slice = Math.max(1, Math.floor(30_000 / columns));
  for (let start = 0; start < rows.length; start += slice) {
    await source.db
      .insertInto(table)
      .values(rows.slice(start, start + slice))
      .execute();
  }
}

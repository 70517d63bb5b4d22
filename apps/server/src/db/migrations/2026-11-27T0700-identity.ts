// Identity (issue 33): a user's second factor and its one-time recovery codes, password sign-ins
// waiting for their second factor, where and from what browser each session signed in, and the
// audit trail of admin actions; and the subject of the OpenID Connect account a user signs in with
// (`oidc_id`, the column new-api keeps it in).
import type { Kysely } from 'kysely';
import { engineOf } from '../dialect';
import { createTable, index, withId } from './table-helpers';

export async function up(db: Kysely<unknown>): Promise<void> {
  const engine = engineOf(db);
  // `secret` is set by setup and `enabled` flips once a code proved the user holds it;
  // `last_step` is the newest TOTP step accepted, so a code is never accepted twice.
  await createTable(db, engine, 'two_factor')
    .addColumn('user_id', 'bigint', (c) => c.primaryKey())
    .addColumn('secret', 'varchar(64)', (c) => c.notNull())
    .addColumn('enabled', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('last_step', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();
  await createTable(db, engine, 'two_factor_recovery_codes')
    .$call(withId(engine))
    .addColumn('user_id', 'bigint', (c) => c.notNull())
    .addColumn('code_hash', 'varchar(64)', (c) => c.notNull())
    .execute();
  await index(db, 'two_factor_recovery_codes', ['user_id']);
  // The row id is a keyed hash of the short-lived cookie's token, like a session's.
  await createTable(db, engine, 'pending_sign_ins')
    .addColumn('id', 'varchar(64)', (c) => c.primaryKey())
    .addColumn('user_id', 'bigint', (c) => c.notNull())
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('expires_at', 'bigint', (c) => c.notNull())
    .execute();
  await index(db, 'pending_sign_ins', ['expires_at']);
  await db.schema
    .alterTable('sessions')
    .addColumn('ip', 'varchar(64)', (c) => c.notNull().defaultTo(''))
    .execute();
  await db.schema
    .alterTable('sessions')
    .addColumn('user_agent', 'varchar(255)', (c) => c.notNull().defaultTo(''))
    .execute();
  await db.schema.alterTable('users').addColumn('oidc_id', 'varchar(255)').execute();
  await index(db, 'users', ['oidc_id'], true);
  await createTable(db, engine, 'audit_logs')
    .$call(withId(engine))
    .addColumn('actor_id', 'bigint', (c) => c.notNull())
    .addColumn('actor_name', 'varchar(64)', (c) => c.notNull())
    .addColumn('actor_role', 'integer', (c) => c.notNull())
    .addColumn('action', 'varchar(64)', (c) => c.notNull())
    .addColumn('target_type', 'varchar(32)', (c) => c.notNull())
    .addColumn('target_id', 'varchar(128)', (c) => c.notNull().defaultTo(''))
    .addColumn('summary', 'text', (c) => c.notNull())
    .addColumn('ip', 'varchar(64)', (c) => c.notNull().defaultTo(''))
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();
  await index(db, 'audit_logs', ['created_at']);
  await index(db, 'audit_logs', ['actor_id']);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('audit_logs').execute();
  await db.schema.dropIndex('idx_users_oidc_id').on('users').execute();
  await db.schema.alterTable('users').dropColumn('oidc_id').execute();
  await db.schema.alterTable('sessions').dropColumn('user_agent').execute();
  await db.schema.alterTable('sessions').dropColumn('ip').execute();
  await db.schema.dropTable('pending_sign_ins').execute();
  await db.schema.dropTable('two_factor_recovery_codes').execute();
  await db.schema.dropTable('two_factor').execute();
}

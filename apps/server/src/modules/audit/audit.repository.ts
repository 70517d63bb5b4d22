// SQL for the audit trail: one row per admin action, written inside the action's transaction.
import type { AuditQuery } from '@switchyard/contracts';
import type { Db } from '../../db/database';
import type { AuditLogRow, NewAuditLog } from '../../db/schema';

export async function insertAuditEntry(db: Db, entry: NewAuditLog): Promise<void> {
  await db.insertInto('audit_logs').values(entry).execute();
}

export type AuditFilter = Omit<AuditQuery, 'p' | 'page_size'> & {
  /** The highest actor role the reader may see (an admin sees admins' actions); null: all. */
  maxActorRole: number | null;
};

function filtered(db: Db, filter: AuditFilter) {
  let query = db.selectFrom('audit_logs');
  if (filter.maxActorRole !== null) query = query.where('actor_role', '<=', filter.maxActorRole);
  if (filter.actor) query = query.where('actor_name', '=', filter.actor);
  if (filter.action) query = query.where('action', '=', filter.action);
  if (filter.target_type) query = query.where('target_type', '=', filter.target_type);
  if (filter.target_id) query = query.where('target_id', '=', filter.target_id);
  if (filter.start_timestamp) query = query.where('created_at', '>=', filter.start_timestamp);
  if (filter.end_timestamp) query = query.where('created_at', '<=', filter.end_timestamp);
  return query;
}

export async function listAuditEntries(
  db: Db,
  filter: AuditFilter,
  offset: number,
  limit: number,
): Promise<{ rows: AuditLogRow[]; total: number }> {
  const rows = await filtered(db, filter)
    .selectAll()
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .offset(offset)
    .limit(limit)
    .execute();
  const count = await filtered(db, filter)
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .executeTakeFirstOrThrow();
  return { rows, total: Number(count.count) };
}

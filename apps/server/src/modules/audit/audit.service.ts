// Reading the audit trail: an admin sees the actions of admins, the super admin everyone's
// (their own included); a page for the console and the same filter as CSV.
import { type AuditEntry, type AuditPage, type AuditQuery, isRoot } from '@switchyard/contracts';
import { stringify } from 'csv-stringify/sync';
import type { Db } from '../../db/database';
import type { AuditLogRow } from '../../db/schema';
import type { Identity } from '../../lib/identity';
import { type AuditFilter, listAuditEntries } from './audit.repository';

/** Rows in one export: the trail of years of admin work, still one bounded reply. */
export const AUDIT_EXPORT_MAX = 10_000;

const toEntry = (row: AuditLogRow): AuditEntry => ({
  id: Number(row.id),
  actor_id: Number(row.actor_id),
  actor_name: row.actor_name,
  action: row.action,
  target_type: row.target_type,
  target_id: row.target_id,
  summary: row.summary,
  ip: row.ip,
  created_at: Number(row.created_at),
});

/** A spreadsheet runs a cell that starts with = + - @ (or a tab or CR) as a formula: a leading
 * quote keeps it text (OWASP "CSV injection"). */
export const csvCell = (value: string | number): string | number =>
  typeof value === 'string' && /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;

const CSV_HEADER = [
  'id',
  'created_at',
  'actor_id',
  'actor_name',
  'action',
  'target_type',
  'target_id',
  'summary',
  'ip',
];

export class AuditService {
  constructor(private readonly db: Db) {}

  async list(caller: Identity, query: AuditQuery): Promise<AuditPage> {
    const { p, page_size, ...rest } = query;
    const { rows, total } = await listAuditEntries(
      this.db,
      this.filterFor(caller, rest),
      (p - 1) * page_size,
      page_size,
    );
    return { items: rows.map(toEntry), total, page: p, page_size };
  }

  async exportCsv(caller: Identity, query: AuditQuery): Promise<string> {
    const { p: _page, page_size: _size, ...rest } = query;
    const { rows } = await listAuditEntries(
      this.db,
      this.filterFor(caller, rest),
      0,
      AUDIT_EXPORT_MAX,
    );
    const records = rows.map((row) => {
      const entry = toEntry(row);
      return [
        entry.id,
        new Date(entry.created_at * 1000).toISOString(),
        entry.actor_id,
        entry.actor_name,
        entry.action,
        entry.target_type,
        entry.target_id,
        entry.summary,
        entry.ip,
      ].map(csvCell);
    });
    return stringify([CSV_HEADER, ...records], { bom: true });
  }

  private filterFor(caller: Identity, query: Omit<AuditQuery, 'p' | 'page_size'>): AuditFilter {
    return { ...query, maxActorRole: isRoot(caller.role) ? null : caller.role };
  }
}

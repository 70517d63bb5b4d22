// Usage logs: paged lists and consumption totals for admins and for the owner, and cleanup.
import type { Readable } from 'node:stream';
import {
  type Language,
  type LogEntry,
  type LogListQuery,
  type LogOther,
  type LogStat,
  type LogStatQuery,
  type PagedList,
  QUOTA_PER_DOLLAR,
  type SelfLogEntry,
  type SelfLogStatQuery,
} from '@switchyard/contracts';
import type { Db } from '../../db/database';
import type { LogRow } from '../../db/schema';
import { renderLogContent } from '../../i18n/log-content';
import { type AuditActor, recordAudit } from '../audit/audit.writer';
import { deleteLogs, type LogFilter, listLogs, oldLogIds, sumConsumption } from './logs.repository';
import { exportLogsCsv } from './logs-export';

/** Rows deleted per statement, so a cleanup of millions never holds a long lock. */
export const CLEANUP_BATCH = 5000;

type SelfListQuery = Omit<LogListQuery, 'username' | 'channel'>;

const filterOf = (query: SelfLogStatQuery): LogFilter => ({
  type: query.type,
  tokenName: query.token_name,
  modelName: query.model_name,
  funding: query.funding,
  start: query.start_timestamp,
  end: query.end_timestamp,
});

const adminFilterOf = (query: LogStatQuery): LogFilter => ({
  ...filterOf(query),
  username: query.username,
  channelId: query.channel,
});

function selfEntry(row: LogRow, other: string, language: Language): SelfLogEntry {
  return {
    id: row.id,
    created_at: row.created_at,
    type: row.type,
    // In the reader's language (i18n/log-content); an old row's plain text as it is.
    content: renderLogContent(row.content, language),
    username: row.username,
    token_name: row.token_name,
    model_name: row.model_name,
    quota: row.quota,
    prompt_tokens: row.prompt_tokens,
    completion_tokens: row.completion_tokens,
    use_time: row.use_time,
    is_stream: row.is_stream === 1,
    funding: row.funding,
    other,
  };
}

/** The owner's copy of `other`: everything but admin_info (which names the channels tried). */
function withoutAdminInfo(other: string | null): string {
  if (!other) return '';
  try {
    const parsed = JSON.parse(other) as LogOther;
    if (typeof parsed !== 'object' || parsed === null) return '';
    const { admin_info: _hidden, ...rest } = parsed;
    return JSON.stringify(rest);
  } catch {
    return '';
  }
}

const toStat = (sum: { quota: number; count: number; tokens: number }): LogStat => ({
  quota: sum.quota,
  rpm: sum.count,
  tpm: sum.tokens,
});

export class LogsService {
  constructor(
    private readonly db: Db,
    /** Quota per dollar (option QuotaPerUnit), for the export's dollar column. */
    private readonly quotaPerUnit: () => number = () => QUOTA_PER_DOLLAR,
  ) {}

  exportAll(query: LogStatQuery, language: Language): Readable {
    return exportLogsCsv(this.db, {
      filter: adminFilterOf(query),
      language,
      admin: true,
      quotaPerUnit: this.quotaPerUnit(),
    });
  }

  exportOwn(userId: number, query: SelfLogStatQuery, language: Language): Readable {
    return exportLogsCsv(this.db, {
      filter: { ...filterOf(query), userId },
      language,
      admin: false,
      quotaPerUnit: this.quotaPerUnit(),
    });
  }

  async listAll(query: LogListQuery, language: Language): Promise<PagedList<LogEntry>> {
    return this.page(adminFilterOf(query), query, (row) => ({
      ...selfEntry(row, row.other ?? '', language),
      channel: row.channel_id,
      user_id: row.user_id,
    }));
  }

  async listOwn(
    userId: number,
    query: SelfListQuery,
    language: Language,
  ): Promise<PagedList<SelfLogEntry>> {
    return this.page({ ...filterOf(query), userId }, query, (row) =>
      selfEntry(row, withoutAdminInfo(row.other), language),
    );
  }

  /** An org's logs (issue 32): those its wallet paid or was topped up with; one member's or all. */
  async listFunded(
    funding: string,
    userId: number | undefined,
    query: SelfListQuery,
    language: Language,
  ): Promise<PagedList<SelfLogEntry & { user_id: number }>> {
    return this.page({ ...filterOf(query), funding, userId }, query, (row) => ({
      ...selfEntry(row, withoutAdminInfo(row.other), language),
      user_id: row.user_id,
    }));
  }

  async statFunded(
    funding: string,
    userId: number | undefined,
    query: SelfLogStatQuery,
  ): Promise<LogStat> {
    return toStat(await sumConsumption(this.db, { ...filterOf(query), funding, userId }));
  }

  exportFunded(
    funding: string,
    userId: number | undefined,
    query: SelfLogStatQuery,
    language: Language,
  ): Readable {
    return exportLogsCsv(this.db, {
      filter: { ...filterOf(query), funding, userId },
      language,
      admin: false,
      quotaPerUnit: this.quotaPerUnit(),
    });
  }

  async statAll(query: LogStatQuery): Promise<LogStat> {
    return toStat(await sumConsumption(this.db, adminFilterOf(query)));
  }

  async statOwn(userId: number, query: SelfLogStatQuery): Promise<LogStat> {
    return toStat(await sumConsumption(this.db, { ...filterOf(query), userId }));
  }

  /** Deletes every log created before `before` (unix seconds), batch by batch; returns the count. */
  async cleanup(before: number, actor: AuditActor): Promise<number> {
    // The audit entry lands with the first batch: a cleanup of millions of rows is not one
    // transaction, but no row goes without its entry.
    let deleted = await this.db.transaction().execute(async (trx) => {
      await recordAudit(trx, actor, {
        action: 'log.cleanup',
        target_type: 'log',
        summary: { before },
      });
      return deleteLogs(trx, await oldLogIds(trx, before, CLEANUP_BATCH));
    });
    if (deleted < CLEANUP_BATCH) return deleted;
    for (;;) {
      const ids = await oldLogIds(this.db, before, CLEANUP_BATCH);
      deleted += await deleteLogs(this.db, ids);
      if (ids.length < CLEANUP_BATCH) return deleted;
    }
  }

  private async page<T>(
    filter: LogFilter,
    query: { p: number; page_size: number },
    map: (row: LogRow) => T,
  ): Promise<PagedList<T>> {
    const offset = (query.p - 1) * query.page_size;
    const { rows, total } = await listLogs(this.db, filter, query.page_size, offset);
    return { items: rows.map(map), total, page: query.p, page_size: query.page_size };
  }
}

// Usage export (issue 17): CSV attachment of the log list's filters, totals equal to the stat.
import { type LogStat, LogType } from '@switchyard/contracts';
import { parse } from 'csv-parse/sync';
import { beforeAll, describe, expect, it } from 'vitest';
import { EXPORT_BATCH } from '../../../src/modules/logs/logs-export';
import { useAudience } from '../../helpers/audience';
import { consumeLog, seedLogs } from '../../helpers/logs';

const cast = useAudience();
const now = Math.floor(Date.now() / 1000);
const HOUR = 3600;
/** More rows than one batch, several in the same second, so the keyset walk is exercised. */
const BULK = EXPORT_BATCH + 37;

beforeAll(async () => {
  await seedLogs(cast.server.db, [
    consumeLog(cast.alice, {
      created_at: now - HOUR,
      quota: 250_000,
      prompt_tokens: 1200,
      completion_tokens: 300,
      token_name: 'work, "main"',
      model_name: 'gpt-4o',
      is_stream: 1,
      channel_id: 7,
      other: JSON.stringify({ cached_tokens: 800, admin_info: { use_channel: ['7'] } }),
    }),
    consumeLog(cast.alice, {
      created_at: now - 2 * HOUR,
      type: LogType.topup,
      content: 'top-up',
      quota: 1_000_000,
      token_name: '',
      model_name: '',
    }),
    ...Array.from({ length: BULK }, (_, i) =>
      consumeLog(cast.alice, {
        created_at: now - 3 * HOUR - Math.floor(i / 7),
        quota: 100 + i,
        token_name: 'bulk',
        model_name: 'gpt-4o-mini',
      }),
    ),
    consumeLog(cast.bob, { created_at: now - HOUR, quota: 999, token_name: 'bob-key' }),
  ]);
});

const rowsOf = (text: string): string[][] => parse(text, { bom: true }) as string[][];

describe('GET /api/log/self/export', () => {
  it('answers a CSV attachment with a header, one row per log and totals equal to the stat', async () => {
    const reply = await cast.aliceClient.get('/api/log/self/export');
    expect(reply.status).toBe(200);
    expect(reply.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(String(reply.headers['content-disposition'])).toMatch(
      /^attachment; filename="usage-.*\.csv"$/,
    );
    const rows = rowsOf(reply.text);
    expect(rows[0]).toEqual([
      'Time',
      'Token',
      'Model',
      'Type',
      'Prompt tokens',
      'Completion tokens',
      'Cached tokens',
      'Quota',
      'Dollars',
      'Use time (s)',
      'Stream',
      'Details',
    ]);
    // header + alice's logs + totals; bob's log is not hers.
    expect(rows).toHaveLength(1 + 2 + BULK + 1);
    expect(rows[1]).toEqual([
      new Date((now - HOUR) * 1000).toISOString().replace('T', ' ').slice(0, 19),
      'work, "main"',
      'gpt-4o',
      'Consumption',
      '1200',
      '300',
      '800',
      '250000',
      '0.500000',
      '2',
      'yes',
      rows[1]?.[11] ?? '',
    ]);
    expect(rows[2]?.[3]).toBe('Top-up');
    expect(rows.flat()).not.toContain('bob-key');
    // Newest first across batch boundaries, every log exactly once.
    const bulkQuotas = rows.slice(3, -1).map((row) => Number(row[7]));
    expect(new Set(bulkQuotas).size).toBe(BULK);

    const stat = (await cast.aliceClient.get<LogStat>('/api/log/self/stat')).json.data as LogStat;
    const totals = rows.at(-1) as string[];
    expect(totals[0]).toBe('Total');
    expect(Number(totals[7])).toBe(stat.quota);
    expect(Number(totals[4]) + Number(totals[5])).toBe(stat.tpm);
    expect(totals[8]).toBe((stat.quota / 500_000).toFixed(6));
  });

  it('applies the list filters and speaks the caller’s language', async () => {
    const reply = await cast.aliceClient.get(
      `/api/log/self/export?token_name=bulk&start_timestamp=${now - 4 * HOUR}`,
      { 'accept-language': 'zh-CN' },
    );
    const rows = rowsOf(reply.text);
    expect(rows[0]?.[0]).toBe('时间');
    expect(rows.slice(1, -1).every((row) => row[1] === 'bulk')).toBe(true);
    expect(rows.slice(1, -1).every((row) => row[3] === '消费')).toBe(true);
    expect(rows.at(-1)?.[0]).toBe('合计');
    const stat = (
      await cast.aliceClient.get<LogStat>(
        `/api/log/self/stat?token_name=bulk&start_timestamp=${now - 4 * HOUR}`,
      )
    ).json.data as LogStat;
    expect(rows.length - 2).toBe(stat.rpm);
    expect(Number(rows.at(-1)?.[7])).toBe(stat.quota);
  });
});

describe('GET /api/log/export', () => {
  it('gives admins everyone’s logs with user and channel columns', async () => {
    const reply = await cast.adminClient.get('/api/log/export?type=2');
    const rows = rowsOf(reply.text);
    expect(rows[0]?.slice(-3, -1)).toEqual(['User', 'Channel']);
    const bob = rows.find((row) => row[1] === 'bob-key');
    expect(bob?.slice(-3, -1)).toEqual([cast.bob.username, '1']);
    const stat = (await cast.adminClient.get<LogStat>('/api/log/stat?type=2')).json.data as LogStat;
    expect(Number(rows.at(-1)?.[7])).toBe(stat.quota);
  });

  // Issue 27, point 6: a cell a spreadsheet would run as a formula is exported as text.
  it('escapes cells that a spreadsheet would run as formulas', async () => {
    const names = [
      '=HYPERLINK("http://evil.example","x")',
      '+SUM(A1)',
      '-2+3',
      '@cmd',
      '\tx',
      '\rx',
    ];
    await seedLogs(
      cast.server.db,
      names.map((token_name) =>
        consumeLog(cast.bob, { token_name, model_name: '=1+1', quota: 7, created_at: now - 60 }),
      ),
    );
    const rows = rowsOf((await cast.adminClient.get('/api/log/export?type=2')).text);
    for (const name of names) {
      const row = rows.find((cells) => cells[1] === `'${name}`);
      expect(row, name).toBeDefined();
      expect(row?.[2]).toBe("'=1+1");
      expect(row?.[7]).toBe('7');
    }
    expect(rows.some((cells) => cells.some((cell) => /^[=+@\t\r]/.test(cell)))).toBe(false);
  });

  it('is refused to ordinary users', async () => {
    const reply = await cast.aliceClient.get('/api/log/export');
    expect(reply.json.success).toBe(false);
  });
});

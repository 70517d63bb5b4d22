// Usage logs: lists, filters, totals and cleanup for the owner and for admins.
import { type LogEntry, type LogStat, LogType, type PagedList } from '@switchyard/contracts';
import { beforeAll, describe, expect, it } from 'vitest';
import { CLEANUP_BATCH } from '../../../src/modules/logs/logs.service';
import { useAudience } from '../../helpers/audience';
import { countRows } from '../../helpers/factories';
import { consumeLog, seedLogs } from '../../helpers/logs';

const cast = useAudience();
const now = Math.floor(Date.now() / 1000);
const HOUR = 3600;

beforeAll(async () => {
  await seedLogs(cast.server.db, [
    consumeLog(cast.alice, { created_at: now - 2 * HOUR, quota: 300, channel_id: 7 }),
    consumeLog(cast.alice, {
      created_at: now - HOUR,
      quota: 200,
      model_name: 'gpt-4o',
      token_name: 'work',
      is_stream: 1,
      other: JSON.stringify({ frt: 850, admin_info: { use_channel: ['3', '7'] } }),
      channel_id: 7,
    }),
    consumeLog(cast.alice, { created_at: now - 30 * HOUR, quota: 1000 }),
    consumeLog(cast.alice, {
      created_at: now - HOUR,
      type: LogType.topup,
      content: 'top-up',
      quota: 0,
    }),
    consumeLog(cast.bob, { created_at: now - HOUR, quota: 5000, channel_id: 9 }),
  ]);
});

const day = `start_timestamp=${now - 24 * HOUR}&end_timestamp=${now + HOUR}`;

describe('GET /api/log/self', () => {
  it('lists only the caller’s logs, newest first, with the total', async () => {
    const reply = await cast.aliceClient.get<PagedList<LogEntry>>('/api/log/self?p=1&page_size=10');
    expect(reply.status).toBe(200);
    const page = reply.json.data;
    expect(page?.total).toBe(4);
    expect(page?.items.map((log) => log.username)).toEqual(Array(4).fill(cast.alice.username));
    const times = page?.items.map((log) => log.created_at) ?? [];
    expect([...times].sort((a, b) => b - a)).toEqual(times);
  });

  it('hides the channel and the channels tried, but keeps the rest of `other`', async () => {
    const reply = await cast.aliceClient.get<PagedList<LogEntry>>(
      `/api/log/self?p=1&page_size=10&token_name=work&${day}`,
    );
    const [log] = reply.json.data?.items ?? [];
    expect(log).toBeDefined();
    expect(log).not.toHaveProperty('channel');
    expect(JSON.parse(log?.other ?? '{}')).toEqual({ frt: 850 });
    expect(log?.is_stream).toBe(true);
    expect(reply.text).not.toContain('use_channel');
  });

  it('ignores username and channel filters: another user’s logs stay out of reach', async () => {
    const reply = await cast.aliceClient.get<PagedList<LogEntry>>(
      `/api/log/self?p=1&page_size=10&username=${cast.bob.username}&channel=9`,
    );
    expect(reply.json.data?.total).toBe(4);
    expect(reply.text).not.toContain(cast.bob.username);
  });

  it('filters by type, model and time range, and pages on the cast.server', async () => {
    const consume = await cast.aliceClient.get<PagedList<LogEntry>>(
      `/api/log/self?p=1&page_size=10&type=2&${day}`,
    );
    expect(consume.json.data?.total).toBe(2);
    const model = await cast.aliceClient.get<PagedList<LogEntry>>(
      '/api/log/self?p=1&page_size=10&model_name=gpt-4o',
    );
    expect(model.json.data?.items.map((log) => log.quota)).toEqual([200]);
    const second = await cast.aliceClient.get<PagedList<LogEntry>>('/api/log/self?p=2&page_size=3');
    expect(second.json.data).toMatchObject({ total: 4, page: 2, page_size: 3 });
    expect(second.json.data?.items.map((log) => log.quota)).toEqual([1000]);
  });

  it('refuses bad paging and type values with a 400 naming the field', async () => {
    for (const query of ['p=one', 'page_size=101', 'type=9', 'start_timestamp=yesterday']) {
      const reply = await cast.aliceClient.get(`/api/log/self?${query}`);
      expect(reply.status).toBe(400);
      expect(reply.json.success).toBe(false);
      expect(reply.json.message).toContain(query.split('=')[0] ?? '');
    }
  });

  it('needs a session', async () => {
    expect((await cast.server.client().get('/api/log/self')).status).toBe(401);
    expect((await cast.server.client().get('/api/log/self/stat')).status).toBe(401);
  });
});

describe('GET /api/log/self/stat', () => {
  it('sums only the caller’s consumption in the range', async () => {
    const reply = await cast.aliceClient.get<LogStat>(`/api/log/self/stat?${day}`);
    expect(reply.json.data).toEqual({ quota: 500, rpm: 2, tpm: 30 });
    const all = await cast.aliceClient.get<LogStat>(
      `/api/log/self/stat?username=${cast.bob.username}`,
    );
    expect(all.json.data?.quota).toBe(1500);
  });
});

describe('admin log endpoints', () => {
  it('refuse ordinary users', async () => {
    expect((await cast.aliceClient.get('/api/log/')).status).toBe(403);
    expect((await cast.aliceClient.get('/api/log/stat')).status).toBe(403);
    expect((await cast.aliceClient.delete(`/api/log/?target_timestamp=${now}`)).status).toBe(403);
    expect(await countRows(cast.server.db, 'logs')).toBeGreaterThanOrEqual(5);
  });

  it('list every user’s logs with the channel and the channels tried', async () => {
    const reply = await cast.adminClient.get<PagedList<LogEntry>>(
      `/api/log/?p=1&page_size=10&${day}`,
    );
    expect(reply.json.data?.total).toBe(4);
    const streamed = reply.json.data?.items.find((log) => log.token_name === 'work');
    expect(streamed?.channel).toBe(7);
    expect(JSON.parse(streamed?.other ?? '{}').admin_info.use_channel).toEqual(['3', '7']);
  });

  it('filter by username, channel, model, token and type', async () => {
    const total = async (query: string) =>
      (await cast.adminClient.get<PagedList<LogEntry>>(`/api/log/?p=1&page_size=10&${query}`)).json
        .data?.total;
    expect(await total(`username=${cast.bob.username}`)).toBe(1);
    expect(await total('channel=7')).toBe(2);
    expect(await total('model_name=gpt-4o')).toBe(1);
    expect(await total('token_name=work&type=2')).toBe(1);
    expect(await total(`type=1&username=${cast.alice.username}`)).toBe(1);
  });

  it('sum consumption across users, or for one user or channel', async () => {
    const stat = async (query: string) =>
      (await cast.adminClient.get<LogStat>(`/api/log/stat?${query}`)).json.data;
    expect(await stat(day)).toEqual({ quota: 5500, rpm: 3, tpm: 45 });
    expect((await stat(`username=${cast.alice.username}`))?.quota).toBe(1500);
    expect((await stat('channel=9'))?.quota).toBe(5000);
  });
});

describe('DELETE /api/log/', () => {
  it('deletes logs older than the target in batches and returns the count', async () => {
    const old = now - 400 * 24 * HOUR;
    const count = CLEANUP_BATCH + 7;
    await seedLogs(
      cast.server.db,
      Array.from({ length: count }, (_, i) => consumeLog(cast.bob, { created_at: old + i })),
    );
    const before = await countRows(cast.server.db, 'logs');
    const reply = await cast.adminClient.delete<number>(
      `/api/log/?target_timestamp=${old + count}`,
    );
    expect(reply.json).toMatchObject({ success: true, data: count });
    expect(await countRows(cast.server.db, 'logs')).toBe(before - count);
    const again = await cast.adminClient.delete<number>(
      `/api/log/?target_timestamp=${old + count}`,
    );
    expect(again.json.data).toBe(0);
  });

  it('needs a target timestamp', async () => {
    const reply = await cast.adminClient.delete('/api/log/');
    expect(reply.status).toBe(400);
    expect(reply.json.message).toContain('target_timestamp');
  });
});

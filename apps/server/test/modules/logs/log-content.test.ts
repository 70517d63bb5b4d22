// Log content in the reader's language (issue 34, point 10): the server stores a template key with
// its values, the log list and the CSV export render it in the caller's language, and a row written
// before (plain text) reads as it was written.
import { LogType } from '@switchyard/contracts';
import { parse } from 'csv-parse/sync';
import { beforeAll, describe, expect, it } from 'vitest';
import { logContent, logParts, renderLogContent } from '../../../src/i18n/log-content';
import { useAudience } from '../../helpers/audience';
import { consumeLog, seedLogs } from '../../helpers/logs';

const cast = useAudience();
const now = Math.floor(Date.now() / 1000);
const RATIO = logParts(
  ['relay.logRatio', { modelRatio: '2.50', groupRatio: '1.00', completionRatio: '4.00' }],
  ['relay.logCut'],
);

beforeAll(async () => {
  await seedLogs(cast.server.db, [
    consumeLog(cast.alice, { created_at: now - 20, token_name: 'templated', content: RATIO }),
    consumeLog(cast.alice, {
      created_at: now - 30,
      token_name: 'plain',
      content: '旧的纯文本 old text',
    }),
  ]);
});

interface Listed {
  token_name: string;
  content: string;
}
const listed = async (language: string) => {
  const reply = await cast.aliceClient.get<{ items: Listed[] }>('/api/log/self?p=1&page_size=50', {
    'accept-language': language,
  });
  const items = reply.json.data?.items ?? [];
  return Object.fromEntries(items.map((item) => [item.token_name, item.content]));
};

describe('log content', () => {
  it('renders a template in either language; plain or malformed content stays as written', () => {
    expect(renderLogContent(RATIO, 'zh')).toBe(
      '模型倍率 2.50，分组倍率 1.00，输出倍率 4.00（流被中断：按已送达部分计费）',
    );
    expect(renderLogContent(RATIO, 'en')).toMatch(/2\.50.*1\.00.*4\.00/);
    expect(renderLogContent(RATIO, 'en')).not.toMatch(/[\u4e00-\u9fff]/);
    expect(renderLogContent('plain words', 'en')).toBe('plain words');
    expect(renderLogContent('{"$log":[["no.such.key"]]}', 'zh')).toBe('{"$log":[["no.such.key"]]}');
    expect(renderLogContent('{"$log":', 'zh')).toBe('{"$log":');
  });

  it('the list shows the same row in the caller’s language, an old row as it is', async () => {
    const zh = await listed('zh-CN');
    const en = await listed('en');
    expect(zh.templated).toBe(renderLogContent(RATIO, 'zh'));
    expect(en.templated).toBe(renderLogContent(RATIO, 'en'));
    expect(en.templated).not.toBe(zh.templated);
    expect(zh.plain).toBe('旧的纯文本 old text');
    expect(en.plain).toBe('旧的纯文本 old text');
  });

  it('the CSV export renders it in the requester’s language', async () => {
    for (const language of ['zh', 'en'] as const) {
      const reply = await cast.aliceClient.get('/api/log/self/export?token_name=templated', {
        'accept-language': language,
      });
      const rows = parse(reply.text, { bom: true }) as string[][];
      expect(rows[0]?.at(-1)).toBe(language === 'zh' ? '详情' : 'Details');
      expect(rows[1]?.at(-1)).toBe(renderLogContent(RATIO, language));
    }
  });

  it('an admin action is stored as its key and values, not as text', async () => {
    const reply = await cast.adminClient.post('/api/user/manage', {
      username: cast.bob.username,
      action: 'disable',
    });
    expect(reply.json.success).toBe(true);
    const row = await cast.server.db
      .selectFrom('logs')
      .select(['content'])
      .where('user_id', '=', cast.bob.id)
      .where('type', '=', LogType.manage)
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    const stored = JSON.parse(row.content) as { $log: [string, Record<string, string>][] };
    expect(stored.$log[0]?.[0]).toBe('log.adminDisabled');
    expect(stored.$log[0]?.[1]).toMatchObject({ username: cast.bob.username });
    expect(row.content).toBe(logContent('log.adminDisabled', stored.$log[0]?.[1]));
    expect(renderLogContent(row.content, 'zh')).toContain(`禁用了用户 ${cast.bob.username}`);
  });
});

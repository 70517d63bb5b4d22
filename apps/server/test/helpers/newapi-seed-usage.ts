// The reference database's usage rows: logs and, on new-api, drawing and async tasks, as its
// servers write them (newapi-seed.ts seeds the rest; the import benchmark adds logs in batches).
import { randomBytes } from 'node:crypto';
import type { SeedSizes } from './newapi-seed';
import { insertRows, type SourceDatabase } from './newapi-source';

const hex = (bytes: number) => randomBytes(bytes).toString('hex');

/** Usage logs (and, on new-api, drawing and async tasks). Exported for the benchmark. */
export async function seedUsage(
  source: SourceDatabase,
  sizes: Pick<SeedSizes, 'users' | 'logs' | 'drawings' | 'tasks'>,
  now: number,
  firstLogId = 0,
): Promise<void> {
  const isNew = source.release === 'new-api';
  const logs = Array.from({ length: sizes.logs }, (_, i) => {
    const n = firstLogId + i;
    const row: Record<string, unknown> = {
      user_id: (n % sizes.users) + 1,
      created_at: now - 60 * (sizes.logs - i),
      type: n % 20 === 0 ? 1 : 2,
      content: n % 20 === 0 ? 'Redeemed 1.00 via code' : 'model ratio 0.075, completion ratio 4',
      username: `user${(n % sizes.users) + 1}`,
      token_name: 'production',
      model_name: n % 3 === 0 ? 'gpt-4o' : 'gpt-4o-mini',
      quota: 150 + (n % 1000),
      prompt_tokens: 120 + (n % 50),
      completion_tokens: 80 + (n % 70),
      channel_id: (n % 20) + 1,
      is_stream: source.bool(n % 2 === 0),
    };
    if (isNew) {
      Object.assign(row, {
        use_time: n % 7,
        token_id: (n % 50) + 1,
        group: 'default',
        ip: '',
        other: JSON.stringify({ model_ratio: 0.075, group_ratio: 1, completion_ratio: 4 }),
      });
    } else {
      Object.assign(row, {
        request_id: hex(8),
        elapsed_time: 1234 + (n % 500),
        system_prompt_reset: source.bool(false),
      });
    }
    return row;
  });
  await insertRows(source, 'logs', logs);
  if (!isNew) return;
  const drawings = Array.from({ length: sizes.drawings }, (_, i) => ({
    code: 1,
    user_id: (i % sizes.users) + 1,
    action: 'IMAGINE',
    mj_id: `${now}${i}`,
    prompt: 'a lighthouse at dusk',
    prompt_en: 'a lighthouse at dusk',
    description: 'Submit success',
    state: '',
    submit_time: (now - 600 + i) * 1000,
    start_time: (now - 590 + i) * 1000,
    finish_time: (now - 500 + i) * 1000,
    image_url: `https://cdn.example.com/${i}.png`,
    video_url: '',
    status: 'SUCCESS',
    progress: '100%',
    fail_reason: '',
    channel_id: 1,
    quota: 50_000,
    buttons: '[]',
    properties: '{}',
  }));
  await insertRows(source, 'midjourneys', drawings);
  const tasks = Array.from({ length: sizes.tasks }, (_, i) => ({
    created_at: now - 900 + i,
    updated_at: now - 800 + i,
    task_id: `task_${hex(6)}`,
    platform: 'suno',
    user_id: (i % sizes.users) + 1,
    group: 'default',
    channel_id: 1,
    quota: 20_000,
    action: 'MUSIC',
    status: i % 5 === 0 ? 'FAILURE' : 'SUCCESS',
    fail_reason: i % 5 === 0 ? 'upstream error' : '',
    submit_time: now - 900 + i,
    start_time: now - 890 + i,
    finish_time: now - 800 + i,
    progress: '100%',
    properties: '{"input":"a song"}',
    private_data: '',
    data: '{"clips":[]}',
  }));
  await insertRows(source, 'tasks', tasks);
}

// Log rows for tests, written through the logs repository the relay uses.
import { LogType } from '@switchyard/contracts';
import type { Db } from '../../src/db/database';
import type { NewLog } from '../../src/db/schema';
import { insertLogs } from '../../src/modules/logs/logs.repository';
import type { CreatedUser } from './factories';

/** A consumption log of `user` (override any column). */
export const consumeLog = (user: CreatedUser, overrides: Partial<NewLog> = {}): NewLog => ({
  user_id: user.id,
  username: user.username,
  created_at: Math.floor(Date.now() / 1000) - 60,
  type: LogType.consume,
  content: 'model ratio 1.00',
  token_name: 'default',
  model_name: 'gpt-4o-mini',
  quota: 100,
  prompt_tokens: 10,
  completion_tokens: 5,
  use_time: 2,
  is_stream: 0,
  channel_id: 1,
  token_id: 1,
  other: JSON.stringify({ model_ratio: 1, group_ratio: 1, admin_info: { use_channel: ['1'] } }),
  ...overrides,
});

/** Inserts in slices so no engine meets its bound-parameter limit. */
export async function seedLogs(db: Db, logs: readonly NewLog[]): Promise<void> {
  for (let i = 0; i < logs.length; i += 500) await insertLogs(db, logs.slice(i, i + 500));
}

// Source rows of the streamed tables (top-ups, usage logs, drawing and async tasks) as
// Switchyard rows; ids of users, tokens and channels go through the import's id maps.
import type { Insertable } from 'kysely';
import type { MidjourneysTable, NewLog, TasksTable, TopUpsTable } from '../db/schema';
import type { Mapped } from './entity-mappers';
import type { SourceRow } from './source';
import { flag, int, num, text, textOrNull } from './values';

export interface IdMaps {
  users: Map<number, number>;
  tokens: Map<number, number>;
  channels: Map<number, number>;
}

/** A referenced row that was not moved (deleted in the source, or skipped) becomes 0. */
const ref = (map: Map<number, number>, id: number): number => (id === 0 ? 0 : (map.get(id) ?? 0));

export function mapTopUp(row: SourceRow, maps: IdMaps): Mapped<Insertable<TopUpsTable>> {
  const userId = maps.users.get(int(row, 'user_id'));
  if (userId === undefined) return { skip: 'skip.userMissing' };
  const tradeNo = text(row, 'trade_no').trim();
  if (!tradeNo) return { skip: 'skip.noTradeNo' };
  return {
    row: {
      user_id: userId,
      amount: int(row, 'amount'),
      money: num(row, 'money'),
      trade_no: tradeNo.slice(0, 255),
      payment_method: text(row, 'payment_method').slice(0, 32),
      status: text(row, 'status').slice(0, 32),
      create_time: int(row, 'create_time'),
      complete_time: int(row, 'complete_time'),
    },
  };
}

export function mapLog(row: SourceRow, maps: IdMaps): Mapped<NewLog> {
  const userId = maps.users.get(int(row, 'user_id'));
  if (userId === undefined) return { skip: 'skip.userMissing' };
  // new-api has use_time in seconds; one-api has elapsed_time in milliseconds.
  const useTime =
    'use_time' in row ? int(row, 'use_time') : Math.round(int(row, 'elapsed_time') / 1000);
  return {
    row: {
      user_id: userId,
      created_at: int(row, 'created_at'),
      type: int(row, 'type'),
      content: text(row, 'content'),
      username: text(row, 'username').slice(0, 64),
      token_name: text(row, 'token_name').slice(0, 255),
      model_name: text(row, 'model_name').slice(0, 255),
      quota: int(row, 'quota'),
      prompt_tokens: int(row, 'prompt_tokens'),
      completion_tokens: int(row, 'completion_tokens'),
      use_time: useTime,
      is_stream: flag(row, 'is_stream'),
      channel_id: ref(maps.channels, int(row, 'channel_id')),
      token_id: ref(maps.tokens, int(row, 'token_id')),
      other: textOrNull(row, 'other'),
    },
  };
}

export function mapMidjourney(row: SourceRow, maps: IdMaps): Mapped<Insertable<MidjourneysTable>> {
  const userId = maps.users.get(int(row, 'user_id'));
  if (userId === undefined) return { skip: 'skip.userMissing' };
  const submitTime = int(row, 'submit_time');
  return {
    row: {
      code: int(row, 'code'),
      user_id: userId,
      action: text(row, 'action').slice(0, 40),
      mj_id: text(row, 'mj_id').slice(0, 191),
      prompt: textOrNull(row, 'prompt'),
      prompt_en: textOrNull(row, 'prompt_en'),
      description: textOrNull(row, 'description'),
      state: textOrNull(row, 'state'),
      // The reference has no creation time for drawings; submit_time (ms) is when it began.
      created_at: Math.floor(submitTime / 1000),
      submit_time: submitTime,
      start_time: int(row, 'start_time'),
      finish_time: int(row, 'finish_time'),
      image_url: textOrNull(row, 'image_url'),
      status: text(row, 'status').slice(0, 20),
      progress: text(row, 'progress').slice(0, 30),
      fail_reason: textOrNull(row, 'fail_reason'),
      channel_id: ref(maps.channels, int(row, 'channel_id')),
      quota: int(row, 'quota'),
      buttons: textOrNull(row, 'buttons'),
      properties: textOrNull(row, 'properties'),
      token_id: 0,
    },
  };
}

export function mapTask(row: SourceRow, maps: IdMaps): Mapped<Insertable<TasksTable>> {
  const userId = maps.users.get(int(row, 'user_id'));
  if (userId === undefined) return { skip: 'skip.userMissing' };
  return {
    row: {
      created_at: int(row, 'created_at'),
      updated_at: int(row, 'updated_at'),
      task_id: text(row, 'task_id').slice(0, 50),
      platform: text(row, 'platform').slice(0, 30),
      user_id: userId,
      channel_id: ref(maps.channels, int(row, 'channel_id')),
      quota: int(row, 'quota'),
      action: text(row, 'action').slice(0, 40),
      status: text(row, 'status').slice(0, 20),
      fail_reason: textOrNull(row, 'fail_reason'),
      submit_time: int(row, 'submit_time'),
      start_time: int(row, 'start_time'),
      finish_time: int(row, 'finish_time'),
      progress: text(row, 'progress').slice(0, 20),
      properties: textOrNull(row, 'properties'),
      data: textOrNull(row, 'data'),
      token_id: 0,
    },
  };
}

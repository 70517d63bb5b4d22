// The abilities table: one row per (group × model) of a channel, which the relay selects from.
// Rebuilt on every channel change; `enabled` follows the channel status, priority and weight are
// copied. The relay's automatic disable/enable may call setAbilitiesEnabled.
import { ChannelStatus, splitList } from '@switchyard/contracts';
import type { Insertable } from 'kysely';
import type { Db } from '../../db/database';
import type { AbilitiesTable } from '../../db/schema';
import { channelsChanged } from '../../lib/channel-changes';
import type { ChannelRow } from './channels.repository';

type AbilitySource = Pick<ChannelRow, 'id' | 'group' | 'models' | 'status' | 'priority' | 'weight'>;
type NewAbility = Insertable<AbilitiesTable>;

/** Rows kept per INSERT statement (well below every engine's bound-parameter limit). */
const CHUNK = 200;

/** The ability rows a channel should have. */
export function abilitiesOf(channel: AbilitySource): NewAbility[] {
  const enabled = channel.status === ChannelStatus.enabled ? 1 : 0;
  const rows: NewAbility[] = [];
  for (const group of splitList(channel.group)) {
    for (const model of splitList(channel.models)) {
      rows.push({
        group,
        model,
        channel_id: channel.id,
        enabled,
        priority: channel.priority,
        weight: channel.weight,
      });
    }
  }
  return rows;
}

/** Replaces a channel's abilities; run it in the transaction that changed the channel. */
export async function rebuildAbilities(trx: Db, channel: AbilitySource): Promise<void> {
  await deleteAbilities(trx, [channel.id]);
  const rows = abilitiesOf(channel);
  for (let start = 0; start < rows.length; start += CHUNK) {
    await trx
      .insertInto('abilities')
      .values(rows.slice(start, start + CHUNK))
      .execute();
  }
}

export async function deleteAbilities(trx: Db, channelIds: number[]): Promise<void> {
  if (channelIds.length === 0) return;
  await trx.deleteFrom('abilities').where('channel_id', 'in', channelIds).execute();
  // The relay's cached candidates (lib/channel-changes.ts); rebuildAbilities comes here first.
  channelsChanged();
}

/** Turns a channel's abilities on or off (a status change that keeps models and groups). */
export async function setAbilitiesEnabled(
  db: Db,
  channelId: number,
  enabled: boolean,
): Promise<void> {
  await db
    .updateTable('abilities')
    .set({ enabled: enabled ? 1 : 0 })
    .where('channel_id', '=', channelId)
    .execute();
  channelsChanged();
}

export type AbilityRow = Omit<NewAbility, 'enabled' | 'priority' | 'weight'> & {
  enabled: number;
  priority: number;
  weight: number;
};

export async function listAbilities(db: Db, channelId?: number): Promise<AbilityRow[]> {
  let query = db.selectFrom('abilities').selectAll();
  if (channelId !== undefined) query = query.where('channel_id', '=', channelId);
  const rows = await query.execute();
  return rows.map((row) => ({
    ...row,
    channel_id: Number(row.channel_id),
    enabled: Number(row.enabled),
    priority: Number(row.priority),
    weight: Number(row.weight),
  }));
}

const signature = (row: NewAbility | AbilityRow): string =>
  [row.group, row.model, row.enabled, row.priority, row.weight].join('\u0000');

/**
 * Repairs the table: channels whose rows differ from what they should be are rebuilt and rows of
 * deleted channels removed. Returns how many channels (existing or deleted) were touched.
 */
export async function repairAbilities(trx: Db, channels: AbilitySource[]): Promise<number> {
  const actual = new Map<number, string[]>();
  for (const row of await listAbilities(trx)) {
    const list = actual.get(row.channel_id) ?? [];
    list.push(signature(row));
    actual.set(row.channel_id, list);
  }
  let repaired = 0;
  for (const channel of channels) {
    const expected = abilitiesOf(channel).map(signature).sort().join('\n');
    const current = (actual.get(channel.id) ?? []).sort().join('\n');
    actual.delete(channel.id);
    if (expected !== current) {
      await rebuildAbilities(trx, channel);
      repaired += 1;
    }
  }
  const orphans = [...actual.keys()];
  await deleteAbilities(trx, orphans);
  return repaired + orphans.length;
}

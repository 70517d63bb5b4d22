// SQL of channel health: the other channels that could serve a failing one's models, and a
// channel's status change with its abilities (one transaction).
import { ChannelStatus } from '@switchyard/contracts';
import type { Db } from '../../db/database';
import { channelsChanged } from '../../lib/channel-changes';

/** Other enabled channels serving any of these models to any of these groups. */
export function listAlternatives(
  db: Db,
  channelId: number,
  groups: readonly string[],
  models: readonly string[],
): Promise<{ group: string; model: string; channel_id: number }[]> {
  if (groups.length === 0 || models.length === 0) return Promise.resolve([]);
  return db
    .selectFrom('abilities as a')
    .innerJoin('channels as c', 'c.id', 'a.channel_id')
    .select(['a.group', 'a.model', 'a.channel_id'])
    .where('a.group', 'in', [...groups])
    .where('a.model', 'in', [...models])
    .where('a.enabled', '=', 1)
    .where('c.status', '=', ChannelStatus.enabled)
    .where('a.channel_id', '<>', channelId)
    .execute();
}

/** Sets a channel's status (only from `onlyFrom` when given) and enables or disables its
 * abilities with it; false when the channel was not changed. */
export async function setChannelStatus(
  db: Db,
  channelId: number,
  status: number,
  otherInfo: string | null,
  onlyFrom?: number,
): Promise<boolean> {
  const changed = await db.transaction().execute(async (trx) => {
    let query = trx
      .updateTable('channels')
      .set({ status, other_info: otherInfo })
      .where('id', '=', channelId);
    if (onlyFrom !== undefined) query = query.where('status', '=', onlyFrom);
    const result = await query.executeTakeFirst();
    if (Number(result.numUpdatedRows) === 0) return false;
    await trx
      .updateTable('abilities')
      .set({ enabled: status === ChannelStatus.enabled ? 1 : 0 })
      .where('channel_id', '=', channelId)
      .execute();
    channelsChanged();
    return true;
  });
  // Again once committed: a read that began before the commit must not keep the old rows.
  if (changed) channelsChanged();
  return changed;
}

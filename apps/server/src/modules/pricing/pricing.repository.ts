// SQL for the pricing page: which models the enabled channels serve, in which groups.
import { ChannelStatus } from '@switchyard/contracts';
import type { Db } from '../../db/database';

export interface ServedModel {
  model: string;
  group: string;
  channel_id: number;
  channel_type: number;
}

export function listServedModels(db: Db): Promise<ServedModel[]> {
  return db
    .selectFrom('abilities')
    .innerJoin('channels', 'channels.id', 'abilities.channel_id')
    .select([
      'abilities.model as model',
      'abilities.group as group',
      'channels.id as channel_id',
      'channels.type as channel_type',
    ])
    .where('abilities.enabled', '=', 1)
    .where('channels.status', '=', ChannelStatus.enabled)
    .orderBy('channels.id')
    .execute();
}

// GET /api/pricing: every model an enabled channel serves, priced by the pricing options.
import {
  channelTypeById,
  comparePricing,
  DEFAULT_GROUP,
  type PricingItem,
} from '@switchyard/contracts';
import { modelContextWindow } from '@switchyard/contracts/pricing';
import type { Db } from '../../db/database';
import { listServedModels } from './pricing.repository';
import type { PricingRules } from './pricing-rules';

export interface PricingList {
  items: PricingItem[];
  group: string;
  groupRatio: number;
}

export class PricingService {
  constructor(
    private readonly db: Db,
    private readonly rules: PricingRules,
  ) {}

  /** `group` is the caller's group, or null for a guest (who sees every priced model as available). */
  async list(group: string | null): Promise<PricingList> {
    const byModel = new Map<string, { groups: Set<string>; channelType: number }>();
    for (const row of await listServedModels(this.db)) {
      const entry = byModel.get(row.model) ?? { groups: new Set(), channelType: row.channel_type };
      entry.groups.add(row.group);
      byModel.set(row.model, entry);
    }
    const items = [...byModel].map(([model, { groups, channelType }]): PricingItem => {
      const pricing = this.rules.forModel(model);
      const enableGroups = [...groups].sort();
      return {
        model_name: model,
        quota_type: pricing.quotaType,
        model_ratio: pricing.modelRatio,
        model_price: pricing.modelPrice,
        completion_ratio: pricing.completionRatio,
        enable_groups: enableGroups,
        // A model without a price is not offered as available, whoever asks.
        available: pricing.known && (group === null || enableGroups.includes(group)),
        price_set: pricing.known,
        owner_by: channelTypeById(channelType)?.key ?? '',
        context_length: modelContextWindow(model),
      };
    });
    const shownGroup = group ?? DEFAULT_GROUP;
    return {
      items: items.sort(comparePricing),
      group: shownGroup,
      groupRatio: this.rules.groupRatio(shownGroup),
    };
  }
}

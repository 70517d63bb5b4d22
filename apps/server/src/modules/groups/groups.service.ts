// User groups: the names configured in the GroupRatio option.
import type { OptionsStore } from '../options/options.store';

export class GroupsService {
  constructor(private readonly options: OptionsStore) {}

  names(): string[] {
    const ratios = this.options.getJson<unknown>('GroupRatio');
    if (typeof ratios !== 'object' || ratios === null || Array.isArray(ratios)) return [];
    return Object.keys(ratios);
  }
}

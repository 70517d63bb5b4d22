// Redemption codes for admins: list, search, create in batches, edit, enable/disable, delete.
import { randomUUID } from 'node:crypto';
import {
  type CreateRedemptionRequest,
  type Page,
  type PageQuery,
  RedemptionStatus,
  type RedemptionStatusRequest,
  type RedemptionView,
  type UpdateRedemptionRequest,
} from '@switchyard/contracts';
import type { Db } from '../../db/database';
import type { Clock } from '../../lib/clock';
import { refuse } from '../../lib/errors';
import type { Identity } from '../sessions/sessions.service';
import {
  findRedemption,
  insertRedemptions,
  listRedemptions,
  type RedemptionRow,
  searchRedemptions,
  softDeleteRedemption,
  updateUnusedRedemption,
} from './redemptions.repository';

/** A code is 32 hex digits of a random UUID (crypto.randomUUID is a CSPRNG). */
export const generateRedemptionKey = (): string => randomUUID().replaceAll('-', '');

const view = (row: RedemptionRow): RedemptionView => ({
  id: row.id,
  name: row.name,
  key: row.key,
  status: row.status,
  quota: row.quota,
  created_time: row.created_time,
  redeemed_time: row.redeemed_time,
  used_user_id: row.used_user_id,
});

export class RedemptionsService {
  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
  ) {}

  async list(page: PageQuery): Promise<Page<RedemptionView>> {
    const { rows, total } = await listRedemptions(this.db, page.p * page.size, page.size);
    return { items: rows.map(view), total, page: page.p, page_size: page.size };
  }

  async search(keyword: string): Promise<RedemptionView[]> {
    return (await searchRedemptions(this.db, keyword)).map(view);
  }

  async get(id: number): Promise<RedemptionView> {
    return view(await this.load(id));
  }

  /** Creates `count` codes in one statement; returns their keys. */
  async create(identity: Identity, input: CreateRedemptionRequest): Promise<string[]> {
    const now = this.clock.now();
    const keys = Array.from({ length: input.count }, generateRedemptionKey);
    await insertRedemptions(
      this.db,
      keys.map((key) => ({
        user_id: identity.userId,
        key,
        status: RedemptionStatus.unused,
        name: input.name,
        quota: input.quota,
        created_time: now,
        deleted_at: null,
      })),
    );
    return keys;
  }

  async update(input: UpdateRedemptionRequest): Promise<RedemptionView> {
    await this.change(input.id, { name: input.name, quota: input.quota });
    return this.get(input.id);
  }

  async setStatus(input: RedemptionStatusRequest): Promise<RedemptionView> {
    await this.change(input.id, { status: input.status });
    return this.get(input.id);
  }

  async delete(id: number): Promise<void> {
    if (!(await softDeleteRedemption(this.db, id, this.clock.now()))) {
      throw refuse('redemption.notFound');
    }
  }

  /** Used codes are final: the guarded update refuses them even if one was used a moment ago. */
  private async change(id: number, patch: { name?: string; quota?: number; status?: number }) {
    await this.load(id);
    if (!(await updateUnusedRedemption(this.db, id, patch))) {
      throw refuse('redemption.usedCannotChange');
    }
  }

  private async load(id: number): Promise<RedemptionRow> {
    const code = await findRedemption(this.db, id);
    if (!code) throw refuse('redemption.notFound');
    return code;
  }
}

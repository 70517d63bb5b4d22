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
import type { Identity } from '../../lib/identity';
import { type AuditActor, recordAudit } from '../audit/audit.writer';
import { findPlan } from '../plans/plans.repository';
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
  plan_id: Number(row.plan_id),
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
  async create(
    identity: Identity,
    input: CreateRedemptionRequest,
    actor: AuditActor,
  ): Promise<string[]> {
    const now = this.clock.now();
    const planId = input.plan_id ?? 0;
    if (planId > 0 && !(await findPlan(this.db, planId))) throw refuse('plan.notFound');
    const keys = Array.from({ length: input.count }, generateRedemptionKey);
    const rows = keys.map((key) => ({
      user_id: identity.userId,
      key,
      status: RedemptionStatus.unused,
      name: input.name,
      quota: planId > 0 ? 0 : input.quota,
      plan_id: planId,
      created_time: now,
      deleted_at: null,
    }));
    await this.db.transaction().execute(async (trx) => {
      await insertRedemptions(trx, rows);
      // The codes themselves are money: the entry names the batch, never a key.
      await recordAudit(trx, actor, {
        action: 'redemption.create',
        target_type: 'redemption',
        summary: { name: input.name, count: input.count, quota: input.quota, plan_id: planId },
      });
    });
    return keys;
  }

  async update(input: UpdateRedemptionRequest, actor: AuditActor): Promise<RedemptionView> {
    await this.change(input.id, { name: input.name, quota: input.quota }, actor);
    return this.get(input.id);
  }

  async setStatus(input: RedemptionStatusRequest, actor: AuditActor): Promise<RedemptionView> {
    await this.change(input.id, { status: input.status }, actor);
    return this.get(input.id);
  }

  async delete(id: number, actor: AuditActor): Promise<void> {
    await this.db.transaction().execute(async (trx) => {
      if (!(await softDeleteRedemption(trx, id, this.clock.now()))) {
        throw refuse('redemption.notFound');
      }
      await recordAudit(trx, actor, {
        action: 'redemption.delete',
        target_type: 'redemption',
        target_id: id,
        summary: {},
      });
    });
  }

  /** Used codes are final: the guarded update refuses them even if one was used a moment ago. */
  private async change(
    id: number,
    patch: { name?: string; quota?: number; status?: number },
    actor: AuditActor,
  ) {
    await this.load(id);
    await this.db.transaction().execute(async (trx) => {
      if (!(await updateUnusedRedemption(trx, id, patch))) {
        throw refuse('redemption.usedCannotChange');
      }
      await recordAudit(trx, actor, {
        action: 'redemption.update',
        target_type: 'redemption',
        target_id: id,
        summary: { ...patch },
      });
    });
  }

  private async load(id: number): Promise<RedemptionRow> {
    const code = await findRedemption(this.db, id);
    if (!code) throw refuse('redemption.notFound');
    return code;
  }
}

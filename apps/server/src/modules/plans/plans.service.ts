// Plans (issue 31): the super admin's catalogue, and the plans on sale a user's group may buy.
import type {
  PlanFields,
  PlanLimit,
  PlanOnlinePrices,
  PlanView,
  UpdatePlanRequest,
} from '@switchyard/contracts';
import type { Db } from '../../db/database';
import type { Clock } from '../../lib/clock';
import { refuse } from '../../lib/errors';
import { type AuditActor, recordAudit } from '../audit/audit.writer';
import {
  deletePlan,
  findPlan,
  insertPlan,
  listPlans,
  type PlanRow,
  planHasSubscriptions,
  updatePlan,
} from './plans.repository';

const list = (value: string): string[] =>
  value
    .split(',')
    .map((item) => item.trim())
    .filter(Boolean);

/** A comma list written back without blanks or repeats. */
const tidy = (value: string): string => [...new Set(list(value))].join(',');

export function limitsOf(row: Pick<PlanRow, 'limits'>): PlanLimit[] {
  try {
    const parsed = JSON.parse(row.limits) as PlanLimit[];
    return Array.isArray(parsed) ? parsed : [];
  } catch {
    return [];
  }
}

export const planView = (row: PlanRow): PlanView => ({
  id: Number(row.id),
  name: row.name,
  description: row.description,
  status: Number(row.status),
  price: Number(row.price),
  duration_days: Number(row.duration_days),
  models: row.models,
  groups: row.groups,
  limits: limitsOf(row),
  upgrade_group: row.upgrade_group,
  sort: Number(row.sort),
  created_at: Number(row.created_at),
});

/** Whether a user of this group may buy the plan (empty groups: everyone). */
export const groupMayBuy = (plan: Pick<PlanRow, 'groups'>, group: string): boolean => {
  const groups = list(plan.groups);
  return groups.length === 0 || groups.includes(group);
};

const columns = (input: PlanFields) => ({
  name: input.name,
  description: input.description,
  status: input.status,
  price: input.price,
  duration_days: input.duration_days,
  models: tidy(input.models),
  groups: tidy(input.groups),
  limits: JSON.stringify(input.limits),
  upgrade_group: input.upgrade_group,
  sort: input.sort,
});

export class PlansService {
  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
    /** What a plan costs online by each configured gateway (the buyable list carries it). */
    private readonly onlinePrices: (planPrice: number) => PlanOnlinePrices,
  ) {}

  async all(): Promise<PlanView[]> {
    return (await listPlans(this.db, false)).map(planView);
  }

  /** The plans on sale that a user of `group` may buy, with what each costs paid online. */
  async available(group: string): Promise<PlanView[]> {
    return (await listPlans(this.db, true))
      .filter((p) => groupMayBuy(p, group))
      .map((p) => ({ ...planView(p), ...this.onlinePrices(Number(p.price)) }));
  }

  async get(id: number): Promise<PlanRow> {
    const plan = await findPlan(this.db, id);
    if (!plan) throw refuse('plan.notFound');
    return plan;
  }

  async create(input: PlanFields, actor: AuditActor): Promise<PlanView> {
    const now = this.clock.now();
    const id = await this.db.transaction().execute(async (trx) => {
      const created = await insertPlan(trx, {
        ...columns(input),
        created_at: now,
        updated_at: now,
      });
      await recordAudit(trx, actor, {
        action: 'plan.create',
        target_type: 'plan',
        target_id: created,
        summary: { name: input.name, price: input.price },
      });
      return created;
    });
    return planView(await this.get(id));
  }

  async update(input: UpdatePlanRequest, actor: AuditActor): Promise<PlanView> {
    await this.db.transaction().execute(async (trx) => {
      const changed = await updatePlan(trx, input.id, {
        ...columns(input),
        updated_at: this.clock.now(),
      });
      if (!changed) throw refuse('plan.notFound');
      await recordAudit(trx, actor, {
        action: 'plan.update',
        target_type: 'plan',
        target_id: input.id,
        summary: { name: input.name, price: input.price, status: input.status },
      });
    });
    return planView(await this.get(input.id));
  }

  /** A plan someone subscribed to stays (their history names it): take it off sale instead. */
  async remove(id: number, actor: AuditActor): Promise<void> {
    await this.get(id);
    if (await planHasSubscriptions(this.db, id)) throw refuse('plan.hasSubscriptions');
    await this.db.transaction().execute(async (trx) => {
      if (!(await deletePlan(trx, id))) throw refuse('plan.notFound');
      await recordAudit(trx, actor, {
        action: 'plan.delete',
        target_type: 'plan',
        target_id: id,
        summary: {},
      });
    });
  }
}

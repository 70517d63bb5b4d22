// SQL of the relay: token and user look-up, channel candidates, and the guarded quota moves.
import { type Compilable, type QueryResult, sql } from 'kysely';
import { type Db, type SqliteDirect, sqliteDirectOf } from '../db/database';
import { engineOf } from '../db/dialect';
import type { NewLog } from '../db/schema';
import { insertLogs } from '../modules/logs/logs.repository';
import { type Arg, type DirectStatement, directTemplate, runTemplate } from './query-templates';

export interface TokenOwnerRow {
  token_id: number;
  token_name: string;
  token_status: number;
  expired_time: number;
  remain_quota: number;
  token_used: number;
  unlimited_quota: number;
  model_limits_enabled: number;
  model_limits: string;
  user_id: number;
  username: string;
  user_status: number;
  role: number;
  quota: number;
  user_used: number;
  group: string;
  email: string | null;
}

const tokenWithOwnerQuery = (q: Db, arg: Arg) =>
  q
    .selectFrom('tokens as t')
    .innerJoin('users as u', 'u.id', 't.user_id')
    .select([
      't.id as token_id',
      't.name as token_name',
      't.status as token_status',
      't.expired_time',
      't.remain_quota',
      't.used_quota as token_used',
      't.unlimited_quota',
      't.model_limits_enabled',
      't.model_limits',
      'u.id as user_id',
      'u.username',
      'u.status as user_status',
      'u.role',
      'u.quota',
      'u.used_quota as user_used',
      'u.group',
      'u.email',
    ])
    .where('t.key', '=', arg<string>(0))
    .where('t.deleted_at', 'is', null)
    .where('u.deleted_at', 'is', null);

/** The token with this key (not deleted) and its owner (not cancelled), in one query. */
export async function findTokenWithOwner(db: Db, key: string): Promise<TokenOwnerRow | undefined> {
  const direct = directOf(db);
  if (direct) return direct.tokenWithOwner.all(key)[0];
  const result = await runTemplate(db, 'findTokenWithOwner', tokenWithOwnerQuery, [key]);
  return result.rows[0];
}

export async function setTokenStatus(db: Db, tokenId: number, status: number): Promise<void> {
  await db.updateTable('tokens').set({ status }).where('id', '=', tokenId).execute();
}

export interface ChannelRow {
  id: number;
  type: number;
  key: string;
  name: string;
  status: number;
  base_url: string | null;
  other: string | null;
  openai_organization: string | null;
  model_mapping: string | null;
  status_code_mapping: string | null;
  auto_ban: number;
  test_model: string | null;
  models: string;
  group: string;
  other_info: string | null;
}

const CHANNEL_COLUMNS = [
  'c.id',
  'c.type',
  'c.key',
  'c.name',
  'c.status',
  'c.base_url',
  'c.other',
  'c.openai_organization',
  'c.model_mapping',
  'c.status_code_mapping',
  'c.auto_ban',
  'c.test_model',
  'c.models',
  'c.group',
  'c.other_info',
] as const;

export interface CandidateRow extends ChannelRow {
  priority: number;
  weight: number;
}

const candidatesQuery = (q: Db, arg: Arg) =>
  q
    .selectFrom('abilities as a')
    .innerJoin('channels as c', 'c.id', 'a.channel_id')
    .select([...CHANNEL_COLUMNS, 'a.priority', 'a.weight'])
    .where('a.group', '=', arg<string>(0))
    .where('a.model', '=', arg<string>(1))
    .where('a.enabled', '=', sql.lit(1))
    .where('c.status', '=', sql.lit(1));

/** Enabled channels that serve the model to the group, with the ability's priority and weight. */
export async function listCandidates(
  db: Db,
  group: string,
  model: string,
): Promise<CandidateRow[]> {
  const direct = directOf(db);
  if (direct) return direct.candidates.all(group, model);
  const result = await runTemplate(db, 'listCandidates', candidatesQuery, [group, model]);
  return result.rows;
}

export function findChannel(db: Db, id: number): Promise<ChannelRow | undefined> {
  return db
    .selectFrom('channels as c')
    .select(CHANNEL_COLUMNS)
    .where('c.id', '=', id)
    .executeTakeFirst();
}

export function listChannels(db: Db): Promise<ChannelRow[]> {
  return db.selectFrom('channels as c').select(CHANNEL_COLUMNS).orderBy('c.id').execute();
}

/** Distinct models enabled for a group (for GET /v1/models), shared with /api/user/models. */
export { listGroupModels } from '../modules/users/users.repository';

const affected = (result: QueryResult<unknown>): number => Number(result.numAffectedRows ?? 0);

/** quota − delta, used_quota + used, request_count + requests (args: delta, used, requests, id). */
const moveUserQuery = (q: Db, arg: Arg) =>
  q
    .updateTable('users')
    .set({
      quota: sql`quota - ${arg(0)}`,
      used_quota: sql`used_quota + ${arg(1)}`,
      request_count: sql`request_count + ${arg(2)}`,
    })
    .where('id', '=', arg<number>(3));

/** quota − amount where quota ≥ amount (args: amount, id). */
const takeUserQuery = (q: Db, arg: Arg) =>
  q
    .updateTable('users')
    .set({ quota: sql`quota - ${arg(0)}` })
    .where('id', '=', arg<number>(1))
    .where('quota', '>=', arg<number>(0));

/** remain − delta, used + delta; unguarded: the caller holds the guard or gives back. */
const moveTokenQuery = (q: Db, arg: Arg) =>
  q
    .updateTable('tokens')
    .set({
      remain_quota: sql`remain_quota - ${arg(0)}`,
      used_quota: sql`used_quota + ${arg(0)}`,
    })
    .where('id', '=', arg<number>(1));

/** Like moveTokenQuery, guarded by remain ≥ amount unless unlimited (args: amount, now, id). */
const takeTokenQuery = (q: Db, arg: Arg) =>
  q
    .updateTable('tokens')
    .set({
      remain_quota: sql`remain_quota - ${arg(0)}`,
      used_quota: sql`used_quota + ${arg(0)}`,
      accessed_time: arg<number>(1),
    })
    .where('id', '=', arg<number>(2))
    .where((eb) =>
      eb.or([eb('unlimited_quota', '=', sql.lit(1)), eb('remain_quota', '>=', arg<number>(0))]),
    );

/** used_quota + amount (args: amount, id). */
const addChannelUsedQuery = (q: Db, arg: Arg) =>
  q
    .updateTable('channels')
    .set({ used_quota: sql`used_quota + ${arg(0)}` })
    .where('id', '=', arg<number>(1));

const userQuotaQuery = (q: Db, arg: Arg) =>
  q.selectFrom('users').select('quota').where('id', '=', arg<number>(0));

const tokenQuotaQuery = (q: Db, arg: Arg) =>
  q
    .selectFrom('tokens')
    .select(['remain_quota', 'unlimited_quota'])
    .where('id', '=', arg<number>(0));

/** A consume log with these columns (the columns' order is the arguments' order). */
const insertLogQuery = (columns: readonly string[]) => (q: Db, arg: Arg) =>
  q
    .insertInto('logs')
    .values(Object.fromEntries(columns.map((column, index) => [column, arg(index)])) as NewLog);

/** Thrown inside a transaction to roll it back when the token's guard fails. */
class QuotaShort extends Error {}

/**
 * The relay's hot statements run directly on SQLite: each quota move is one synchronous
 * better-sqlite3 transaction, which nothing else in the process can interleave with.
 */
class DirectRelaySql {
  readonly tokenWithOwner;
  readonly candidates;
  private readonly takeUser;
  private readonly takeToken;
  private readonly moveUser;
  private readonly moveToken;
  private readonly addChannelUsed;
  private readonly userQuota;
  private readonly tokenQuota;
  private readonly logInserts = new Map<string, DirectStatement<unknown>>();
  /** The guarded take (see takeQuota), in a transaction of its own. */
  readonly take: (userId: number, tokenId: number, amount: number, now: number) => boolean;
  /** The settlements (see settleQuotas) in one transaction; what each was charged. */
  readonly settle: (settlements: readonly Settlement[]) => number[];
  /** A whole reservation given back, in a transaction of its own. */
  readonly refund: (userId: number, tokenId: number, amount: number) => void;

  constructor(
    private readonly db: Db,
    private readonly direct: SqliteDirect,
  ) {
    const statement = <R>(name: string, build: (q: Db, arg: Arg) => Compilable<R>, arity: number) =>
      directTemplate(db, direct, name, build, arity);
    this.tokenWithOwner = statement('findTokenWithOwner', tokenWithOwnerQuery, 1);
    this.candidates = statement('listCandidates', candidatesQuery, 2);
    this.takeUser = statement('takeUserQuota', takeUserQuery, 2);
    this.takeToken = statement('takeTokenQuota', takeTokenQuery, 3);
    this.moveUser = statement('moveUserQuota', moveUserQuery, 4);
    this.moveToken = statement('moveTokenQuota', moveTokenQuery, 2);
    this.addChannelUsed = statement('addChannelUsed', addChannelUsedQuery, 2);
    this.userQuota = statement('userQuota', userQuotaQuery, 1);
    this.tokenQuota = statement('tokenQuota', tokenQuotaQuery, 1);
    // better-sqlite3 builds a transaction function's wrappers on each transaction() call: once.
    const transaction = direct.connection.transaction.bind(direct.connection);
    this.take = transaction((userId: number, tokenId: number, amount: number, now: number) => {
      if (this.takeUser.run(amount, userId) !== 1) return false;
      if (this.takeToken.run(amount, now, tokenId) !== 1) throw new QuotaShort();
      return true;
    });
    this.settle = transaction((settlements: readonly Settlement[]) => {
      const plan = planSettlements(settlements);
      for (const [userId, user] of plan.users) {
        this.moveUser.run(user.delta, user.used, user.requests, userId);
      }
      for (const [tokenId, delta] of plan.tokens) this.moveToken.run(delta, tokenId);
      for (const [channelId, used] of plan.channels) this.addChannelUsed.run(used, channelId);
      for (const index of plan.guarded) {
        plan.charges[index] = this.applyGuarded(settlements[index] as Settlement);
      }
      for (const [index, s] of settlements.entries()) {
        if (s.log) this.insertLog({ ...s.log, quota: plan.charges[index] ?? 0 });
      }
      return plan.charges;
    });
    this.refund = transaction((userId: number, tokenId: number, amount: number) => {
      this.moveUser.run(-amount, 0, 0, userId);
      this.moveToken.run(-amount, tokenId);
    });
  }

  /** A settlement above its reservation, inside the caller's transaction; returns the charge. */
  private applyGuarded(s: Settlement): number {
    const user = this.userQuota.all(s.userId)[0] as { quota: number } | undefined;
    const token = this.tokenQuota.all(s.tokenId)[0] as TokenBalance | undefined;
    const charged = s.reserved + Math.min(s.cost - s.reserved, available(user, token));
    const delta = charged - s.reserved;
    this.moveUser.run(delta, charged, s.countRequest ? 1 : 0, s.userId);
    if (delta !== 0) this.moveToken.run(delta, s.tokenId);
    if (charged > 0 && s.channelId > 0) this.addChannelUsed.run(charged, s.channelId);
    return charged;
  }

  private insertLog(log: NewLog): void {
    const columns = Object.keys(log).filter((column) => log[column as keyof NewLog] !== undefined);
    const name = `insertLog:${columns.join(',')}`;
    let insert = this.logInserts.get(name);
    if (!insert) {
      insert = directTemplate(this.db, this.direct, name, insertLogQuery(columns), columns.length);
      this.logInserts.set(name, insert);
    }
    insert.run(...columns.map((column) => log[column as keyof NewLog]));
  }
}

const directSql = new WeakMap<Db, DirectRelaySql>();

/** The direct SQLite statements, unless the engine is another or a Kysely transaction is open. */
function directOf(db: Db): DirectRelaySql | undefined {
  const direct = sqliteDirectOf(db);
  if (!direct || direct.connection.inTransaction) return undefined;
  let statements = directSql.get(db);
  if (!statements) {
    statements = new DirectRelaySql(db, direct);
    directSql.set(db, statements);
  }
  return statements;
}

interface TokenBalance {
  remain_quota: number;
  unlimited_quota: number;
}

/** What the user and the token can still pay. */
function available(user: { quota: number } | undefined, token: TokenBalance | undefined): number {
  const userLeft = Math.max(0, user?.quota ?? 0);
  if (!token || token.unlimited_quota === 1) return userLeft;
  return Math.min(userLeft, Math.max(0, token.remain_quota));
}

/**
 * Takes `amount` from the user and the token, both guarded so neither goes below zero; all or
 * nothing. Returns false (and changes nothing) when either balance is short.
 */
export async function takeQuota(
  db: Db,
  userId: number,
  tokenId: number,
  amount: number,
  now: number,
): Promise<boolean> {
  const direct = directOf(db);
  try {
    if (direct) return direct.take(userId, tokenId, amount, now);
    return await db.transaction().execute(async (trx) => {
      const user = await runTemplate(trx, 'takeUserQuota', takeUserQuery, [amount, userId]);
      if (affected(user) !== 1) return false;
      const token = await runTemplate(trx, 'takeTokenQuota', takeTokenQuery, [
        amount,
        now,
        tokenId,
      ]);
      if (affected(token) !== 1) throw new QuotaShort();
      return true;
    });
  } catch (error) {
    if (error instanceof QuotaShort) return false;
    throw error;
  }
}

export interface Settlement {
  userId: number;
  tokenId: number;
  channelId: number;
  /** What was taken up front. */
  reserved: number;
  /** What the request really costs. */
  cost: number;
  /** Count the request (false for refunds of failed requests). */
  countRequest: boolean;
  log: NewLog | null;
  now: number;
}

/** A batch of settlements as the fewest updates: see planSettlements. */
interface SettlementPlan {
  /** Per user: quota − delta, used_quota + used, request_count + requests. */
  users: Map<number, { delta: number; used: number; requests: number }>;
  /** Per token: remain − delta, used + delta (deltas that are not 0). */
  tokens: Map<number, number>;
  /** Per channel: used_quota + used. */
  channels: Map<number, number>;
  /** Settlements above their reservation, to apply one by one against the locked balances. */
  guarded: number[];
  /** What each settlement is charged (the guarded ones are filled in when applied). */
  charges: number[];
}

/**
 * Settlements within their reservation only give back (or move nothing), so their moves are
 * summed per user, token and channel; those above it are left to apply one by one after the
 * sums (which only raise the balances they are guarded by).
 */
function planSettlements(settlements: readonly Settlement[]): SettlementPlan {
  const plan: SettlementPlan = {
    users: new Map(),
    tokens: new Map(),
    channels: new Map(),
    guarded: [],
    charges: [],
  };
  for (const [index, s] of settlements.entries()) {
    if (s.cost > s.reserved) {
      plan.guarded.push(index);
      plan.charges.push(0);
      continue;
    }
    const delta = s.cost - s.reserved;
    const user = plan.users.get(s.userId) ?? { delta: 0, used: 0, requests: 0 };
    user.delta += delta;
    user.used += s.cost;
    user.requests += s.countRequest ? 1 : 0;
    plan.users.set(s.userId, user);
    if (delta !== 0) plan.tokens.set(s.tokenId, (plan.tokens.get(s.tokenId) ?? 0) + delta);
    if (s.cost > 0 && s.channelId > 0) {
      plan.channels.set(s.channelId, (plan.channels.get(s.channelId) ?? 0) + s.cost);
    }
    plan.charges.push(s.cost);
  }
  return plan;
}

/**
 * Moves the balances from each reservation to its real cost and writes the consume logs, all in
 * one transaction (the logs in one multi-row insert). A cost above the reservation is taken only
 * as far as the balances reach (they are locked first), so nothing goes below zero; returns what
 * each was charged in the end.
 */
export async function settleQuotas(db: Db, settlements: readonly Settlement[]): Promise<number[]> {
  if (settlements.length === 0) return [];
  const direct = directOf(db);
  if (direct) return direct.settle(settlements);
  return db.transaction().execute(async (trx) => {
    const plan = planSettlements(settlements);
    for (const [userId, user] of plan.users) {
      await moveUser(trx, userId, user.delta, user.used, user.requests);
    }
    for (const [tokenId, delta] of plan.tokens) await moveToken(trx, tokenId, delta);
    for (const [channelId, used] of plan.channels) await addChannelUsed(trx, channelId, used);
    for (const index of plan.guarded) {
      const s = settlements[index] as Settlement;
      const available = await lockedAvailable(trx, s.userId, s.tokenId);
      const charged = s.reserved + Math.min(s.cost - s.reserved, available);
      const delta = charged - s.reserved;
      await moveUser(trx, s.userId, delta, charged, s.countRequest ? 1 : 0);
      if (delta !== 0) await moveToken(trx, s.tokenId, delta);
      if (charged > 0 && s.channelId > 0) await addChannelUsed(trx, s.channelId, charged);
      plan.charges[index] = charged;
    }
    const logs: NewLog[] = [];
    for (const [index, s] of settlements.entries()) {
      if (s.log) logs.push({ ...s.log, quota: plan.charges[index] ?? 0 });
    }
    await insertLogs(trx, logs);
    return plan.charges;
  });
}

const moveUser = (db: Db, userId: number, delta: number, used: number, requests: number) =>
  runTemplate(db, 'moveUserQuota', moveUserQuery, [delta, used, requests, userId]);

const moveToken = (db: Db, tokenId: number, delta: number) =>
  runTemplate(db, 'moveTokenQuota', moveTokenQuery, [delta, tokenId]);

const addChannelUsed = (db: Db, channelId: number, used: number) =>
  runTemplate(db, 'addChannelUsed', addChannelUsedQuery, [used, channelId]);

/** What the user and token can still pay, with both rows locked for the rest of the transaction. */
async function lockedAvailable(trx: Db, userId: number, tokenId: number): Promise<number> {
  const lock = engineOf(trx) !== 'sqlite';
  let userQuery = trx.selectFrom('users').select('quota').where('id', '=', userId);
  if (lock) userQuery = userQuery.forUpdate();
  let tokenQuery = trx
    .selectFrom('tokens')
    .select(['remain_quota', 'unlimited_quota'])
    .where('id', '=', tokenId);
  if (lock) tokenQuery = tokenQuery.forUpdate();
  const user = await userQuery.executeTakeFirst();
  const token = await tokenQuery.executeTakeFirst();
  return available(user, token);
}

/** Gives a whole reservation back (the request failed before any usage). */
export async function refundQuota(
  db: Db,
  userId: number,
  tokenId: number,
  amount: number,
): Promise<void> {
  if (amount <= 0) return;
  const direct = directOf(db);
  if (direct) return direct.refund(userId, tokenId, amount);
  await db.transaction().execute(async (trx) => {
    await moveUser(trx, userId, -amount, 0, 0);
    await moveToken(trx, tokenId, -amount);
  });
}

export async function setChannelStatus(
  db: Db,
  channelId: number,
  status: number,
  otherInfo: string | null,
  onlyFrom?: number,
): Promise<boolean> {
  return db.transaction().execute(async (trx) => {
    let query = trx
      .updateTable('channels')
      .set({ status, other_info: otherInfo })
      .where('id', '=', channelId);
    if (onlyFrom !== undefined) query = query.where('status', '=', onlyFrom);
    const result = await query.executeTakeFirst();
    if (Number(result.numUpdatedRows) === 0) return false;
    await trx
      .updateTable('abilities')
      .set({ enabled: status === 1 ? 1 : 0 })
      .where('channel_id', '=', channelId)
      .execute();
    return true;
  });
}

export async function recordChannelTest(
  db: Db,
  channelId: number,
  responseTimeMs: number,
  now: number,
): Promise<void> {
  await db
    .updateTable('channels')
    .set({ response_time: responseTimeMs, test_time: now })
    .where('id', '=', channelId)
    .execute();
}

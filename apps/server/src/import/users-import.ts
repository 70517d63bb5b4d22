// Users: password hashes, roles, groups, quotas, affiliate data, bindings, soft deletes and the
// access token, then the inviter links once every user has its new id.
import { Role } from '@switchyard/contracts';
import { insertReturningId } from '../db/dialect';
import type { NewUser } from '../db/schema';
import { tableReader } from './batches';
import { mapUser, noteDropped } from './entity-mappers';
import { type ImportContext, nextDryRunId } from './import-context';
import { recordIds } from './import-state';
import { int } from './values';

const USER_COLUMNS = [
  'username',
  'password',
  'display_name',
  'role',
  'status',
  'email',
  'github_id',
  'wechat_id',
  'telegram_id',
  'access_token',
  'quota',
  'used_quota',
  'request_count',
  'group',
  'aff_code',
  'aff_count',
  'aff_quota',
  'aff_history',
  'aff_history_quota',
  'inviter_id',
  'created_at',
  'deleted_at',
  'discord_id',
  'oidc_id',
  'lark_id',
  'linux_do_id',
  'remark',
  'stripe_customer',
];

/** Target columns that are unique: a second holder of a value gets it cleared (or is skipped). */
const UNIQUE_BINDINGS = [
  'email',
  'github_id',
  'wechat_id',
  'telegram_id',
  'oidc_id',
  'access_token',
  'aff_code',
] as const;

export async function importUsers(ctx: ImportContext): Promise<void> {
  const { source, target, report, maps } = ctx;
  const reader = await tableReader(source, 'users', USER_COLUMNS);
  const counts = report.counts('users');
  if (!reader) {
    report.note('note.noTable', { table: 'users' });
    return;
  }
  const existing = await target.selectFrom('users').selectAll().execute();
  const taken = {
    // Lower-cased: usernames are unique whatever their case, as the database's index holds them.
    username: new Set(existing.map((u) => u.username.toLowerCase())),
    ...Object.fromEntries(
      UNIQUE_BINDINGS.map((column) => [
        column,
        new Set(existing.map((u) => u[column]).filter(Boolean)),
      ]),
    ),
  } as Record<'username' | (typeof UNIQUE_BINDINGS)[number], Set<string | null>>;

  // A fresh Switchyard has only its first root: the source's root account takes its place, so
  // the operator signs in as before (and the first root's default password stops working).
  const firstRoot =
    !ctx.merge && maps.users.size === 0 && existing.length === 1 && existing[0]?.role === Role.root
      ? existing[0]
      : undefined;
  let rootTaken = false;
  const inviterOf: [number, number][] = [];

  for await (const batch of reader.batches(0, 500)) {
    const pairs: [number, number][] = [];
    const work = async (db: typeof target) => {
      for (const row of batch) {
        const sourceId = int(row, 'id');
        counts.read += 1;
        if (maps.users.has(sourceId)) {
          counts.already += 1;
          continue;
        }
        noteDropped(report, 'users', row);
        const mapped = mapUser(row, ctx.now, report);
        if ('skip' in mapped) {
          report.skip('users', sourceId, mapped.skip);
          continue;
        }
        const user = mapped.row;
        const replacesRoot =
          firstRoot !== undefined &&
          !rootTaken &&
          user.role === Role.root &&
          user.deleted_at === null;
        if (replacesRoot) {
          taken.username.delete(firstRoot.username.toLowerCase());
          for (const column of UNIQUE_BINDINGS) taken[column].delete(firstRoot[column]);
        }
        if (taken.username.has(user.username.toLowerCase())) {
          report.skip('users', sourceId, 'skip.usernameTaken');
          continue;
        }
        clearTakenBindings(ctx, sourceId, user, taken);
        let targetId: number;
        if (replacesRoot) {
          rootTaken = true;
          targetId = firstRoot.id;
          if (!ctx.dryRun)
            await db.updateTable('users').set(user).where('id', '=', targetId).execute();
          report.adjust('users', sourceId, 'adjust.rootReplaced', { id: targetId });
        } else {
          targetId = ctx.dryRun
            ? nextDryRunId()
            : await insertReturningId(db, db.insertInto('users').values(user));
        }
        taken.username.add(user.username.toLowerCase());
        maps.users.set(sourceId, targetId);
        pairs.push([sourceId, targetId]);
        const inviter = int(row, 'inviter_id');
        if (inviter !== 0) inviterOf.push([targetId, inviter]);
        counts.imported += 1;
      }
      if (!ctx.dryRun) await recordIds(db, source.key, 'users', pairs);
    };
    if (ctx.dryRun) await work(target);
    else await target.transaction().execute(work);
  }
  await linkInviters(ctx, inviterOf);
}

function clearTakenBindings(
  ctx: ImportContext,
  sourceId: number,
  user: NewUser,
  taken: Record<string, Set<string | null>>,
): void {
  for (const column of UNIQUE_BINDINGS) {
    const value = user[column];
    if (!value) continue;
    const held = taken[column] as Set<string | null>;
    if (held.has(value)) {
      user[column] = null;
      ctx.report.adjust('users', sourceId, 'adjust.bindingTaken', { column });
    } else {
      held.add(value);
    }
  }
}

async function linkInviters(ctx: ImportContext, inviterOf: [number, number][]): Promise<void> {
  for (const [targetId, sourceInviter] of inviterOf) {
    const inviter = ctx.maps.users.get(sourceInviter);
    if (inviter === undefined) {
      ctx.report.adjust('users', sourceInviter, 'adjust.inviterMissing');
      continue;
    }
    if (ctx.dryRun) continue;
    await ctx.target
      .updateTable('users')
      .set({ inviter_id: inviter })
      .where('id', '=', targetId)
      .execute();
  }
}

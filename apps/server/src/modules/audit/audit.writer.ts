// Writing the audit trail: who acted (from the request), what changed (from the service), in the
// transaction of the change, so an action and its entry land together or not at all.
import { isSecretOption, type OptionKey } from '@switchyard/contracts/options';
import type { FastifyRequest } from 'fastify';
import type { Db } from '../../db/database';
import type { Clock } from '../../lib/clock';
import { identityOf } from '../../plugins/auth';
import { insertAuditEntry } from './audit.repository';

/** The admin acting, captured by the route. */
export interface AuditActor {
  id: number;
  name: string;
  role: number;
  ip: string;
  /** When the request came in, by the server's clock (unix seconds). */
  at: number;
}

export interface AuditChange {
  /** `option.update`, `user.manage.disable`, `channel.create`, … */
  action: string;
  target_type: string;
  target_id?: string | number;
  /** What changed, as an object; secrets must already be masked (see maskedOption). */
  summary: Record<string, unknown>;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** The server's time source (injectable in tests), for the audit entries' times. */
    clock: Clock;
  }
}

export const MASK = '***';

/** Summaries are capped so one entry cannot hold a whole price table. */
const SUMMARY_MAX = 4000;

export const auditActorOf = (request: FastifyRequest): AuditActor => {
  const identity = identityOf(request);
  return {
    id: identity.userId,
    name: identity.username,
    role: identity.role,
    ip: request.ip,
    at: request.server.clock.now(),
  };
};

/** An option's value as the audit trail may show it: a secret only as set or not. */
export const maskedOption = (key: OptionKey, value: string): string =>
  isSecretOption(key) && value !== '' ? MASK : value;

export async function recordAudit(db: Db, actor: AuditActor, change: AuditChange): Promise<void> {
  const summary = JSON.stringify(change.summary);
  await insertAuditEntry(db, {
    actor_id: actor.id,
    actor_name: actor.name,
    actor_role: actor.role,
    action: change.action,
    target_type: change.target_type,
    target_id: change.target_id === undefined ? '' : String(change.target_id),
    summary: summary.length > SUMMARY_MAX ? `${summary.slice(0, SUMMARY_MAX)}…` : summary,
    ip: actor.ip.slice(0, 64),
    created_at: actor.at,
  });
}

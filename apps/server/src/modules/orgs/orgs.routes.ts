// /api/org: organizations (issue 32), served from the contracts' endpoint table. Every handler
// first asks OrgsService.access for the org role its entry in ORG_ACCESS needs.

import type { Readable } from 'node:stream';
import { ORG_ACCESS, orgEndpoints } from '@switchyard/contracts/endpoints';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { languageOf, translate } from '../../i18n';
import { logContent } from '../../i18n/log-content';
import { ok } from '../../lib/envelope';
import { serveEndpoint } from '../../lib/serve-endpoint';
import { identityOf } from '../../plugins/auth';
import { auditActorOf } from '../audit/audit.writer';
import type { OrgInvitationsService } from './org-invitations.service';
import type { OrgWalletService } from './org-wallet.service';
import type { OrgsService } from './orgs.service';

export interface OrgRoutesDeps {
  orgs: OrgsService;
  invitations: OrgInvitationsService;
  wallet: OrgWalletService;
}

function sendCsv(reply: FastifyReply, body: Readable, orgId: number) {
  const stamp = new Date().toISOString().slice(0, 10);
  return reply
    .header('content-type', 'text/csv; charset=utf-8')
    .header('content-disposition', `attachment; filename="org-${orgId}-usage-${stamp}.csv"`)
    .header('cache-control', 'no-store')
    .send(body);
}

export function registerOrgRoutes(app: FastifyInstance, deps: OrgRoutesDeps): void {
  const { orgs, invitations, wallet } = deps;
  const access = (request: FastifyRequest, id: number, name: keyof typeof ORG_ACCESS) => {
    const rule = ORG_ACCESS[name];
    return orgs.access(identityOf(request), id, rule.role, rule.siteAdmin);
  };
  const say = (request: FastifyRequest, key: Parameters<typeof translate>[1], params = {}) =>
    translate(languageOf(request), key, params);

  serveEndpoint(app, orgEndpoints.list, async () => ok(await orgs.listAll()));
  serveEndpoint(app, orgEndpoints.self, async ({ request }) =>
    ok(await orgs.listOwn(identityOf(request))),
  );
  serveEndpoint(app, orgEndpoints.create, async ({ body, request }) =>
    ok(await orgs.create(identityOf(request), body.name), say(request, 'org.created')),
  );
  serveEndpoint(app, orgEndpoints.get, async ({ params, request }) =>
    ok(await orgs.detail(await access(request, params.id, 'get'))),
  );
  serveEndpoint(app, orgEndpoints.update, async ({ params, body, request }) => {
    const org = await access(request, params.id, 'update');
    return ok(
      await orgs.rename(org, body.name, auditActorOf(request)),
      say(request, 'org.updated'),
    );
  });
  serveEndpoint(app, orgEndpoints.remove, async ({ params, request }) => {
    const org = await access(request, params.id, 'remove');
    const identity = identityOf(request);
    const content = logContent('log.orgMovedBack', {
      username: identity.username,
      org: org.org.name,
    });
    await orgs.remove(identity, org, auditActorOf(request), content);
    return ok(undefined, say(request, 'org.deleted'));
  });
  serveEndpoint(app, orgEndpoints.invite, async ({ params, body, request }) => {
    const org = await access(request, params.id, 'invite');
    const created = await invitations.invite(
      identityOf(request),
      org,
      body,
      languageOf(request),
      auditActorOf(request),
    );
    return ok(created, say(request, 'org.invited'));
  });
  serveEndpoint(app, orgEndpoints.invitations, async ({ params, request }) =>
    ok(await invitations.pending(await access(request, params.id, 'invitations'))),
  );
  serveEndpoint(app, orgEndpoints.revokeInvitation, async ({ params, request }) => {
    const org = await access(request, params.id, 'revokeInvitation');
    await invitations.revoke(org, params.invitation_id, auditActorOf(request));
    return ok(undefined, say(request, 'org.invitationRevokedDone'));
  });
  serveEndpoint(app, orgEndpoints.accept, async ({ body, request }) => {
    const joined = await invitations.accept(identityOf(request), body.code);
    return ok(joined, say(request, 'org.joined', { name: joined.name }));
  });
  serveEndpoint(app, orgEndpoints.updateMember, async ({ params, body, request }) => {
    const org = await access(request, params.id, 'updateMember');
    await orgs.updateMember(org, params.user_id, body, auditActorOf(request));
    return ok(undefined, say(request, 'org.memberUpdated'));
  });
  serveEndpoint(app, orgEndpoints.removeMember, async ({ params, request }) => {
    // Leaving needs only membership, removing someone else an admin (OrgsService.removeMember).
    await orgs.removeMember(identityOf(request), params.id, params.user_id, auditActorOf(request));
    return ok(undefined, say(request, 'org.memberRemoved'));
  });
  serveEndpoint(app, orgEndpoints.fund, async ({ params, body, request }) => {
    const org = await access(request, params.id, 'fund');
    const identity = identityOf(request);
    const actor = auditActorOf(request);
    const left = await wallet.fund(identity, org, body.quota, actor);
    return ok(left, say(request, 'org.funded', { quota: body.quota }));
  });
  serveEndpoint(app, orgEndpoints.redeem, async ({ params, body, request }) => {
    const org = await access(request, params.id, 'redeem');
    const actor = auditActorOf(request);
    return ok(await wallet.redeem(identityOf(request), org, body.key, actor));
  });
  serveEndpoint(app, orgEndpoints.log, async ({ params, query, request }) => {
    const org = await access(request, params.id, 'log');
    return ok(await wallet.list(identityOf(request), org, query, languageOf(request)));
  });
  serveEndpoint(app, orgEndpoints.logStat, async ({ params, query, request }) => {
    const org = await access(request, params.id, 'logStat');
    return ok(await wallet.stat(identityOf(request), org, query));
  });
  serveEndpoint(app, orgEndpoints.data, async ({ params, query, request }) => {
    const org = await access(request, params.id, 'data');
    const { buckets, folded_at } = await wallet.usage(identityOf(request), org, query);
    return { ...ok(buckets), folded_at };
  });
  serveEndpoint(app, orgEndpoints.tokenCache, async ({ params, query, request }) => {
    const org = await access(request, params.id, 'tokenCache');
    return ok(await wallet.tokenCache(identityOf(request), org, query));
  });
  serveEndpoint(app, orgEndpoints.logExport, async ({ params, query, request, reply }) => {
    const org = await access(request, params.id, 'logExport');
    return sendCsv(
      reply,
      wallet.export(identityOf(request), org, query, languageOf(request)),
      params.id,
    );
  });
}

// Organizations (issue 32): orgs, members, invitations, the org wallet and its logs. Every route
// needs a signed-in user; the org role each needs (owner, admin, member) is the server's check
// (modules/orgs), listed in ORG_ACCESS so the access test calls each as every role.
import { z } from 'zod';
import type {
  LogStat,
  PagedList,
  SelfLogEntry,
  TokenCacheBucket,
  UsageBucket,
} from '../observability';
import { tokenCacheQuerySchema, usageDataQuerySchema } from '../observability.schemas';
import type {
  OrgDetail,
  OrgInvitationCreated,
  OrgInvitationView,
  OrgJoined,
  OrgRole,
  OrgView,
} from '../orgs';
import {
  orgAcceptSchema,
  orgFundSchema,
  orgIdParamSchema,
  orgInvitationParamSchema,
  orgInviteSchema,
  orgLogListQuerySchema,
  orgLogStatQuerySchema,
  orgMemberParamSchema,
  orgMemberUpdateSchema,
  orgNameSchema,
  orgRedeemSchema,
} from '../orgs.schemas';
import { defineEndpoint, noData, typedReply } from './define';

const org = typedReply<OrgView>('An org with its wallet and the caller’s role');
const detail = typedReply<OrgDetail>('An org with its members, caps, spend and invitations');
const stat = typedReply<LogStat>('Consumption totals of the filtered org logs');

export const orgEndpoints = {
  list: defineEndpoint({
    method: 'GET',
    path: '/api/org/',
    summary: 'Every org (site admins)',
    role: 'admin',
    reply: typedReply<OrgView[]>('Every org'),
  }),
  self: defineEndpoint({
    method: 'GET',
    path: '/api/org/self',
    summary: 'The orgs the caller belongs to, with the caller’s role',
    role: 'user',
    reply: typedReply<OrgView[]>('The caller’s orgs'),
  }),
  create: defineEndpoint({
    method: 'POST',
    path: '/api/org/',
    summary: 'Creates an org; the caller is its owner',
    role: 'user',
    body: orgNameSchema,
    reply: org,
  }),
  get: defineEndpoint({
    method: 'GET',
    path: '/api/org/:id',
    summary: 'An org: wallet, members with role, cap and spend (members; site admins)',
    role: 'user',
    params: orgIdParamSchema,
    reply: detail,
  }),
  update: defineEndpoint({
    method: 'PUT',
    path: '/api/org/:id',
    summary: 'Renames an org (owners and admins)',
    role: 'user',
    params: orgIdParamSchema,
    body: orgNameSchema,
    reply: org,
  }),
  remove: defineEndpoint({
    method: 'DELETE',
    path: '/api/org/:id',
    summary: 'Deletes an org; its wallet goes back to the deleting owner (owners)',
    role: 'user',
    params: orgIdParamSchema,
    reply: noData,
  }),
  invite: defineEndpoint({
    method: 'POST',
    path: '/api/org/:id/invitation',
    summary: 'Invites a user by username or email; replies with the code and link (owners, admins)',
    role: 'user',
    params: orgIdParamSchema,
    body: orgInviteSchema,
    reply: typedReply<OrgInvitationCreated>('The single-use code and its link'),
  }),
  invitations: defineEndpoint({
    method: 'GET',
    path: '/api/org/:id/invitation',
    summary: 'The org’s pending invitations (owners, admins)',
    role: 'user',
    params: orgIdParamSchema,
    reply: typedReply<OrgInvitationView[]>('Pending invitations, newest first'),
  }),
  revokeInvitation: defineEndpoint({
    method: 'DELETE',
    path: '/api/org/:id/invitation/:invitation_id',
    summary: 'Revokes a pending invitation; its code can no longer be accepted (owners, admins)',
    role: 'user',
    params: orgInvitationParamSchema,
    reply: noData,
  }),
  accept: defineEndpoint({
    method: 'POST',
    path: '/api/org/invitation/accept',
    summary: 'Accepts an invitation sent to the caller',
    role: 'user',
    body: orgAcceptSchema,
    reply: typedReply<OrgJoined>('The org joined'),
  }),
  updateMember: defineEndpoint({
    method: 'PUT',
    path: '/api/org/:id/member/:user_id',
    summary: 'Sets a member’s role and cap (owners, admins)',
    role: 'user',
    params: orgMemberParamSchema,
    body: orgMemberUpdateSchema,
    reply: noData,
  }),
  removeMember: defineEndpoint({
    method: 'DELETE',
    path: '/api/org/:id/member/:user_id',
    summary: 'Removes a member, or leaves (self); the last owner cannot leave',
    role: 'user',
    params: orgMemberParamSchema,
    reply: noData,
  }),
  fund: defineEndpoint({
    method: 'POST',
    path: '/api/org/:id/fund',
    summary: 'Moves quota from the caller’s wallet into the org’s (owners, admins)',
    role: 'user',
    params: orgIdParamSchema,
    body: orgFundSchema,
    reply: z.number().meta({ description: 'The org’s balance after' }),
  }),
  redeem: defineEndpoint({
    method: 'POST',
    path: '/api/org/:id/redeem',
    summary: 'Redeems a code into the org’s wallet (owners, admins)',
    role: 'user',
    params: orgIdParamSchema,
    body: orgRedeemSchema,
    reply: z.number().meta({ description: 'The quota added' }),
  }),
  log: defineEndpoint({
    method: 'GET',
    path: '/api/org/:id/log',
    summary: 'One page of the org’s logs (owners, admins: all; members: their own)',
    role: 'user',
    params: orgIdParamSchema,
    query: orgLogListQuerySchema,
    reply: typedReply<PagedList<SelfLogEntry & { user_id: number }>>('One page of org logs'),
    pageBase: 1,
  }),
  logStat: defineEndpoint({
    method: 'GET',
    path: '/api/org/:id/log/stat',
    summary: 'Totals of the org’s filtered logs',
    role: 'user',
    params: orgIdParamSchema,
    query: orgLogStatQuerySchema,
    reply: stat,
  }),
  logExport: defineEndpoint({
    method: 'GET',
    path: '/api/org/:id/log/export',
    summary: 'The org’s filtered logs as CSV',
    role: 'user',
    params: orgIdParamSchema,
    query: orgLogStatQuerySchema,
    reply: z.string().meta({ description: 'A text/csv download of the filtered org logs' }),
    bare: true,
  }),
  data: defineEndpoint({
    method: 'GET',
    path: '/api/org/:id/data',
    summary:
      'Hourly usage buckets the org paid for (owners, admins: everyone’s; members: their own)',
    role: 'user',
    params: orgIdParamSchema,
    query: usageDataQuerySchema.omit({ username: true }),
    reply: typedReply<UsageBucket[]>('Hourly buckets per model and member'),
    beside: z.object({
      /** Read from the logs as they are: every consume log created before this is counted. */
      folded_at: z.number(),
    }),
  }),
  tokenCache: defineEndpoint({
    method: 'GET',
    path: '/api/org/:id/data/token_cache',
    summary:
      'The top tokens by prompt tokens among the calls the org paid for: prompt and cached tokens per hour (owners, admins: every member’s; members: their own)',
    role: 'user',
    params: orgIdParamSchema,
    query: tokenCacheQuerySchema,
    reply: typedReply<TokenCacheBucket[]>('Hourly prompt and cached tokens per org token'),
  }),
};

/** The org role each org endpoint needs (null: none, any signed-in user); site admins noted. */
export const ORG_ACCESS: Record<
  keyof typeof orgEndpoints,
  { role: OrgRole | null; siteAdmin: boolean }
> = {
  list: { role: null, siteAdmin: true },
  self: { role: null, siteAdmin: true },
  create: { role: null, siteAdmin: true },
  get: { role: 'member', siteAdmin: true },
  update: { role: 'admin', siteAdmin: true },
  remove: { role: 'owner', siteAdmin: true },
  invite: { role: 'admin', siteAdmin: false },
  invitations: { role: 'admin', siteAdmin: true },
  revokeInvitation: { role: 'admin', siteAdmin: true },
  accept: { role: null, siteAdmin: false },
  updateMember: { role: 'admin', siteAdmin: true },
  removeMember: { role: 'admin', siteAdmin: true },
  fund: { role: 'admin', siteAdmin: false },
  redeem: { role: 'admin', siteAdmin: false },
  log: { role: 'member', siteAdmin: true },
  logStat: { role: 'member', siteAdmin: true },
  logExport: { role: 'member', siteAdmin: true },
  data: { role: 'member', siteAdmin: true },
  tokenCache: { role: 'member', siteAdmin: true },
};

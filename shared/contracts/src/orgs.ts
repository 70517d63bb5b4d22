// Organizations (issue 32): an org wallet shared by members with roles and a spending cap each.
// Types and constants here; the request schemas in orgs.schemas.ts (behind `/schemas`).

export const ORG_ROLES = ['owner', 'admin', 'member'] as const;
export type OrgRole = (typeof ORG_ROLES)[number];

/** How much each role may do: owner > admin > member. */
export const ORG_ROLE_RANK: Record<OrgRole, number> = { member: 1, admin: 2, owner: 3 };

/** A member's cap window: the whole membership (''), or a calendar day, week or month. */
export const ORG_CAP_PERIODS = ['', 'day', 'week', 'month'] as const;
export type OrgCapPeriod = (typeof ORG_CAP_PERIODS)[number];

export const ORG_NAME_MAX = 64;
/** An invitation is valid this long (hours). */
export const ORG_INVITATION_HOURS = 72;

/** The journal's and the logs' `funding` text of an org's wallet. */
export const orgFunding = (orgId: number): string => `org:${orgId}`;

/** An org as a list shows it; `role` is the caller's (null for a site admin who is not in it). */
export interface OrgView {
  id: number;
  name: string;
  quota: number;
  used_quota: number;
  request_count: number;
  created_at: number;
  role: OrgRole | null;
  member_count: number;
}

export interface OrgMemberView {
  user_id: number;
  username: string;
  display_name: string;
  role: OrgRole;
  /** The cap per window in quota (0: none). */
  quota_limit: number;
  window_period: OrgCapPeriod;
  /** Spent in the current window (0 when it is over). */
  window_used: number;
  /** Spent through the org in all. */
  used_quota: number;
  request_count: number;
  joined_at: number;
}

export interface OrgInvitationView {
  id: number;
  username: string;
  role: OrgRole;
  created_at: number;
  expires_at: number;
}

export interface OrgDetail extends OrgView {
  members: OrgMemberView[];
  /** Pending invitations (owners and admins; empty for members). */
  invitations: OrgInvitationView[];
}

/** An invitation made: the single-use code and the console link that accepts it. */
export interface OrgInvitationCreated {
  code: string;
  link: string;
  expires_at: number;
  /** True when it was also mailed to the invitee. */
  mailed: boolean;
}

export interface OrgJoined {
  org_id: number;
  name: string;
  role: OrgRole;
}

// The console's org scope as the Logs and Dashboard pages read it (issue 32): personal, or one of
// my orgs with my role there. The top bar's switcher chooses it (console-kit's useOrgScope, kept
// in localStorage so a reload keeps it); the server decides what each role may read.
import { createEndpointApi, useOrgScope } from '@switchyard/console-kit';
import type { OrgRole, OrgView } from '@switchyard/contracts';
import { orgEndpoints } from '@switchyard/contracts/endpoints';
import { useQuery } from '@tanstack/react-query';

const orgsApi = createEndpointApi(orgEndpoints);

/** The same query (and cache entry) as the shell's switcher and the Organization page. */
const MY_ORGS_KEY = ['orgs', 'self'] as const;

export type Scope =
  | { kind: 'personal' }
  | {
      kind: 'org';
      orgId: number;
      name: string;
      role: OrgRole;
      /** Owners and admins read every member's rows; a member their own. */
      manager: boolean;
    };

export const PERSONAL: Scope = { kind: 'personal' };

/** The scope for `orgId` among `orgs`; an org no longer mine is personal (the switcher resets it). */
export function scopeOf(orgId: number, orgs: readonly OrgView[]): Scope {
  const org = orgId > 0 ? orgs.find((candidate) => candidate.id === orgId) : undefined;
  if (!org) return PERSONAL;
  const role = org.role ?? 'member';
  return { kind: 'org', orgId: org.id, name: org.name, role, manager: role !== 'member' };
}

/** The scope in force; null while my orgs are still loading (nothing is fetched in a wrong scope). */
export function useScope(): Scope | null {
  const orgId = useOrgScope((state) => state.orgId);
  const orgs = useQuery({
    queryKey: MY_ORGS_KEY,
    queryFn: () => orgsApi.self(),
    enabled: orgId > 0,
  });
  if (orgId === 0) return PERSONAL;
  if (orgs.isPending) return null;
  return scopeOf(orgId, orgs.data ?? []);
}

/** The members of org `orgId` (owners and admins filter by one). */
export function useOrgMembers(orgId: number, enabled: boolean) {
  return useQuery({
    queryKey: ['orgs', 'detail', orgId],
    queryFn: () => orgsApi.get({ params: { id: orgId } }),
    enabled: enabled && orgId > 0,
    select: (org) => org.members.map((m) => ({ value: String(m.user_id), label: m.username })),
  });
}

/** A stable key part naming the scope, for query keys. */
export const scopeKey = (scope: Scope): string =>
  scope.kind === 'org' ? `org:${scope.orgId}` : 'personal';

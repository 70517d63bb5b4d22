// The org switcher of the top bar (issue 32): personal, or one of the orgs I belong to. The choice
// is the console's org scope (console-kit's useOrgScope, kept across reloads); the Organization
// page and the scoped pages read it. A scope that is no longer mine falls back to personal.
import { lazyEndpointApi, useOrgScope, useSessionStore } from '@switchyard/console-kit';
import { useQuery } from '@tanstack/react-query';
import { lazy, Suspense, useEffect } from 'react';

const OrgSelect = lazy(() => import('./deferred/org-select'));

/** The query the Organization page invalidates when orgs change. */
export const MY_ORGS_KEY = ['orgs', 'self'] as const;

// The orgs table loads on the first call: its zod schemas stay out of the shell's start chunk.
const orgsApi = lazyEndpointApi(() =>
  import('@switchyard/contracts/endpoints/orgs').then((module) => module.orgEndpoints),
);
const listMyOrgs = () => orgsApi.self();

export function OrgSwitcher() {
  const signedIn = useSessionStore((state) => state.user !== null);
  const { orgId, setOrgId } = useOrgScope();
  const orgs = useQuery({ queryKey: MY_ORGS_KEY, queryFn: listMyOrgs, enabled: signedIn });
  const list = orgs.data ?? [];
  // Judged on a settled list only: an org just created or joined is in the next fetch.
  const settled = orgs.isSuccess && !orgs.isFetching;
  useEffect(() => {
    if (settled && orgId > 0 && !list.some((org) => org.id === orgId)) setOrgId(0);
  }, [settled, list, orgId, setOrgId]);
  if (!signedIn || list.length === 0) return null;
  return (
    <Suspense fallback={null}>
      <OrgSelect orgs={list} orgId={orgId} onChange={setOrgId} />
    </Suspense>
  );
}

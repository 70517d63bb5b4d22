// The org scope the console works in (issue 32): personal (0) or one of the user's orgs. Chosen in
// the shell's top bar, read by the pages that show a scope; kept under localStorage `org-scope`
// so a reload keeps it. UI state only: what the org holds comes from the server.
import { create } from 'zustand';
import { LOCAL_KEYS, readLocal, writeLocal } from './local-settings';

export interface OrgScopeState {
  /** 0: personal; else the org's id. */
  orgId: number;
  setOrgId(orgId: number): void;
}

const stored = (): number => {
  const value = Number(readLocal(LOCAL_KEYS.orgScope));
  return Number.isSafeInteger(value) && value > 0 ? value : 0;
};

export const useOrgScope = create<OrgScopeState>()((set) => ({
  orgId: stored(),
  setOrgId: (orgId) => {
    writeLocal(LOCAL_KEYS.orgScope, String(orgId > 0 ? orgId : 0));
    set({ orgId: orgId > 0 ? orgId : 0 });
  },
}));

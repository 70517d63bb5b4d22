import { beforeEach, describe, expect, it, vi } from 'vitest';
import { LOCAL_KEYS } from './local-settings';

describe('the org scope', () => {
  beforeEach(() => {
    localStorage.clear();
    vi.resetModules();
  });

  it('starts personal, and a chosen org survives a reload (a fresh store reads it back)', async () => {
    const first = (await import('./org-scope')).useOrgScope;
    expect(first.getState().orgId).toBe(0);
    first.getState().setOrgId(7);
    expect(localStorage.getItem(LOCAL_KEYS.orgScope)).toBe('7');
    vi.resetModules();
    const reloaded = (await import('./org-scope')).useOrgScope;
    expect(reloaded.getState().orgId).toBe(7);
  });

  it('reads a broken stored value as personal', async () => {
    localStorage.setItem(LOCAL_KEYS.orgScope, 'nonsense');
    const { useOrgScope } = await import('./org-scope');
    expect(useOrgScope.getState().orgId).toBe(0);
    useOrgScope.getState().setOrgId(-3);
    expect(useOrgScope.getState().orgId).toBe(0);
  });
});

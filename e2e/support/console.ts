// Helpers the journeys share: signing in through the real login page, registering through the API,
// and rewriting the server's /remotes.json the way a deploy would.
import { rmSync, writeFileSync } from 'node:fs';
import { type APIRequestContext, expect, type Locator, type Page } from '@playwright/test';
import { defaultRemoteEntry, REMOTE_NAMES, type RemoteName } from '@switchyard/contracts';
import { REMOTES_FILE } from './env';

/** Points some remotes at other manifests; the others keep their default entry. */
export function writeRemotes(overrides: Partial<Record<RemoteName, string>>): void {
  const remotes = REMOTE_NAMES.map((name) => ({
    name,
    entry: overrides[name] ?? defaultRemoteEntry(name),
  }));
  writeFileSync(REMOTES_FILE, JSON.stringify({ remotes }, null, 2));
}

export function resetRemotes(): void {
  rmSync(REMOTES_FILE, { force: true });
}

export async function signIn(page: Page, username: string, password: string): Promise<void> {
  await page.goto('/login');
  await page.getByTestId('login-username').fill(username);
  await page.getByTestId('login-password').fill(password);
  await page.getByTestId('login-submit').click();
}

let counter = 0;
/** A username unique within this run, at most 12 characters. */
export function uniqueName(prefix: string): string {
  counter += 1;
  return `${prefix}${Date.now().toString(36).slice(-5)}${counter}`.slice(0, 12);
}

export async function registerUser(request: APIRequestContext, username: string, password: string) {
  const response = await request.post('/api/user/register', {
    data: { username, password, password2: password },
  });
  const body = await response.json();
  expect(body.success, body.message).toBe(true);
}

/** The sidebar's item keys, in order. */
export async function sidebarKeys(page: Page): Promise<string[]> {
  const ids = await page
    .getByTestId('sidebar')
    .locator('[data-testid^="nav-"]')
    .evaluateAll((nodes) => nodes.map((node) => node.getAttribute('data-testid') ?? ''));
  return ids.map((id) => id.replace(/^nav-/, ''));
}

/** Opens a list row's "⋯" menu (RowActions) and picks the action labelled `label`. */
export async function pickRowAction(row: Locator, label: string): Promise<void> {
  await row.getByRole('button', { name: '更多操作' }).click();
  await row.page().getByRole('menuitem', { name: label, exact: true }).click();
}

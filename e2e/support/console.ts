// Helpers the journeys share: signing in through the real login page, registering through the API,
// and rewriting the server's /remotes.json the way a deploy would.
import { rmSync, writeFileSync } from 'node:fs';
import {
  type APIRequestContext,
  expect,
  type Locator,
  type Page,
  request as playwrightRequest,
} from '@playwright/test';
import { defaultRemoteEntry, REMOTE_NAMES, type RemoteName } from '@switchyard/contracts';
import { E2E_BASE_URL, REMOTES_FILE } from './env';

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
  // Returns once the server has answered the sign-in (whatever it said): a caller that opens a
  // page next must not race the session cookie.
  const answered = page.waitForResponse(
    (response) => new URL(response.url()).pathname === '/api/user/login',
  );
  await page.getByTestId('login-submit').click();
  await answered;
}

let counter = 0;
/** A username unique within this run, at most 12 characters. */
export function uniqueName(prefix: string): string {
  counter += 1;
  return `${prefix}${Date.now().toString(36).slice(-5)}${counter}`.slice(0, 12);
}

/**
 * Registers a user through the API. Registration signs the new account in (issue 34), so it runs
 * in a context of its own: the caller's context (an admin's session, a page) keeps its session.
 */
export async function registerUser(_caller: APIRequestContext, username: string, password: string) {
  const own = await playwrightRequest.newContext({ baseURL: E2E_BASE_URL });
  try {
    const response = await own.post('/api/user/register', {
      data: { username, password, password2: password },
    });
    const body = await response.json();
    expect(body.success, body.message).toBe(true);
  } finally {
    await own.dispose();
  }
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

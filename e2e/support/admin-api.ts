// Set-up through the server's own APIs, for journeys that need users, channels and API tokens
// before they start clicking: root edits users and channels, a user makes their own token.
import { type APIRequestContext, expect, request } from '@playwright/test';
import { E2E_BASE_URL } from './env';

async function body<T = unknown>(reply: Awaited<ReturnType<APIRequestContext['get']>>) {
  const json = (await reply.json()) as { success: boolean; message: string; data: T };
  expect(json.success, json.message).toBe(true);
  return json.data;
}

/** The header the console sends with every call (the signed-in user's id): the server refuses a
 * cookie-signed change without it. Read from the session the context holds. */
export async function consoleHeaders(api: APIRequestContext): Promise<Record<string, string>> {
  const self = await body<{ id: number }>(await api.get('/api/user/self'));
  return { 'New-Api-User': String(self.id) };
}

/** An API session signed in as the given user (root by default), sending the console's header. */
export async function apiSession(username = 'root', password = '123456') {
  const login = await request.newContext({ baseURL: E2E_BASE_URL });
  const user = await body<{ id: number }>(
    await login.post('/api/user/login', { data: { username, password } }),
  );
  const api = await request.newContext({
    baseURL: E2E_BASE_URL,
    storageState: await login.storageState(),
    extraHTTPHeaders: { 'New-Api-User': String(user.id) },
  });
  await login.dispose();
  return api;
}

export interface ChannelSetup {
  models: string[];
  groups: string[];
  name?: string;
  key?: string;
  baseUrl?: string;
  type?: number;
  priority?: number;
}

/** Creates an enabled channel through the channels API as an admin; returns its id and a
 * function that deletes it again. */
export async function createChannel(admin: APIRequestContext, setup: ChannelSetup) {
  const data = await body<{ ids: number[] }>(
    await admin.post('/api/channel/', {
      data: {
        name: setup.name ?? 'e2e channel',
        key: setup.key ?? 'sk-e2e',
        type: setup.type ?? 1,
        models: setup.models.join(','),
        group: setup.groups.join(','),
        priority: setup.priority ?? 0,
        ...(setup.baseUrl ? { base_url: setup.baseUrl } : {}),
      },
    }),
  );
  const id = data.ids[0] as number;
  return { id, remove: async () => void (await body(await admin.delete(`/api/channel/${id}`))) };
}

/** A user's id, found through the user administration search. */
export async function userId(admin: APIRequestContext, username: string): Promise<number> {
  const found = await body<{ items: { id: number; username: string }[] }>(
    await admin.get('/api/user/search', { params: { keyword: username } }),
  );
  const user = found.items.find((entry) => entry.username === username);
  if (!user) throw new Error(`user ${username} not found`);
  return user.id;
}

/** Sets a user's balance and group through the user editor's API; returns the user's id. */
export async function editUser(
  admin: APIRequestContext,
  username: string,
  change: { quota?: number; group?: string },
): Promise<number> {
  const id = await userId(admin, username);
  await body(await admin.put('/api/user/', { data: { id, ...change } }));
  return id;
}

/** Makes an unlimited API token as the signed-in user; returns its Authorization header. */
export async function createApiToken(owner: APIRequestContext, name: string): Promise<string> {
  await body(
    await owner.post('/api/token/', {
      data: {
        name,
        remain_quota: 0,
        expired_time: -1,
        unlimited_quota: true,
        model_limits_enabled: false,
        model_limits: '',
      },
    }),
  );
  const found = await body<{ name: string; key: string }[]>(
    await owner.get('/api/token/search', { params: { keyword: name } }),
  );
  const token = found.find((entry) => entry.name === name);
  if (!token) throw new Error(`token ${name} not found`);
  return `Bearer sk-${token.key}`;
}

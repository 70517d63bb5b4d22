// Two ordinary users and an admin, signed in, on a fresh server: the cast of the cross-user tests.
import { afterAll, beforeAll, expect } from 'vitest';
import type { TestClient } from './client';
import { type CreatedUser, createAdmin, createUser } from './factories';
import { createTestContext, type TestContext, type TestServer } from './server';

export interface Audience {
  server: TestServer;
  alice: CreatedUser;
  bob: CreatedUser;
  aliceClient: TestClient;
  adminClient: TestClient;
}

export async function signIn(server: TestServer, user: CreatedUser): Promise<TestClient> {
  const client = server.client();
  expect((await client.login(user.username, user.password)).json.success).toBe(true);
  return client;
}

/** Registers beforeAll/afterAll hooks; the returned object is filled in before the tests run. */
export function useAudience(): Audience {
  let ctx: TestContext;
  const audience = {} as Audience;
  beforeAll(async () => {
    ctx = await createTestContext();
    const server = await ctx.start();
    const alice = await createUser(server.db);
    const bob = await createUser(server.db);
    Object.assign(audience, {
      server,
      alice,
      bob,
      aliceClient: await signIn(server, alice),
      adminClient: await signIn(server, await createAdmin(server.db)),
    });
  });
  afterAll(() => ctx.close());
  return audience;
}

// Two ordinary users and an admin, signed in, on a fresh server: the cast of the cross-user tests.
import { beforeAll } from 'vitest';
import type { TestClient } from './client';
import { type CreatedUser, createAdmin, createUser } from './factories';
import type { TestServer } from './server';
import { signIn, useTestServer } from './test-server';

export interface Audience {
  server: TestServer;
  alice: CreatedUser;
  bob: CreatedUser;
  aliceClient: TestClient;
  adminClient: TestClient;
}

export { signIn };

/** Registers beforeAll/afterAll hooks; the returned object is filled in before the tests run. */
export function useAudience(): Audience {
  const server = useTestServer();
  const audience = {} as Audience;
  beforeAll(async () => {
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
  return audience;
}

// One real server for a whole test file, on a fresh database: started before the file's first
// test, closed after its last, with the signed-in clients the files used to make by hand. A file's
// own beforeAll runs after this one's, so it can seed or sign in with the server already up.
import { afterAll, beforeAll, expect } from 'vitest';
import type { Clock } from '../../src/lib/clock';
import type { TestClient } from './client';
import { type CreatedUser, createUser, type UserFactoryInput } from './factories';
import { createTestContext, type TestContext, type TestServer } from './server';

export interface SharedTestServer extends TestServer {
  /** The context the server runs in: `context.start(env)` starts another on the same database. */
  context: TestContext;
  /** A new client signed in as this user (asserting that the sign-in succeeded). */
  signIn(user: Pick<CreatedUser, 'username' | 'password'>): Promise<TestClient>;
  /** A new user (a common one unless `input.role` says otherwise) and a client signed in as them. */
  signedIn(input?: UserFactoryInput): Promise<{ user: CreatedUser; client: TestClient }>;
}

/** A new client signed in as this user, asserting that the sign-in succeeded. */
export async function signIn(
  server: TestServer,
  user: Pick<CreatedUser, 'username' | 'password'>,
): Promise<TestClient> {
  const client = server.client();
  expect((await client.login(user.username, user.password)).json.success).toBe(true);
  return client;
}

export interface TestServerOptions {
  env?: Record<string, string>;
  clock?: Clock;
}

/**
 * Registers the file's beforeAll/afterAll and returns the server. The object is filled in when
 * beforeAll has run, so read it inside tests and hooks, not at the top level.
 */
export function useTestServer(options: TestServerOptions = {}): SharedTestServer {
  const shared = {} as SharedTestServer;
  let context: TestContext | undefined;
  beforeAll(async () => {
    context = await createTestContext();
    const server = await context.start(options.env, options.clock);
    const signInAs: SharedTestServer['signIn'] = (user) => signIn(server, user);
    Object.assign(shared, server, {
      context,
      signIn: signInAs,
      async signedIn(input: UserFactoryInput = {}) {
        const user = await createUser(server.db, input);
        return { user, client: await signInAs(user) };
      },
    });
  });
  afterAll(() => context?.close());
  return shared;
}

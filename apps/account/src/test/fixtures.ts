// Test helpers shared by the account remote's component tests: a signed-in user's own record
// and a fake server that answers every console request with one envelope.
import { mockHttp } from '@switchyard/console-kit/testing';
import type { SelfUser } from '@switchyard/contracts';
import { onTestFinished } from 'vitest';

export const selfUser = (patch: Partial<SelfUser> = {}): SelfUser => ({
  id: 7,
  username: 'alice',
  display_name: 'Alice',
  role: 1,
  status: 1,
  group: 'default',
  email: '',
  github_id: '',
  wechat_id: '',
  telegram_id: '',
  oidc_id: '',
  quota: 0,
  used_quota: 0,
  request_count: 0,
  aff_code: 'AbCd',
  aff_count: 0,
  aff_quota: 0,
  aff_history_quota: 0,
  inviter_id: 0,
  ...patch,
});

/** Answers every request of the console's http client with `body` until the test ends; returns
 * the requests seen. */
export function serveEnvelope(body: unknown) {
  const mock = mockHttp(() => ({ body }));
  onTestFinished(mock.restore);
  return mock.seen;
}

// Issue 27, point 5: an upstream (or a proxy in front of it) that echoes the channel's key in its
// error does not hand the key to the caller, nor to the channel's stored disable reason; each
// part of a composite key counts as the key.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser } from './helpers/factories';
import {
  createToken,
  type RelayHarness,
  seedChannel,
  startRelayHarness,
} from './helpers/relay-fixtures';

let h: RelayHarness;
let authorization: string;

const PLAIN_KEY = 'sk-live-0123456789abcdefEchoed';
const COMPOSITE_KEY = 'client-id-4242|composite-secret-9876';
const SECRET_PART = 'composite-secret-9876';

beforeAll(async () => {
  h = await startRelayHarness();
  await h.server.runtime.options.set('AutomaticDisableChannelEnabled', 'true');
  await seedChannel(h.db, { key: PLAIN_KEY, baseUrl: h.fake.url, models: ['echo-plain'] });
  await seedChannel(h.db, { key: COMPOSITE_KEY, baseUrl: h.fake.url, models: ['echo-part'] });
  h.fake.behave(PLAIN_KEY, {
    status: 401,
    error: { message: `Incorrect API key provided: ${PLAIN_KEY}.`, code: PLAIN_KEY },
  });
  h.fake.behave(COMPOSITE_KEY, {
    status: 502,
    error: { message: `proxy could not sign with secret ${SECRET_PART}`, type: 'proxy_error' },
  });
  const user = await createUser(h.db, { quota: 10_000_000 });
  authorization = (await createToken(h.db, user.id)).authorization;
});

afterAll(() => h.close());

async function ask(path: string, body: unknown, headers: Record<string, string>) {
  const response = await fetch(`${h.url}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body: JSON.stringify(body),
  });
  return { status: response.status, text: await response.text() };
}

describe('an upstream that echoes the channel key', () => {
  it('is answered to an OpenAI caller with the key redacted, and the stored reason has none', async () => {
    const reply = await ask(
      '/v1/chat/completions',
      { model: 'echo-plain', messages: [{ role: 'user', content: 'hi' }] },
      { authorization },
    );
    expect(reply.status).toBe(401);
    expect(reply.text).not.toContain(PLAIN_KEY);
    expect(reply.text).toContain('Incorrect API key provided: [redacted]');
    // The 401 disabled the channel; its reason is stored without the key.
    const row = await h.db
      .selectFrom('channels')
      .select(['status', 'other_info'])
      .where('key', '=', PLAIN_KEY)
      .executeTakeFirstOrThrow();
    expect(row.status).toBe(3);
    expect(String(row.other_info)).toContain('[redacted]');
    expect(String(row.other_info)).not.toContain(PLAIN_KEY);
  });

  it('redacts each part of a composite key, in the caller’s dialect (Anthropic, streamed)', async () => {
    const reply = await ask(
      '/v1/messages',
      {
        model: 'echo-part',
        max_tokens: 10,
        stream: true,
        messages: [{ role: 'user', content: 'hi' }],
      },
      { 'x-api-key': authorization.slice(7), 'anthropic-version': '2023-06-01' },
    );
    expect(reply.status).toBe(502);
    expect(reply.text).toContain('proxy could not sign with secret [redacted]');
    expect(reply.text).not.toContain(SECRET_PART);
  });
});

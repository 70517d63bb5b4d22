// Mail attacks (issue 15, findings 3 and 8): a reset link pointed at the attacker's Host, and which
// addresses have accounts told by the answer or its timing.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type SmtpSink, startSmtpSink } from '../../fakes/smtp-sink';
import { createUser } from '../../helpers/factories';
import { createTestContext, type TestContext, type TestServer } from '../../helpers/server';

let ctx: TestContext;
let server: TestServer;
let sink: SmtpSink;

const setOption = (key: Parameters<TestServer['runtime']['options']['set']>[0], value: string) =>
  server.runtime.options.set(key, value);

beforeAll(async () => {
  sink = await startSmtpSink();
  ctx = await createTestContext();
  server = await ctx.start();
  await setOption('SMTPServer', '127.0.0.1');
  await setOption('SMTPPort', String(sink.port));
  await setOption('SMTPAccount', 'mailer@example.com');
  await setOption('SMTPToken', 'smtp-secret');
  await createUser(server.db, { email: 'victim@example.com' });
});
afterAll(async () => {
  await ctx.close();
  await sink.close();
});

const settle = () => new Promise((resolve) => setTimeout(resolve, 250));
const median = (values: number[]) => [...values].sort((a, b) => a - b)[values.length >> 1] ?? 0;

describe('reset links', () => {
  it('never builds a link from the Host header: without ServerAddress it refuses, saying why', async () => {
    await setOption('ServerAddress', '');
    const before = sink.mails.length;
    const reply = await server
      .client()
      .get('/api/reset_password?email=victim@example.com', { host: 'evil.example' });
    expect(reply.json).toMatchObject({
      success: false,
      message: expect.stringMatching(/ServerAddress/),
    });
    // Same refusal for an address without an account: nothing is told.
    const ghost = await server
      .client()
      .get('/api/reset_password?email=ghost@example.com', { host: 'evil.example' });
    expect(ghost.json).toEqual(reply.json);
    await settle();
    expect(sink.mails.length).toBe(before);
  });

  it('uses ServerAddress whatever Host the request names', async () => {
    await setOption('ServerAddress', 'https://console.example/');
    const reply = await server
      .client()
      .get('/api/reset_password?email=victim@example.com', { host: 'evil.example' });
    expect(reply.json.success).toBe(true);
    const mail = await sink.next('victim@example.com');
    expect(mail.body).toContain('https://console.example/user/reset?');
    expect(mail.body).not.toContain('evil.example');
  });
});

describe('which addresses have accounts', () => {
  it('answers reset requests the same, in the same time, for known and unknown addresses', async () => {
    await setOption('ServerAddress', 'https://console.example');
    const timings = { known: [] as number[], unknown: [] as number[] };
    const replies = new Set<string>();
    for (let i = 0; i < 8; i += 1) {
      for (const [kind, email] of [
        ['known', 'victim@example.com'],
        ['unknown', `nobody${i}@example.com`],
      ] as const) {
        const started = performance.now();
        const reply = await server.client().get(`/api/reset_password?email=${email}`);
        timings[kind].push(performance.now() - started);
        replies.add(reply.text);
      }
    }
    expect(replies.size).toBe(1);
    expect(Math.abs(median(timings.known) - median(timings.unknown))).toBeLessThan(20);
    // The eight reset mails to the known address (sent after the replies) all arrive.
    for (let i = 0; i < 8; i += 1) await sink.next('victim@example.com');
  });

  it('answers verification-code requests the same for a taken address, and sends it nothing', async () => {
    const free = await server.client().get('/api/verification?email=fresh@example.com');
    await sink.next('fresh@example.com');
    const before = sink.mails.length;
    const taken = await server.client().get('/api/verification?email=victim@example.com');
    expect(taken.text).toBe(free.text);
    await settle();
    expect(sink.mails.length).toBe(before);
  });
});

// The low-quota reminder end to end: a relay request takes a user's quota below
// QuotaRemindThreshold and a mail reaches the SMTP server on 127.0.0.1; one that stays above does not.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type SmtpSink, startSmtpSink } from '../fakes/smtp-sink';
import { createUser } from '../helpers/factories';
import {
  createToken,
  postChat,
  type RelayHarness,
  seedChannel,
  startRelayHarness,
  waitForLogs,
} from '../helpers/relay-fixtures';

let h: RelayHarness;
let sink: SmtpSink;

beforeAll(async () => {
  sink = await startSmtpSink();
  h = await startRelayHarness();
  const { options } = h.server.runtime;
  await options.set('SMTPServer', '127.0.0.1');
  await options.set('SMTPPort', String(sink.port));
  await options.set('SMTPAccount', 'mailer@example.com');
  await options.set('SMTPToken', 'smtp-secret');
  // 0.002 dollars a call = 1000 quota; remind below 1500.
  await options.set('ModelPrice', JSON.stringify({ 'per-call': 0.002 }));
  await options.set('QuotaRemindThreshold', '1500');
  await seedChannel(h.db, { key: 'remind-key', baseUrl: h.fake.url, models: ['per-call'] });
});

afterAll(async () => {
  await h.close();
  await sink.close();
});

describe('low-quota reminder mail', () => {
  it('mails the user when a request takes the quota below the threshold, in both languages', async () => {
    const user = await createUser(h.db, { quota: 2000, email: 'low@example.com' });
    const token = await createToken(h.db, user.id);
    const reply = await postChat(h, token.authorization, { model: 'per-call' });
    expect(reply.status).toBe(200);
    await waitForLogs(h.db, user.id);
    const mail = await sink.next('low@example.com');
    expect(mail.subject).toContain('额度提醒');
    expect(mail.subject).toContain('quota reminder');
    expect(mail.body).toContain('$0.00');
  });

  it('sends nothing while the quota stays above the threshold', async () => {
    const user = await createUser(h.db, { quota: 10_000, email: 'rich@example.com' });
    const token = await createToken(h.db, user.id);
    const reply = await postChat(h, token.authorization, { model: 'per-call' });
    expect(reply.status).toBe(200);
    await waitForLogs(h.db, user.id);
    await expect(sink.next('rich@example.com', 1500)).rejects.toThrow();
  });
});

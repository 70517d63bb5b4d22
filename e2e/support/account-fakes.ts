// The account journeys' outside world, started once by global setup: an SMTP sink that files
// each received mail as JSON under MAILBOX_DIR (journeys read codes and links from there) and a
// fake GitHub whose addresses are handed to the server in its environment.
import { mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { startFakeGitHub } from '../../apps/server/test/fakes/http-fakes';
import { type ReceivedMail, startSmtpSink } from '../../apps/server/test/fakes/smtp-sink';
import { E2E_DATA_DIR } from './env';

export const MAILBOX_DIR = path.join(E2E_DATA_DIR, 'mailbox');
/** The one GitHub account the fake knows; its authorization code. */
export const FAKE_GITHUB = { code: 'e2e-gh-code', id: 424242, login: 'e2e-octo', name: 'E2E Octo' };
export const FAKE_GITHUB_CLIENT = { id: 'e2e-client', secret: 'e2e-secret' };
/** Env var through which global setup tells the journeys the SMTP sink's port. */
export const SMTP_PORT_ENV = 'E2E_SMTP_PORT';

export async function startAccountFakes() {
  rmSync(MAILBOX_DIR, { recursive: true, force: true });
  mkdirSync(MAILBOX_DIR, { recursive: true });
  let received = 0;
  const sink = await startSmtpSink(0, (mail) => {
    received += 1;
    const name = `${String(received).padStart(4, '0')}.json`;
    // The server's start empties the data folder after this sink started: make sure it exists.
    mkdirSync(MAILBOX_DIR, { recursive: true });
    writeFileSync(
      path.join(MAILBOX_DIR, name),
      JSON.stringify({ to: mail.to, subject: mail.subject, body: mail.body }),
    );
  });
  const github = await startFakeGitHub({
    clientId: FAKE_GITHUB_CLIENT.id,
    clientSecret: FAKE_GITHUB_CLIENT.secret,
    accounts: new Map([[FAKE_GITHUB.code, FAKE_GITHUB]]),
  });
  process.env[SMTP_PORT_ENV] = String(sink.port);
  return {
    serverEnv: { GITHUB_OAUTH_URL: github.url, GITHUB_API_URL: github.url },
    stop: async () => {
      await sink.close();
      await github.close();
    },
  };
}

/** Waits for the latest mail to an address (whose body matches, if given) and decodes it. */
export async function readMail(
  to: string,
  body?: RegExp,
  timeoutMs = 10_000,
): Promise<Pick<ReceivedMail, 'subject' | 'body'>> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    mkdirSync(MAILBOX_DIR, { recursive: true });
    const files = readdirSync(MAILBOX_DIR).sort().reverse();
    for (const file of files) {
      const mail = JSON.parse(readFileSync(path.join(MAILBOX_DIR, file), 'utf8')) as ReceivedMail;
      if (mail.to.includes(to.toLowerCase()) && (!body || body.test(mail.body))) return mail;
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`no mail to ${to}`);
}

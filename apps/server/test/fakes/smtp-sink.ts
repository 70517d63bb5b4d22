// A local SMTP server that keeps every message it receives, with a small MIME decoder
// (quoted-printable and base64 parts) to read codes and links out of them.
import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';

export interface ReceivedMail {
  to: string[];
  subject: string;
  /** The decoded text of the HTML (or plain) body. */
  body: string;
  raw: string;
}

export interface SmtpSink {
  port: number;
  mails: ReceivedMail[];
  /** Resolves with the next mail sent to the address (or one already received and not taken). */
  next(to: string, timeoutMs?: number): Promise<ReceivedMail>;
  close(): Promise<void>;
}

function decodeQuotedPrintable(text: string): string {
  const joined = text.replace(/=\r?\n/g, '');
  const bytes: number[] = [];
  for (let i = 0; i < joined.length; i += 1) {
    const hex = joined.slice(i + 1, i + 3);
    if (joined[i] === '=' && /^[0-9A-Fa-f]{2}$/.test(hex)) {
      bytes.push(Number.parseInt(hex, 16));
      i += 2;
    } else {
      bytes.push(...Buffer.from(joined[i] ?? '', 'utf8'));
    }
  }
  return Buffer.from(bytes).toString('utf8');
}

function splitPart(part: string): { headers: Map<string, string>; body: string } {
  const at = part.search(/\r?\n\r?\n/);
  const head = at < 0 ? part : part.slice(0, at);
  const body = at < 0 ? '' : part.slice(at).replace(/^\r?\n\r?\n/, '');
  const headers = new Map<string, string>();
  for (const line of head.replace(/\r?\n[ \t]+/g, ' ').split(/\r?\n/)) {
    const colon = line.indexOf(':');
    if (colon > 0)
      headers.set(line.slice(0, colon).trim().toLowerCase(), line.slice(colon + 1).trim());
  }
  return { headers, body };
}

function decodeBody(headers: Map<string, string>, body: string): string {
  const encoding = (headers.get('content-transfer-encoding') ?? '').toLowerCase();
  if (encoding === 'quoted-printable') return decodeQuotedPrintable(body);
  if (encoding === 'base64')
    return Buffer.from(body.replace(/\s+/g, ''), 'base64').toString('utf8');
  return body;
}

/** Decodes RFC 2047 encoded words (=?UTF-8?B?…?= and =?UTF-8?Q?…?=) in a header. */
function decodeHeader(value: string): string {
  // Whitespace between two adjacent encoded words is folding, not text (RFC 2047 §6.2).
  return value
    .replace(/\?=\s+=\?/g, '?==?')
    .replace(/=\?([^?]+)\?([BbQq])\?([^?]*)\?=/g, (_whole, _charset, kind, text) =>
      String(kind).toUpperCase() === 'B'
        ? Buffer.from(String(text), 'base64').toString('utf8')
        : decodeQuotedPrintable(String(text).replace(/_/g, ' ')),
    );
}

/** The readable body of a message: the HTML part of a multipart message, else the body. */
export function decodeMail(raw: string): { subject: string; body: string } {
  const { headers, body } = splitPart(raw);
  const subject = decodeHeader(headers.get('subject') ?? '');
  const boundary = /boundary="?([^";]+)"?/i.exec(headers.get('content-type') ?? '')?.[1];
  if (!boundary) return { subject, body: decodeBody(headers, body) };
  const parts = body.split(`--${boundary}`).map(splitPart);
  const html = parts.find((part) => (part.headers.get('content-type') ?? '').includes('text/html'));
  const chosen = html ?? parts.find((part) => part.headers.has('content-type'));
  return { subject, body: chosen ? decodeBody(chosen.headers, chosen.body) : '' };
}

/** Starts the sink; `onMail` also sees each message (the e2e setup files them for the browser tests). */
export async function startSmtpSink(
  port = 0,
  onMail?: (mail: ReceivedMail) => void,
): Promise<SmtpSink> {
  const mails: ReceivedMail[] = [];
  const waiters: { to: string; resolve: (mail: ReceivedMail) => void }[] = [];
  const taken = new Set<ReceivedMail>();
  const deliver = (mail: ReceivedMail) => {
    mails.push(mail);
    onMail?.(mail);
    const index = waiters.findIndex((waiter) => mail.to.includes(waiter.to));
    if (index >= 0) {
      taken.add(mail);
      waiters.splice(index, 1)[0]?.resolve(mail);
    }
  };
  const server = new SMTPServer({
    authOptional: true,
    allowInsecureAuth: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onAuth(_auth, _session, callback) {
      callback(null, { user: 'sink' });
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        const raw = Buffer.concat(chunks).toString('utf8');
        const to = session.envelope.rcptTo.map((rcpt) => rcpt.address.toLowerCase());
        deliver({ to, raw, ...decodeMail(raw) });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  const address = server.server.address() as AddressInfo;
  return {
    port: address.port,
    mails,
    next(to, timeoutMs = 10_000) {
      const wanted = to.toLowerCase();
      const ready = mails.find((mail) => !taken.has(mail) && mail.to.includes(wanted));
      if (ready) {
        taken.add(ready);
        return Promise.resolve(ready);
      }
      return new Promise((resolve, reject) => {
        const timer = setTimeout(() => reject(new Error(`no mail to ${to}`)), timeoutMs);
        waiters.push({
          to: wanted,
          resolve: (mail) => {
            clearTimeout(timer);
            resolve(mail);
          },
        });
      });
    },
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

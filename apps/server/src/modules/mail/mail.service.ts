// Sends mail over SMTP with the server, port, account, token and SSL options of the settings.
// nodemailer is imported on the first send, not at start (issue 16: idle memory).
import { refuse } from '../../lib/errors';
import type { OptionsStore } from '../options/options.store';

export interface MailMessage {
  to: string;
  subject: string;
  html: string;
}

export interface MailLog {
  warn(details: object, message: string): void;
}

export class MailService {
  constructor(
    private readonly options: OptionsStore,
    private readonly log: MailLog,
  ) {}

  /** Refuses unless an SMTP server is set (checked before any work that depends on the address). */
  ensureConfigured(): void {
    if (!this.options.getString('SMTPServer').trim()) throw refuse('mail.notConfigured');
  }

  /** The console's public address for links in mail: only the admin's ServerAddress, never the
   * request's Host header (anyone can send `Host: evil.example`). Without one, mail that carries a
   * link is refused with a reason the admin can act on, and the refusal is logged. */
  linkBase(): string {
    const base = this.options.getString('ServerAddress').trim().replace(/\/+$/, '');
    if (!/^https?:\/\/[^\s/]+/.test(base)) {
      this.log.warn(
        { option: 'ServerAddress' },
        'mail with a link refused: ServerAddress is not set',
      );
      throw refuse('mail.serverAddressMissing');
    }
    return base;
  }

  /** Sends after the reply, so the reply takes as long whoever the address belongs to; a failed
   * delivery is logged (the caller already answered). */
  sendLater(build: () => Promise<MailMessage | null>): void {
    setImmediate(() => {
      build()
        .then((message) => (message ? this.send(message) : undefined))
        .catch((error: unknown) => this.log.warn({ err: error }, 'background mail failed'));
    });
  }

  /** Sends one message; a missing SMTP server or a failed delivery is a clear refusal. */
  async send(message: MailMessage): Promise<void> {
    const o = this.options;
    this.ensureConfigured();
    const host = o.getString('SMTPServer').trim();
    const account = o.getString('SMTPAccount').trim();
    const { default: nodemailer } = await import('nodemailer');
    const transport = nodemailer.createTransport({
      host,
      port: o.getInt('SMTPPort'),
      secure: o.getBool('SMTPSSLEnabled'),
      ...(account ? { auth: { user: account, pass: o.get('SMTPToken') } } : {}),
      connectionTimeout: 10_000,
      greetingTimeout: 10_000,
    });
    const from = o.getString('SMTPFrom').trim() || account;
    const systemName = o.getString('SystemName').trim() || 'Switchyard';
    try {
      await transport.sendMail({
        from: { name: systemName, address: from },
        to: message.to,
        subject: message.subject,
        html: message.html,
      });
    } catch (error) {
      this.log.warn({ err: error }, 'sending mail failed');
      throw refuse('mail.sendFailed');
    } finally {
      transport.close();
    }
  }
}

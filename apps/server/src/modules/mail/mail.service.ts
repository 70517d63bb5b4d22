// Sends mail over SMTP with the server, port, account, token and SSL options of the settings.
import nodemailer from 'nodemailer';
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

  /** Sends one message; a missing SMTP server or a failed delivery is a clear refusal. */
  async send(message: MailMessage): Promise<void> {
    const o = this.options;
    const host = o.getString('SMTPServer').trim();
    if (!host) throw refuse('mail.notConfigured');
    const account = o.getString('SMTPAccount').trim();
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

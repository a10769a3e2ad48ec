import { Injectable, Logger, OnApplicationShutdown } from '@nestjs/common';
import { createTransport, Transporter } from 'nodemailer';
import { AppConfig } from '../../config/app-config';

/** A message as the transport sends it. */
export interface OutgoingEmail {
  to: string;
  subject: string;
  text: string;
  html: string;
}

/** Adds connection timeouts to an SMTP URL unless it sets its own (nodemailer reads them from the query). */
const withTimeouts = (smtpUrl: string): string => {
  const u = new URL(smtpUrl);
  for (const [k, v] of [
    ['connectionTimeout', '10000'],
    ['greetingTimeout', '10000'],
    ['socketTimeout', '20000'],
  ]) {
    if (!u.searchParams.has(k)) u.searchParams.set(k, v);
  }
  return u.toString();
};

/** 'sandbox' when SMTP_URL=sandbox (mail kept for /sandbox/mail), else 'smtp'. */
export type EmailTransportKind = 'sandbox' | 'smtp';

/**
 * nodemailer over SMTP_URL (smtp:// or smtps:// with credentials in the URL). With
 * SMTP_URL=sandbox the message is rendered by nodemailer's JSON transport and not sent anywhere:
 * the outbox row itself is the sandbox mailbox (GET /sandbox/api/mail).
 */
@Injectable()
export class EmailTransport implements OnApplicationShutdown {
  private readonly logger = new Logger(EmailTransport.name);
  readonly kind: EmailTransportKind;
  readonly from: string;
  private readonly transporter: Transporter;

  constructor(config: AppConfig) {
    const { smtpUrl, from } = config.mail;
    this.from = from;
    this.kind = smtpUrl === 'sandbox' ? 'sandbox' : 'smtp';
    this.transporter =
      this.kind === 'sandbox'
        ? createTransport({ jsonTransport: true })
        : createTransport(withTimeouts(smtpUrl));
    if (this.kind === 'sandbox' && config.isProduction) {
      this.logger.error(
        'SMTP_URL=sandbox in production: e-mails are stored in the outbox and never sent',
      );
    }
  }

  /** Sends one message; resolves with the transport's message id. @throws the transport's error. */
  async send(mail: OutgoingEmail): Promise<{ messageId: string }> {
    const info = await this.transporter.sendMail({ from: this.from, ...mail });
    return { messageId: String(info.messageId ?? '') };
  }

  onApplicationShutdown(): void {
    this.transporter.close();
  }
}

import { Injectable, Logger } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { EntityManager, Repository } from 'typeorm';
import { EmailOutbox } from './entities/email-outbox.entity';
import { EmailTransport } from './email-transport';

/** What a module asks to send. `kind` names the purpose ('password-reset', ...). */
export interface EmailRequest {
  kind: string;
  to: string;
  subject: string;
  text: string;
  html: string;
}

/** Rows of an `UPDATE ... RETURNING` through TypeORM's query() (pg answers `[rows, count]`). */
const updatedRows = <T>(result: unknown): T[] =>
  Array.isArray(result) && Array.isArray(result[0]) ? (result[0] as T[]) : Array.isArray(result) ? (result as T[]) : [];

/** Delivery attempts before a message is given up (`dead`). */
export const EMAIL_MAX_ATTEMPTS = 8;
/** How long a claimed message stays locked to one sender (a crashed sender's claim expires). */
const CLAIM_SECONDS = 120;

/** Backoff before attempt `attempts + 1`: 30 s doubling, at most 1 hour. */
export const emailRetryDelaySeconds = (attempts: number): number => Math.min(30 * 2 ** Math.max(0, attempts - 1), 3600);

/** A sandbox mailbox entry (GET /sandbox/api/mail). */
export interface SandboxMail {
  id: string;
  kind: string;
  from: string;
  to: string;
  subject: string;
  text: string | null;
  html: string | null;
  status: string;
  created_at: string;
  sent_at: string | null;
}

/**
 * E-mail outbox (docs/ARCHITECTURE.md, notifications): `add` writes the row inside the caller's
 * transaction; `dispatch` delivers after commit without holding up the request; `deliverDue`
 * (run periodically by the worker role) retries failed and stale rows. Every delivery first
 * claims its row with one UPDATE, so a message goes out once however many processes run.
 */
@Injectable()
export class EmailOutboxService {
  private readonly logger = new Logger(EmailOutboxService.name);

  constructor(
    @InjectRepository(EmailOutbox) private readonly outbox: Repository<EmailOutbox>,
    private readonly transport: EmailTransport,
  ) {}

  /** Inserts a pending message with `manager` (the caller's transaction); returns its id. */
  async add(manager: EntityManager, mail: EmailRequest): Promise<string> {
    const row = manager.create(EmailOutbox, {
      kind: mail.kind,
      toAddress: mail.to.trim().toLowerCase(),
      subject: mail.subject,
      textBody: mail.text,
      htmlBody: mail.html,
    });
    const saved = await manager.save(EmailOutbox, row);
    return saved.id;
  }

  /** Starts delivering `ids` in the background (call after the transaction committed). Never throws. */
  dispatch(...ids: string[]): void {
    for (const id of ids) {
      void this.deliver(id).catch((err: unknown) =>
        this.logger.error({ err: err instanceof Error ? err.message : String(err), outboxId: id }, 'e-mail dispatch failed'),
      );
    }
  }

  /**
   * Claims and sends one message. Returns 'sent', 'failed' (will be retried), 'dead' (gave up),
   * or 'skipped' when another sender holds it, it was sent already or it is not due yet.
   */
  async deliver(id: string): Promise<'sent' | 'failed' | 'dead' | 'skipped'> {
    const claimed = await this.outbox.query(
      `UPDATE email_outbox
          SET status = 'sending', attempts = attempts + 1, locked_until = now() + make_interval(secs => $2)
        WHERE id = $1
          AND ((status IN ('pending', 'failed') AND next_attempt_at <= now())
               OR (status = 'sending' AND locked_until < now()))
      RETURNING id, to_address AS "toAddress", subject, text_body AS "textBody", html_body AS "htmlBody", attempts`,
      [id, CLAIM_SECONDS],
    ).then(updatedRows<EmailOutbox>);
    const row = claimed[0];
    if (!row) return 'skipped';
    try {
      const { messageId } = await this.transport.send({
        to: row.toAddress,
        subject: row.subject,
        text: row.textBody ?? '',
        html: row.htmlBody ?? '',
      });
      // One-time links must not outlive delivery in the database; the sandbox mailbox needs them.
      const keepBodies = this.transport.kind === 'sandbox';
      await this.outbox.query(
        `UPDATE email_outbox
            SET status = 'sent', sent_at = now(), locked_until = NULL, last_error = NULL, transport = $2, message_id = $3,
                text_body = CASE WHEN $4 THEN text_body END, html_body = CASE WHEN $4 THEN html_body END
          WHERE id = $1`,
        [row.id, this.transport.kind, messageId, keepBodies],
      );
      return 'sent';
    } catch (err) {
      const dead = row.attempts >= EMAIL_MAX_ATTEMPTS;
      const message = (err instanceof Error ? err.message : String(err)).slice(0, 500);
      await this.outbox.query(
        `UPDATE email_outbox SET status = $2, last_error = $3, locked_until = NULL,
                next_attempt_at = now() + make_interval(secs => $4) WHERE id = $1`,
        [row.id, dead ? 'dead' : 'failed', message, emailRetryDelaySeconds(row.attempts)],
      );
      this.logger.warn({ outboxId: row.id, attempts: row.attempts, err: message }, 'e-mail delivery failed');
      return dead ? 'dead' : 'failed';
    }
  }

  /** Delivers up to `limit` due messages (pending, failed past their backoff, or stale claims). Returns how many were sent. */
  async deliverDue(limit = 50): Promise<number> {
    const due: { id: string }[] = await this.outbox.query(
      `SELECT id FROM email_outbox
        WHERE (status IN ('pending', 'failed') AND next_attempt_at <= now())
           OR (status = 'sending' AND locked_until < now())
        ORDER BY next_attempt_at LIMIT $1`,
      [limit],
    );
    let sent = 0;
    for (const { id } of due) if ((await this.deliver(String(id))) === 'sent') sent++;
    return sent;
  }

  /**
   * The sandbox mailbox: messages delivered to the sandbox transport, newest first, optionally
   * only those to `to` (case-insensitive). Only served while the sandbox is enabled.
   */
  async sandboxMailbox(to: string | undefined, limit = 50): Promise<SandboxMail[]> {
    const qb = this.outbox
      .createQueryBuilder('m')
      .where(`m.transport = 'sandbox'`)
      .andWhere(`m.status = 'sent'`)
      .orderBy('m.id', 'DESC')
      .take(Math.min(Math.max(limit, 1), 200));
    if (to) qb.andWhere('m.to_address = :to', { to: to.trim().toLowerCase() });
    const rows = await qb.getMany();
    return rows.map((m) => ({
      id: m.id,
      kind: m.kind,
      from: this.transport.from,
      to: m.toAddress,
      subject: m.subject,
      text: m.textBody,
      html: m.htmlBody,
      status: m.status,
      created_at: m.createdAt.toISOString(),
      sent_at: m.sentAt ? m.sentAt.toISOString() : null,
    }));
  }
}

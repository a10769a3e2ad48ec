import { Injectable, Logger } from '@nestjs/common';
import { EntityManager } from 'typeorm';
import { EmailOutboxRepository } from './email-outbox.repository';
import { EmailTransport } from './email-transport';

/** What a module asks to send. `kind` names the purpose ('password-reset', ...). */
export interface EmailRequest {
  kind: string;
  to: string;
  subject: string;
  text: string;
  html: string;
}

/** Delivery attempts before a message is given up (`dead`). */
export const EMAIL_MAX_ATTEMPTS = 8;
/** How long a claimed message stays locked to one sender (a crashed sender's claim expires). */
const CLAIM_SECONDS = 120;

/** Backoff before attempt `attempts + 1`: 30 s doubling, at most 1 hour. */
export const emailRetryDelaySeconds = (attempts: number): number =>
  Math.min(30 * 2 ** Math.max(0, attempts - 1), 3600);

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
    private readonly outbox: EmailOutboxRepository,
    private readonly transport: EmailTransport,
  ) {}

  /** Inserts a pending message with `manager` (the caller's transaction); returns its id. */
  async add(manager: EntityManager, mail: EmailRequest): Promise<string> {
    return this.outbox.insert(manager, {
      kind: mail.kind,
      toAddress: mail.to.trim().toLowerCase(),
      subject: mail.subject,
      textBody: mail.text,
      htmlBody: mail.html,
    });
  }

  /** Which of messages `ids` were accepted by the mail server (status `sent`); with `em` read in that transaction. */
  async sentAmong(ids: string[], em?: EntityManager): Promise<Set<string>> {
    return new Set(await this.outbox.sentIds(ids, em));
  }

  /** Starts delivering `ids` in the background (call after the transaction committed). Never throws. */
  dispatch(...ids: string[]): void {
    for (const id of ids) {
      void this.deliver(id).catch((err: unknown) =>
        this.logger.error(
          { err: err instanceof Error ? err.message : String(err), outboxId: id },
          'e-mail dispatch failed',
        ),
      );
    }
  }

  /**
   * Claims and sends one message. Returns 'sent', 'failed' (will be retried), 'dead' (gave up),
   * or 'skipped' when another sender holds it, it was sent already or it is not due yet.
   */
  async deliver(id: string): Promise<'sent' | 'failed' | 'dead' | 'skipped'> {
    const row = await this.outbox.claim(id, CLAIM_SECONDS);
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
      await this.outbox.markSent(row.id, this.transport.kind, messageId, keepBodies);
      return 'sent';
    } catch (err) {
      const dead = row.attempts >= EMAIL_MAX_ATTEMPTS;
      const message = (err instanceof Error ? err.message : String(err)).slice(0, 500);
      await this.outbox.markFailed(
        row.id,
        dead ? 'dead' : 'failed',
        message,
        emailRetryDelaySeconds(row.attempts),
      );
      this.logger.warn(
        { outboxId: row.id, attempts: row.attempts, err: message },
        'e-mail delivery failed',
      );
      return dead ? 'dead' : 'failed';
    }
  }

  /** Delivers up to `limit` due messages (pending, failed past their backoff, or stale claims). Returns how many were sent. */
  async deliverDue(limit = 50): Promise<number> {
    let sent = 0;
    for (const id of await this.outbox.dueIds(limit))
      if ((await this.deliver(id)) === 'sent') sent++;
    return sent;
  }

  /**
   * The sandbox mailbox: messages delivered to the sandbox transport, newest first, optionally
   * only those to `to` (case-insensitive). Only served while the sandbox is enabled.
   */
  async sandboxMailbox(to: string | undefined, limit = 50): Promise<SandboxMail[]> {
    const rows = await this.outbox.sandboxSent(
      to ? to.trim().toLowerCase() : undefined,
      Math.min(Math.max(limit, 1), 200),
    );
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

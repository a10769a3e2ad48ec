import { Injectable, Logger } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import { AfricasTalkingClient } from '../../../providers/africastalking/africastalking.client';
import { SmsOutbox } from '../entities/sms-outbox.entity';
import { classifySendError, recipientResult } from './sms-rules';

/** Outcome of one delivery attempt. `retry` means: throw so BullMQ tries again with backoff. */
export type SendAttempt =
  | { result: 'sent'; messageId: string | null }
  | { result: 'failed' | 'skipped' }
  | { result: 'retry'; error: string };

/** Error thrown to make BullMQ retry a `deliver-sms` job (timeouts, 5xx, retryable recipient codes). */
export class SmsRetryableError extends Error {}

/**
 * Sends one outbox row through Africa's Talking (providers.md §3.2). The row is claimed by one
 * UPDATE (status still `queued`), so a repeated job never sends a sent message again.
 */
@Injectable()
export class SmsSender {
  private readonly logger = new Logger(SmsSender.name);

  constructor(
    @InjectDataSource() private readonly ds: DataSource,
    private readonly at: AfricasTalkingClient,
  ) {}

  /**
   * One attempt. `lastAttempt`: a retryable failure then marks the row failed instead of
   * leaving it queued.
   */
  async attempt(outboxId: string, lastAttempt: boolean): Promise<SendAttempt> {
    // Wait for a transaction still writing the row (a back-office resend re-queues it and enqueues
    // this job before committing), so the claim below reads its committed status.
    await this.ds.query(`SELECT 1 FROM sms_outbox WHERE id = $1 FOR SHARE`, [outboxId]);
    const [claimed]: [{ to_msisdn: string; body: string }[], number] = await this.ds.query(
      `UPDATE sms_outbox SET attempts = attempts + 1, updated_at = now()
        WHERE id = $1 AND status = 'queued' RETURNING to_msisdn, body`,
      [outboxId],
    );
    const row = claimed[0];
    if (!row) return { result: 'skipped' };

    let error: string;
    let kind: 'retry' | 'permanent';
    try {
      const answer = await this.at.sendSms({ to: row.to_msisdn, message: row.body });
      const recipient = answer.recipients[0];
      const outcome = recipientResult(recipient);
      if (outcome === 'sent') {
        await this.ds.manager.update(SmsOutbox, { id: outboxId }, {
          status: 'sent',
          providerMessageId: recipient.messageId,
          cost: recipient.cost || null,
          sentAt: new Date(),
          lastError: null,
        });
        return { result: 'sent', messageId: recipient.messageId };
      }
      kind = outcome;
      error = recipient ? `${recipient.statusCode} ${recipient.status}` : `no recipient: ${answer.message}`;
    } catch (err) {
      kind = classifySendError(err);
      error = err instanceof Error ? err.message : String(err);
    }
    const giveUp = kind === 'permanent' || lastAttempt;
    await this.ds.manager.update(SmsOutbox, { id: outboxId }, { status: giveUp ? 'failed' : 'queued', lastError: error.slice(0, 500) });
    this.logger.warn({ outboxId, error, kind, giveUp }, 'sms send failed');
    return giveUp ? { result: 'failed' } : { result: 'retry', error };
  }
}

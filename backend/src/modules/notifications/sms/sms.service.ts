import { Injectable, Logger } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, EntityManager } from 'typeorm';
import { JobProducer } from '../../../common/queues/job-producer.service';
import { JOB, jobId } from '../../../common/queues/queues';
import type { SmsDeliveryReport } from '../../../providers/africastalking/africastalking.types';
import { SmsOutbox, SmsStatus } from '../entities/sms-outbox.entity';
import { NotificationsError, NotificationsErrorCode } from '../notifications.errors';
import { statusAfterReport } from './sms-rules';

/** What the outbox row needs to go out: an MSISDN `2547XXXXXXXX`, the text and a purpose label. */
export interface SmsRequest {
  to: string;
  body: string;
  /** Why it is sent ('subscription-confirm', 'deliver-slip', …), for the back office and stats. */
  purpose: string;
}

/** Job payload of `deliver-sms`. */
export interface DeliverSmsPayload {
  outboxId: string;
}

/** The `deliver-sms` job id of an outbox row. */
export const smsJobId = (outboxId: string): string => jobId('sms', outboxId);

/**
 * SMS outbox (issue 7; architecture.md "Queues": sms). `queue` writes the row — inside the
 * caller's transaction when given `em` — and `dispatch` enqueues `deliver-sms` (jobId
 * `sms-<id>`) once that transaction committed. The `sms` processor sends it (SmsSender).
 */
@Injectable()
export class SmsService {
  private readonly logger = new Logger(SmsService.name);

  constructor(
    @InjectDataSource() private readonly ds: DataSource,
    private readonly producer: JobProducer,
  ) {}

  /**
   * Writes a queued outbox row. With `em` (the caller's transaction) nothing is enqueued: call
   * `dispatch(id)` after commit. Without `em` the row is committed and enqueued at once.
   * @returns the outbox row id.
   */
  async queue(to: string, body: string, purpose: string, em?: EntityManager): Promise<string> {
    const manager = em ?? this.ds.manager;
    const row = await manager.save(SmsOutbox, manager.create(SmsOutbox, { to, body, purpose, status: 'queued' }));
    if (!em) await this.dispatch(row.id);
    return row.id;
  }

  /**
   * Enqueues `deliver-sms` for committed outbox rows. Never throws: a row whose enqueue failed
   * stays `queued` and `requeueStale` picks it up.
   */
  async dispatch(...ids: string[]): Promise<void> {
    for (const id of ids) {
      try {
        await this.producer.enqueue(JOB.DELIVER_SMS, { outboxId: id } satisfies DeliverSmsPayload, smsJobId(id));
      } catch (err) {
        this.logger.warn({ err: String(err), outboxId: id }, 'sms enqueue failed; left queued for requeueStale');
      }
    }
  }

  /** Re-enqueues rows still `queued` and untouched for `olderThanMs` (lost enqueue). Returns how many. */
  async requeueStale(olderThanMs = 60_000, limit = 500): Promise<number> {
    const rows: { id: string }[] = await this.ds.query(
      `SELECT id FROM sms_outbox WHERE status = 'queued' AND attempts = 0 AND updated_at < now() - ($1::int * interval '1 millisecond')
        ORDER BY id LIMIT $2`,
      [olderThanMs, limit],
    );
    await this.dispatch(...rows.map((r) => String(r.id)));
    return rows.length;
  }

  /** Applies an Africa's Talking delivery report (§3.3). Returns the new status, or null when nothing changed. */
  async applyDeliveryReport(report: SmsDeliveryReport): Promise<SmsStatus | null> {
    return this.ds.transaction(async (em) => {
      const row = await em.findOne(SmsOutbox, { where: { providerMessageId: report.id }, lock: { mode: 'pessimistic_write' } });
      if (!row) {
        this.logger.warn({ messageId: report.id, status: report.status }, 'delivery report for an unknown message');
        return null;
      }
      const next = statusAfterReport(row.status, report);
      await em.update(SmsOutbox, { id: row.id }, {
        deliveryStatus: report.status,
        ...(next ? { status: next } : {}),
        ...(next === 'delivered' ? { deliveredAt: new Date() } : {}),
        ...(next === 'failed' ? { lastError: report.failureReason ?? report.status } : {}),
      });
      return next;
    });
  }

  /**
   * Back office `sms-messages` resend (issue 8): puts outbox row `id` back to `queued` (last
   * error, provider message id and delivery state cleared, attempts kept) and enqueues a new
   * `deliver-sms` job for it (jobId `sms-<id>-resend-<ms>`), inside the caller's transaction
   * (`manager`, whose transaction must hold the row lock, as the back office's update does). The
   * sender first waits for that lock (SmsSender.attempt), then claims the row by
   * `UPDATE … WHERE status = 'queued'`: the job sends only once the resend committed, and never twice. A delivered row is
   * refused unless `force`; a row still queued is simply enqueued again (a lost enqueue).
   * @throws NotificationsError SMS_NOT_FOUND (404), SMS_ALREADY_DELIVERED (400),
   *         SMS_QUEUE_UNAVAILABLE (503: Redis did not answer; the caller's transaction rolls back).
   */
  async resend(id: string, { force = false }: { force?: boolean } = {}, { manager = this.ds.manager }: { manager?: EntityManager } = {}): Promise<void> {
    const row = await manager.findOne(SmsOutbox, { where: { id }, lock: { mode: 'pessimistic_write' } });
    if (!row) throw new NotificationsError(NotificationsErrorCode.SMS_NOT_FOUND);
    if (row.status === 'delivered' && !force) throw new NotificationsError(NotificationsErrorCode.SMS_ALREADY_DELIVERED);
    await manager.update(SmsOutbox, { id }, {
      status: 'queued',
      lastError: null,
      providerMessageId: null,
      deliveryStatus: null,
      sentAt: null,
      deliveredAt: null,
    });
    try {
      await this.producer.enqueue(JOB.DELIVER_SMS, { outboxId: id } satisfies DeliverSmsPayload, jobId(smsJobId(id), 'resend', Date.now()));
    } catch (err) {
      this.logger.warn({ err: String(err), outboxId: id }, 'sms resend enqueue failed');
      throw new NotificationsError(NotificationsErrorCode.SMS_QUEUE_UNAVAILABLE);
    }
  }

  /** Outbox rows of one MSISDN, newest first (tests, back office). */
  forPhone(to: string): Promise<SmsOutbox[]> {
    return this.ds.manager.find(SmsOutbox, { where: { to }, order: { id: 'DESC' } });
  }
}

import { Injectable, Logger } from '@nestjs/common';
import { EntityManager } from 'typeorm';
import { TransactionRunner } from '../../../database/transaction-runner';
import { JobProducer } from '../../../common/queues/job-producer.service';
import { DEFAULT_JOB_OPTIONS, JOB, jobId } from '../../../common/queues/queues';
import type { SmsDeliveryReport } from '../../../providers/africastalking/africastalking.types';
import { SmsOutbox, SmsStatus } from '../entities/sms-outbox.entity';
import { NotificationsError, NotificationsErrorCode } from '../notifications.errors';
import { SmsOutboxRepository, SmsState } from './sms-outbox.repository';
import { isFinalSmsStatus, statusAfterReport } from './sms-rules';
import { SmsSender } from './sms-sender.service';
import { ERASED_SMS_BODY } from './sms.constants';

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

/**
 * A row `sending` for longer than this (ms) was left by a sender that stopped (kill, crash) before
 * recording Africa's Talking's answer: the sweep sends it again (at least once per SMS;
 * docs/RELIABILITY.md, "SMS: at least once"). Three times a send's 15 s timeout, so a live send
 * is not repeated, and short enough that a buyer whose sender was killed gets the picks within
 * about two minutes (the sweep runs every minute).
 */
export const SMS_SENDING_STALE_MS = 45_000;

/** The `deliver-sms` job id of an outbox row. */
export const smsJobId = (outboxId: string): string => jobId('sms', outboxId);

/**
 * SMS outbox (docs/ARCHITECTURE.md "Queues": sms). `queue` writes the row — inside the
 * caller's transaction when given `em` — and `dispatch` enqueues `deliver-sms` (jobId
 * `sms-<id>`) once that transaction committed. The `sms` processor sends it (SmsSender).
 */
@Injectable()
export class SmsService {
  private readonly logger = new Logger(SmsService.name);

  constructor(
    private readonly outbox: SmsOutboxRepository,
    private readonly tx: TransactionRunner,
    private readonly producer: JobProducer,
    private readonly sender: SmsSender,
  ) {}

  /**
   * Writes a queued outbox row. With `em` (the caller's transaction) nothing is enqueued: call
   * `dispatch(id)` (or `sendNow(id)` in the worker) after commit. Without `em` the row is
   * committed and enqueued at once.
   * @returns the outbox row id.
   */
  async queue(to: string, body: string, purpose: string, em?: EntityManager): Promise<string> {
    const [id] = await this.outbox.insertQueued([{ to, body, purpose }], em);
    if (!em) await this.dispatch(id);
    return id;
  }

  /** Writes queued outbox rows in one INSERT in the caller's transaction; returns their ids in order. */
  queueMany(requests: SmsRequest[], em: EntityManager): Promise<string[]> {
    return this.outbox.insertQueued(requests, em);
  }

  /**
   * Sends committed outbox rows now, from this process, instead of through one `deliver-sms` job
   * each (the payments worker's buyer SMS: docs/PERFORMANCE.md "Payment callbacks").
   * A row that needs another try gets its `deliver-sms` job (backoff from the job options); when
   * the send itself cannot run (database or Redis error) every row falls back to `dispatch`.
   * Never throws: a row left `queued` is picked up by `requeueStale`.
   */
  async sendNow(...ids: string[]): Promise<void> {
    if (!ids.length) return;
    let outcomes: Map<string, { result: string }>;
    try {
      outcomes = await this.sender.attemptMany(ids);
    } catch (err) {
      this.logger.warn(
        { err: String(err), outboxIds: ids },
        'sms direct send failed; queueing the rows',
      );
      return this.dispatch(...ids);
    }
    for (const id of ids) {
      if (outcomes.get(id)?.result !== 'retry') continue;
      try {
        await this.producer.enqueue(
          JOB.DELIVER_SMS,
          { outboxId: id } satisfies DeliverSmsPayload,
          smsJobId(id),
          { delay: DEFAULT_JOB_OPTIONS.backoff.delay },
        );
      } catch (err) {
        this.logger.warn(
          { err: String(err), outboxId: id },
          'sms retry enqueue failed; left queued for requeueStale',
        );
      }
    }
  }

  /**
   * Enqueues `deliver-sms` for committed outbox rows. Never throws: a row whose enqueue failed
   * stays `queued` and `requeueStale` picks it up.
   */
  async dispatch(...ids: string[]): Promise<void> {
    for (const id of ids) {
      try {
        await this.producer.enqueue(
          JOB.DELIVER_SMS,
          { outboxId: id } satisfies DeliverSmsPayload,
          smsJobId(id),
        );
      } catch (err) {
        this.logger.warn(
          { err: String(err), outboxId: id },
          'sms enqueue failed; left queued for requeueStale',
        );
      }
    }
  }

  /**
   * Re-enqueues rows still `queued` and untouched for `olderThanMs` (a lost enqueue). A row whose
   * `deliver-sms` job still waits (backoff) is not sent twice: the job id `sms-<id>` is taken, so
   * the add is a no-op. A row being sent (`sending`) is left alone unless it is older than
   * `sendingStaleMs` — its sender stopped before recording the answer — and then it is put back
   * to `queued` and enqueued under a job id of its own (`sms-<id>-stale-<attempts>`): the message
   * may reach the phone twice, never zero times (docs/RELIABILITY.md, "SMS: at least once").
   * Returns how many rows were found.
   */
  async requeueStale(
    olderThanMs = 60_000,
    limit = 500,
    sendingStaleMs = SMS_SENDING_STALE_MS,
  ): Promise<number> {
    const stale = await this.outbox.requeueStaleSending(sendingStaleMs, limit);
    for (const row of stale) {
      try {
        await this.producer.enqueue(
          JOB.DELIVER_SMS,
          { outboxId: row.id } satisfies DeliverSmsPayload,
          jobId(smsJobId(row.id), 'stale', row.attempts),
        );
      } catch (err) {
        this.logger.warn(
          { err: String(err), outboxId: row.id },
          'sms enqueue failed; left queued for requeueStale',
        );
      }
    }
    const queued = await this.outbox.queuedOlderThan(olderThanMs, limit);
    await this.dispatch(...queued);
    return queued.length + stale.length;
  }

  /** Applies an Africa's Talking delivery report (§3.3). Returns the new status, or null when nothing changed. */
  async applyDeliveryReport(report: SmsDeliveryReport): Promise<SmsStatus | null> {
    return (await this.applyDeliveryReports([report]))[0];
  }

  /**
   * Applies delivery reports (§3.3) in one transaction (the report route's batches: docs/PRODUCT-RULES.md "Purchases and provider callbacks",
   * docs/PERFORMANCE.md "Payment callbacks"): their rows locked in id order, each report decided
   * by `statusAfterReport` on the status left by the reports before it (arrival order), one
   * UPDATE for every changed row. A row in a final status (delivered, failed) keeps its status
   * and report text. Returns per report its new status, or null when it changed no status.
   */
  async applyDeliveryReports(reports: SmsDeliveryReport[]): Promise<(SmsStatus | null)[]> {
    return this.tx.run(async (em) => {
      const rows = await this.outbox.lockByMessageIds(em, [...new Set(reports.map((r) => r.id))]);
      const byMessage = new Map(
        rows.map((r) => [
          r.provider_message_id,
          {
            ...r,
            report: null as string | null,
            delivered: false,
            lastError: null as string | null,
          },
        ]),
      );
      const out = reports.map((report) => {
        const row = byMessage.get(report.id);
        if (!row) {
          this.logger.warn(
            { messageId: report.id, status: report.status },
            'delivery report for an unknown message',
          );
          return null;
        }
        if (isFinalSmsStatus(row.status)) return null; // a late or repeated report changes nothing
        const next = statusAfterReport(row.status, report);
        row.report = report.status;
        if (next) row.status = next;
        if (next === 'delivered') row.delivered = true;
        if (next === 'failed') row.lastError = report.failureReason ?? report.status;
        return next;
      });
      await this.outbox.applyReports(
        em,
        [...byMessage.values()].filter((r) => r.report !== null),
      );
      return out;
    });
  }

  /**
   * Back office `sms-messages` resend (docs/PRODUCT-RULES.md "Back office"): puts outbox row `id` back to `queued` (last
   * error, provider message id and delivery state cleared, attempts kept) and enqueues a new
   * `deliver-sms` job for it (jobId `sms-<id>-resend-<ms>`), inside the caller's transaction
   * (`manager`, whose transaction must hold the row lock, as the back office's update does). The
   * sender first waits for that lock (SmsSender.attempt), then claims the row by
   * `UPDATE … WHERE status = 'queued'`: the job sends only once the resend committed, and never twice. A delivered row is
   * refused unless `force`; a row still queued is simply enqueued again (a lost enqueue).
   * @throws NotificationsError SMS_NOT_FOUND (404), SMS_ALREADY_DELIVERED (400),
   *         SMS_QUEUE_UNAVAILABLE (503: Redis did not answer; the caller's transaction rolls back).
   */
  async resend(
    id: string,
    { force = false }: { force?: boolean } = {},
    { manager }: { manager?: EntityManager } = {},
  ): Promise<void> {
    return this.tx.run((em) => this.resendIn(em, id, force), manager);
  }

  private async resendIn(manager: EntityManager, id: string, force: boolean): Promise<void> {
    const row = await this.outbox.lock(manager, id);
    if (!row) throw new NotificationsError(NotificationsErrorCode.SMS_NOT_FOUND);
    if (row.status === 'delivered' && !force)
      throw new NotificationsError(NotificationsErrorCode.SMS_ALREADY_DELIVERED);
    if (row.body === ERASED_SMS_BODY)
      throw new NotificationsError(NotificationsErrorCode.SMS_BODY_ERASED);
    await this.outbox.requeue(manager, id);
    try {
      await this.producer.enqueue(
        JOB.DELIVER_SMS,
        { outboxId: id } satisfies DeliverSmsPayload,
        jobId(smsJobId(id), 'resend', Date.now()),
      );
    } catch (err) {
      this.logger.warn({ err: String(err), outboxId: id }, 'sms resend enqueue failed');
      throw new NotificationsError(NotificationsErrorCode.SMS_QUEUE_UNAVAILABLE);
    }
  }

  /**
   * Queues a new SMS with the number and text of outbox row `id` (a re-send that keeps the first
   * row's history: docs/PRODUCT-RULES.md R222) in the caller's transaction `em`; `dispatch` it
   * after commit. @returns the new row's id, or null when row `id` does not exist.
   */
  queueCopy(id: string, purpose: string, em: EntityManager): Promise<string | null> {
    return this.outbox.insertCopy(em, id, purpose);
  }

  /**
   * Where outbox rows `ids` stand (status, last delivery-report status, last send error), keyed by
   * id; unknown ids are missing. With `em`, read in that transaction (the picks-delivery check:
   * docs/PRODUCT-RULES.md R221).
   */
  async statuses(ids: string[], em?: EntityManager): Promise<Map<string, SmsState>> {
    return new Map((await this.outbox.statuses(ids, em)).map((s) => [s.id, s]));
  }

  /** Outbox rows of one MSISDN, newest first (tests, back office). */
  forPhone(to: string): Promise<SmsOutbox[]> {
    return this.outbox.forPhone(to);
  }
}

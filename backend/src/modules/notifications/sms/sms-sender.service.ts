import { Injectable, Logger } from '@nestjs/common';
import { GroupCommit } from '../../../common/batching/group-commit';
import { AfricasTalkingClient } from '../../../providers/africastalking/africastalking.client';
import { ClaimedSms, SmsOutboxRepository } from './sms-outbox.repository';
import { classifySendError, recipientResult, SendFailureKind } from './sms-rules';

/** Outcome of one delivery attempt. `retry` means: throw so BullMQ tries again with backoff. */
export type SendAttempt =
  | { result: 'sent'; messageId: string | null }
  | { result: 'failed' | 'skipped' }
  | { result: 'retry'; error: string };

/** Error thrown to make BullMQ retry a `deliver-sms` job (timeouts, 5xx, retryable recipient codes). */
export class SmsRetryableError extends Error {}

type ClaimedRow = ClaimedSms;

/** What Africa's Talking answered for one row, before it is written back. */
type SendResult =
  | { id: string; sent: { messageId: string | null; cost: string | null } }
  | { id: string; error: string; kind: SendFailureKind };

/** Most `sent` rows written back by one UPDATE. */
export const SMS_SENT_MARKS_MAX = 256;

/**
 * Sends outbox rows through Africa's Talking (docs/PROVIDERS.md §3.2). A row is claimed by one UPDATE
 * (`queued` → `sending`, attempts + 1), so a repeated job, a second sender or the re-queue sweep
 * never sends it again while it is being sent; each answer is recorded as soon as it arrives
 * (`sent` with the provider's message id; the answers that arrive together share one UPDATE, a
 * group commit as for payment callbacks: docs/PERFORMANCE.md "Payment callbacks"). A row left `sending` by a process that stopped is
 * re-queued by SmsService.requeueStale after SMS_SENDING_STALE_MS: at least once per SMS
 * (docs/RELIABILITY.md, "SMS: at least once").
 */
@Injectable()
export class SmsSender {
  private readonly logger = new Logger(SmsSender.name);
  /** `sent` rows waiting to be written back: those answered while an UPDATE runs go in the next one. */
  private readonly sentMarks = new GroupCommit<
    { id: string; messageId: string | null; cost: string | null },
    void
  >({
    name: 'SmsSentMarks',
    maxBatch: SMS_SENT_MARKS_MAX,
    maxInFlight: 2,
    runBatch: async (marks) => {
      await this.outbox.markSent(marks);
      return marks.map(() => undefined);
    },
    single: (mark) => this.outbox.markSent([mark]),
  });

  constructor(
    private readonly outbox: SmsOutboxRepository,
    private readonly at: AfricasTalkingClient,
  ) {}

  /**
   * One attempt of a `deliver-sms` job. `lastAttempt`: a retryable failure then marks the row
   * failed instead of leaving it queued.
   */
  async attempt(outboxId: string, lastAttempt: boolean): Promise<SendAttempt> {
    // Wait for a transaction still writing the row (a back-office resend re-queues it and enqueues
    // this job before committing), so the claim below reads its committed status.
    await this.outbox.waitForWriters(outboxId);
    const [row] = await this.claim([outboxId]);
    if (!row) return { result: 'skipped' };
    const sent = await this.send(row);
    return (await this.record([sent], lastAttempt))[0];
  }

  /**
   * First attempt of rows committed by the caller just now (the buyer SMS right after a payment
   * commits: docs/PERFORMANCE.md "Payment callbacks"): claims them in one UPDATE, sends
   * them in parallel and records each answer as soon as it arrives. Returns each claimed row's outcome;
   * `retry` rows stay `queued` for a `deliver-sms` job (SmsService.sendNow enqueues it).
   */
  async attemptMany(outboxIds: string[]): Promise<Map<string, SendAttempt>> {
    const rows = await this.claim(outboxIds);
    // Recorded one by one as the answers come: a row waits `sending` only for its own answer.
    const outcomes = await Promise.all(
      rows.map(async (r) => (await this.record([await this.send(r)], false))[0]),
    );
    return new Map(rows.map((r, i) => [r.id, outcomes[i]]));
  }

  /** Claims queued rows (`sending`, attempts + 1); rows being sent, sent, failed or unknown are left out. */
  private claim(ids: string[]): Promise<ClaimedRow[]> {
    return this.outbox.claim(ids);
  }

  /** One Africa's Talking send; never throws. */
  private async send(row: ClaimedRow): Promise<SendResult> {
    try {
      const answer = await this.at.sendSms({ to: row.to_msisdn, message: row.body });
      const recipient = answer.recipients[0];
      const outcome = recipientResult(recipient);
      if (outcome === 'sent')
        return {
          id: row.id,
          sent: { messageId: recipient.messageId, cost: recipient.cost || null },
        };
      return {
        id: row.id,
        kind: outcome,
        error: recipient
          ? `${recipient.statusCode} ${recipient.status}`
          : `no recipient: ${answer.message}`,
      };
    } catch (err) {
      return {
        id: row.id,
        kind: classifySendError(err),
        error: err instanceof Error ? err.message : String(err),
      };
    }
  }

  /**
   * Writes send results back: `sent` rows through the group commit (one UPDATE for those answered
   * together), each failure on its own (rare). Resolves once every row is written.
   */
  private async record(results: SendResult[], lastAttempt: boolean): Promise<SendAttempt[]> {
    const sent = results.flatMap((r) => ('sent' in r ? [r] : []));
    await Promise.all(sent.map((s) => this.sentMarks.submit({ id: s.id, ...s.sent })));
    const outcomes: SendAttempt[] = [];
    for (const r of results) {
      if ('sent' in r) {
        outcomes.push({ result: 'sent', messageId: r.sent.messageId });
        continue;
      }
      const giveUp = r.kind === 'permanent' || lastAttempt;
      await this.outbox.markUnsent(r.id, giveUp ? 'failed' : 'queued', r.error.slice(0, 500));
      this.logger.warn({ outboxId: r.id, error: r.error, kind: r.kind, giveUp }, 'sms send failed');
      outcomes.push(giveUp ? { result: 'failed' } : { result: 'retry', error: r.error });
    }
    return outcomes;
  }
}

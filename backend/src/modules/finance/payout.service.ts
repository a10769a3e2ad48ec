import { Inject, Injectable, Logger } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, EntityManager, In } from 'typeorm';
import { Clock, CLOCK } from '../../common/clock/clock';
import { Money } from '../../common/money/money';
import { JobProducer } from '../../common/queues/job-producer.service';
import { JOB, JOB_QUEUE, jobId } from '../../common/queues/queues';
import type { AuthUser } from '../../common/guards/auth-user';
import { AppConfig } from '../../config/app-config';
import { ProviderError } from '../../providers/common/provider-errors';
import { DarajaClient } from '../../providers/daraja/daraja.client';
import type { B2cResult } from '../../providers/daraja/daraja.types';
import { payoutParts, settledStatus } from './domain/withdrawal-rules';
import { B2cPayout } from './entities/b2c-payout.entity';
import { Withdrawal } from './entities/withdrawal.entity';
import { B2C_RESULT_PATH, B2C_TIMEOUT_PATH, originatorConversationId, PAYOUT_RECONCILE_AFTER_MS, WITHDRAWAL_STATUS } from './finance.constants';
import { FinanceError, FinanceErrorCode, PayoutNotFoundYetError, WithdrawalNotApprovedYetError } from './finance.errors';
import { LedgerService } from './ledger/ledger.service';

/** What applying a B2C result did. */
export type B2cResultOutcome = 'paid' | 'failed' | 'noop';

const OUR_ORIGINATOR = /^withdrawal-(\d+)-(\d+)$/;

/**
 * Payouts of withdrawals by M-Pesa B2C (docs/PRODUCT-RULES.md "Withdrawals": admin approval first;
 * docs/PROVIDERS.md §1.8). Flow: a tipster's request (P) → an admin approves (`approve`) → the
 * `payouts` job `b2c-withdrawal` (jobId `withdrawal-<id>`) sends one B2C request per part
 * (`sendPayout`) → Daraja posts the Result to our callback → the `b2c-result` job applies it
 * (`applyResult`): paid parts add to `total_paid`; once every part has a result the withdrawal is
 * W (something paid) or F (nothing paid) and what was not paid goes back to the balance as a
 * ledger reversal. An admin may reject (`reject`) a withdrawal not yet approved: R, all back.
 * Every change locks the withdrawal row first (then its parts), so repeated, concurrent or
 * reordered results are no-ops.
 */
@Injectable()
export class PayoutService {
  private readonly logger = new Logger(PayoutService.name);

  constructor(
    @InjectDataSource() private readonly ds: DataSource,
    private readonly config: AppConfig,
    private readonly daraja: DarajaClient,
    private readonly producer: JobProducer,
    private readonly ledger: LedgerService,
    @Inject(CLOCK) private readonly clock: Clock,
  ) {}

  /**
   * Approves pending withdrawal `id` in the caller's transaction (the back office's audited
   * update) and enqueues its payout job (durably: job inbox when Redis is down). The job waits
   * for this transaction to commit (it retries while the approval is not visible).
   * @throws FinanceError WITHDRAWAL_NOT_FOUND (404), WITHDRAWAL_DECIDED (409) unless pending and not yet approved.
   */
  async approve(id: string, actor: AuthUser, em: EntityManager): Promise<void> {
    const w = await this.lockWithdrawal(em, id);
    if (w.status !== WITHDRAWAL_STATUS.PENDING || w.approvedAt) throw new FinanceError(FinanceErrorCode.WITHDRAWAL_DECIDED);
    await em.update(Withdrawal, { id }, { approvedAt: this.clock.now(), approvedBy: actor.id });
    await this.producer.enqueueDurable(JOB.B2C_WITHDRAWAL, { withdrawalId: id }, jobId('withdrawal', id));
  }

  /**
   * Rejects pending withdrawal `id` (not yet approved) in the caller's transaction: status R and
   * the whole amount back to the balance (ledger reversal).
   * @throws FinanceError WITHDRAWAL_NOT_FOUND (404), WITHDRAWAL_DECIDED (409).
   */
  async reject(id: string, actor: AuthUser, em: EntityManager): Promise<void> {
    const w = await this.lockWithdrawal(em, id);
    if (w.status !== WITHDRAWAL_STATUS.PENDING || w.approvedAt) throw new FinanceError(FinanceErrorCode.WITHDRAWAL_DECIDED);
    await em.update(Withdrawal, { id }, { status: WITHDRAWAL_STATUS.REJECTED, rejectedBy: actor.id, failureReason: 'Rejected by an admin' });
    await this.ledger.recordWithdrawalReversal(em, w.userId, w.id, w.amount.sub(w.totalPaid));
  }

  /**
   * The `b2c-withdrawal` job: writes the withdrawal's B2C parts (once) and sends each part not yet
   * answered. A part Daraja refuses (outcome known) fails, which may settle the withdrawal; an
   * unknown outcome is thrown so BullMQ retries (safe: Daraja refuses a repeated
   * OriginatorConversationID, reported as `duplicate` and then awaited).
   * @throws WithdrawalNotApprovedYetError while the approval is not committed (retried).
   */
  async sendPayout(withdrawalId: string): Promise<{ sent: number }> {
    const parts = await this.ds.transaction(async (em) => {
      const w = await em.findOne(Withdrawal, { where: { id: withdrawalId }, lock: { mode: 'pessimistic_write' } });
      if (!w || w.status !== WITHDRAWAL_STATUS.PENDING) return [];
      if (!w.approvedAt) throw new WithdrawalNotApprovedYetError(`withdrawal ${withdrawalId} is not approved (yet)`);
      const existing = await em.find(B2cPayout, { where: { withdrawalId } });
      if (!existing.length) {
        const amounts = payoutParts(w.amount);
        await em.insert(
          B2cPayout,
          amounts.map((amount, i) => ({ withdrawalId, part: i + 1, amount, originatorConversationId: originatorConversationId(withdrawalId, i + 1), status: 'sending' as const })),
        );
      }
      return em.find(B2cPayout, { where: { withdrawalId, status: 'sending' }, order: { part: 'ASC' } });
    });
    const w = await this.ds.manager.findOneByOrFail(Withdrawal, { id: withdrawalId });
    let sent = 0;
    for (const part of parts) {
      try {
        const answer = await this.daraja.b2cPayment({
          originatorConversationId: part.originatorConversationId,
          amountKsh: part.amount.toDecimal(),
          msisdn: w.phoneNumber,
          remarks: 'Tipster withdrawal',
          occasion: `Withdrawal ${withdrawalId}`,
          resultUrl: `${this.config.publicUrl}${B2C_RESULT_PATH}/${this.config.mpesa.callbackToken}`,
          queueTimeoutUrl: `${this.config.publicUrl}${B2C_TIMEOUT_PATH}/${this.config.mpesa.callbackToken}`,
        });
        // The Result may already have been applied (it can arrive before this answer): only `sending` moves.
        await this.ds.manager.update(
          B2cPayout,
          { id: part.id, status: 'sending' },
          answer.status === 'accepted' ? { status: 'accepted', conversationId: answer.conversationId } : { status: 'accepted' },
        );
        sent++;
      } catch (err) {
        if (err instanceof ProviderError && !err.outcomeUnknown) {
          this.logger.warn({ withdrawalId, part: part.part, err: err.message }, 'B2C request refused');
          await this.finishPart(part.originatorConversationId, { paid: false, resultCode: err.providerCode ?? 'refused', resultDesc: err.message });
          continue;
        }
        throw err;
      }
    }
    return { sent };
  }

  /**
   * The scheduled `reconcile-payouts` job (docs/CONTRIBUTING.md §8: it only fans out): for every approved,
   * pending withdrawal approved over `olderThanMs` ago that still has a part never answered
   * (`sending`) or no parts at all (its job was lost), retries its failed `withdrawal-<id>` job or
   * enqueues it again. Safe: Daraja refuses a repeated OriginatorConversationID. Parts `accepted`
   * whose Result never came are left for a Transaction Status query (docs/PROVIDERS.md §1.9; not done
   * here). Returns how many withdrawals were requeued.
   */
  async reconcile(olderThanMs = PAYOUT_RECONCILE_AFTER_MS, limit = 100): Promise<number> {
    const rows: { id: string }[] = await this.ds.query(
      `SELECT w.id::text FROM withdrawal w
        WHERE w.status = 'P' AND w.approved_at IS NOT NULL AND w.approved_at < $1
          AND (NOT EXISTS (SELECT 1 FROM b2c_payout p WHERE p.withdrawal_id = w.id)
               OR EXISTS (SELECT 1 FROM b2c_payout p WHERE p.withdrawal_id = w.id AND p.status = 'sending' AND p.updated_at < $1))
        ORDER BY w.id LIMIT $2`,
      [new Date(this.clock.now().getTime() - olderThanMs), limit],
    );
    const queue = this.producer.queue(JOB_QUEUE[JOB.B2C_WITHDRAWAL]);
    let requeued = 0;
    for (const { id } of rows) {
      const key = jobId('withdrawal', id);
      const job = await queue.getJob(key);
      const state = job ? await job.getState() : 'missing';
      if (state === 'failed') await job!.retry();
      else if (state === 'missing' || state === 'unknown' || state === 'completed') {
        if (job) await job.remove();
        await this.producer.enqueue(JOB.B2C_WITHDRAWAL, { withdrawalId: id }, key);
      } else continue; // waiting, delayed or active: it will run
      requeued++;
    }
    return requeued;
  }

  /**
   * The `b2c-result` job: applies a B2C Result (docs/PROVIDERS.md §1.8) to its part, found by our
   * OriginatorConversationID. A part that already has a result, a TransactionID already used, or
   * a Result not ours changes nothing.
   * @throws PayoutNotFoundYetError when the id is ours but its part is not visible yet (retried).
   */
  async applyResult(result: B2cResult): Promise<B2cResultOutcome> {
    if (!OUR_ORIGINATOR.test(result.originatorConversationId)) {
      this.logger.warn({ originatorConversationId: result.originatorConversationId }, 'B2C result for an unknown OriginatorConversationID');
      return 'noop';
    }
    return this.finishPart(result.originatorConversationId, {
      paid: result.paid,
      resultCode: result.resultCode,
      resultDesc: result.resultDesc,
      conversationId: result.conversationId,
      transactionId: result.transactionId,
      amountKsh: result.amountKsh,
    });
  }

  /** Locks the withdrawal, then the part; records the part's result and settles the withdrawal when every part has one. */
  private async finishPart(
    originator: string,
    r: { paid: boolean; resultCode: string; resultDesc: string; conversationId?: string; transactionId?: string; amountKsh?: string },
  ): Promise<B2cResultOutcome> {
    const found = await this.ds.manager.findOne(B2cPayout, { where: { originatorConversationId: originator } });
    if (!found) throw new PayoutNotFoundYetError(`no B2C payout ${originator} (yet)`);
    try {
      return await this.ds.transaction(async (em) => {
        const w = await this.lockWithdrawal(em, found.withdrawalId);
        const part = await em.findOneOrFail(B2cPayout, { where: { id: found.id }, lock: { mode: 'pessimistic_write' } });
        if (part.status === 'paid' || part.status === 'failed') return 'noop' as const;
        if (r.conversationId && part.conversationId && part.conversationId !== r.conversationId) {
          this.logger.warn({ originator, expected: part.conversationId, got: r.conversationId }, 'B2C result with another ConversationID ignored');
          return 'noop' as const;
        }
        const common = { resultCode: r.resultCode.slice(0, 50), resultDesc: r.resultDesc.slice(0, 500), conversationId: part.conversationId ?? r.conversationId ?? null };
        let paid = Money.ZERO;
        if (r.paid) {
          const reported = r.amountKsh ? Money.parse(r.amountKsh) : part.amount;
          // Never count more than this part asked for (total_paid ≤ amount); a difference is logged for review.
          paid = reported.compare(part.amount) > 0 ? part.amount : reported;
          if (!reported.equals(part.amount)) this.logger.warn({ originator, asked: part.amount.toDecimal(), reported: reported.toDecimal() }, 'B2C paid another amount than asked');
          await em.update(B2cPayout, { id: part.id }, { ...common, status: 'paid', transactionId: r.transactionId ?? null, paidAmount: reported });
          await em.update(Withdrawal, { id: w.id }, { totalPaid: w.totalPaid.add(paid) });
        } else {
          await em.update(B2cPayout, { id: part.id }, { ...common, status: 'failed' });
        }
        const open = await em.count(B2cPayout, { where: { withdrawalId: w.id, status: In(['sending', 'accepted']) } });
        if (open === 0) {
          const totalPaid = w.totalPaid.add(paid);
          const { status, giveBack } = settledStatus(w.amount, totalPaid);
          await em.update(Withdrawal, { id: w.id }, { status, failureReason: r.paid ? null : common.resultDesc || `B2C result ${r.resultCode}` });
          if (!giveBack.isZero()) await this.ledger.recordWithdrawalReversal(em, w.userId, w.id, giveBack);
        }
        return r.paid ? ('paid' as const) : ('failed' as const);
      });
    } catch (err) {
      // The same TransactionID on another part: a replayed receipt, never a second credit.
      if ((err as { constraint?: string }).constraint === 'uq_b2c_payout_transaction') {
        this.logger.warn({ originator, transactionId: r.transactionId }, 'B2C TransactionID already recorded; ignored');
        return 'noop';
      }
      throw err;
    }
  }

  private async lockWithdrawal(em: EntityManager, id: string): Promise<Withdrawal> {
    const w = await em.findOne(Withdrawal, { where: { id }, lock: { mode: 'pessimistic_write' } });
    if (!w) throw new FinanceError(FinanceErrorCode.WITHDRAWAL_NOT_FOUND);
    return w;
  }
}

import { Inject, Injectable, Logger } from '@nestjs/common';
import { EntityManager } from 'typeorm';
import { Clock, CLOCK } from '../../common/clock/clock';
import { Money } from '../../common/money/money';
import { JobProducer } from '../../common/queues/job-producer.service';
import { JOB, JOB_QUEUE, jobId } from '../../common/queues/queues';
import type { AuthUser } from '../../common/guards/auth-user';
import { AppConfig } from '../../config/app-config';
import { TransactionRunner } from '../../database/transaction-runner';
import { ProviderError } from '../../providers/common/provider-errors';
import { DarajaClient } from '../../providers/daraja/daraja.client';
import type { B2cResult } from '../../providers/daraja/daraja.types';
import { payoutParts, settledStatus } from './domain/withdrawal-rules';
import { Withdrawal } from './entities/withdrawal.entity';
import { B2C_RESULT_PATH, B2C_TIMEOUT_PATH, originatorConversationId, PAYOUT_RECONCILE_AFTER_MS, WITHDRAWAL_STATUS } from './finance.constants';
import { FinanceError, FinanceErrorCode, PayoutNotFoundYetError, WithdrawalNotApprovedYetError } from './finance.errors';
import { LedgerService } from '../ledger/ledger.service';
import { WithdrawalRepository } from './withdrawal.repository';

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
    private readonly tx: TransactionRunner,
    private readonly withdrawals: WithdrawalRepository,
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
    await this.withdrawals.update(em, id, { approvedAt: this.clock.now(), approvedBy: actor.id });
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
    await this.withdrawals.update(em, id, { status: WITHDRAWAL_STATUS.REJECTED, rejectedBy: actor.id, failureReason: 'Rejected by an admin' });
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
    const parts = await this.tx.run(async (em) => {
      const w = await this.withdrawals.lock(em, withdrawalId);
      if (!w || w.status !== WITHDRAWAL_STATUS.PENDING) return [];
      if (!w.approvedAt) throw new WithdrawalNotApprovedYetError(`withdrawal ${withdrawalId} is not approved (yet)`);
      if (!(await this.withdrawals.hasParts(em, withdrawalId))) {
        const amounts = payoutParts(w.amount);
        await this.withdrawals.insertParts(
          em,
          amounts.map((amount, i) => ({ withdrawalId, part: i + 1, amount, originatorConversationId: originatorConversationId(withdrawalId, i + 1) })),
        );
      }
      return this.withdrawals.sendingParts(em, withdrawalId);
    });
    const w = await this.withdrawals.getOrFail(withdrawalId);
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
        await this.withdrawals.updateIfSending(
          part.id,
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
    const ids = await this.withdrawals.stuckPayoutIds(new Date(this.clock.now().getTime() - olderThanMs), limit);
    const queue = this.producer.queue(JOB_QUEUE[JOB.B2C_WITHDRAWAL]);
    let requeued = 0;
    for (const id of ids) {
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
    const found = await this.withdrawals.partByOriginator(originator);
    if (!found) throw new PayoutNotFoundYetError(`no B2C payout ${originator} (yet)`);
    try {
      return await this.tx.run(async (em) => {
        const w = await this.lockWithdrawal(em, found.withdrawalId);
        const part = await this.withdrawals.lockPart(em, found.id);
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
          await this.withdrawals.updatePart(em, part.id, { ...common, status: 'paid', transactionId: r.transactionId ?? null, paidAmount: reported });
          await this.withdrawals.update(em, w.id, { totalPaid: w.totalPaid.add(paid) });
        } else {
          await this.withdrawals.updatePart(em, part.id, { ...common, status: 'failed' });
        }
        const open = await this.withdrawals.openParts(em, w.id);
        if (open === 0) {
          const totalPaid = w.totalPaid.add(paid);
          const { status, giveBack } = settledStatus(w.amount, totalPaid);
          await this.withdrawals.update(em, w.id, { status, failureReason: r.paid ? null : common.resultDesc || `B2C result ${r.resultCode}` });
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
    const w = await this.withdrawals.lock(em, id);
    if (!w) throw new FinanceError(FinanceErrorCode.WITHDRAWAL_NOT_FOUND);
    return w;
  }
}

import { Inject, Injectable } from '@nestjs/common';
import { EntityManager } from 'typeorm';
import { Clock, CLOCK } from '../../common/clock/clock';
import type { AuthUser } from '../../common/guards/auth-user';
import { JobProducer } from '../../common/queues/job-producer.service';
import { JOB, jobId } from '../../common/queues/queues';
import { LedgerService } from '../ledger/ledger.service';
import { WITHDRAWAL_STATUS } from './finance.constants';
import { FinanceError, FinanceErrorCode } from './finance.errors';
import { lockWithdrawal } from './withdrawal-lock';
import { WithdrawalRepository } from './withdrawal.repository';

/**
 * An admin's decision on a pending withdrawal (docs/PRODUCT-RULES.md "Withdrawals": admin approval
 * first), made in the back office's audited transaction: approve (then the `payouts` job
 * `b2c-withdrawal`, jobId `withdrawal-<id>`, pays it: PayoutSendService) or reject (R, all back).
 * Reached through PayoutService, the payouts' door.
 */
@Injectable()
export class PayoutDecisionService {
  constructor(
    private readonly withdrawals: WithdrawalRepository,
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
    const w = await lockWithdrawal(this.withdrawals, em, id);
    if (w.status !== WITHDRAWAL_STATUS.PENDING || w.approvedAt)
      throw new FinanceError(FinanceErrorCode.WITHDRAWAL_DECIDED);
    await this.withdrawals.update(em, id, { approvedAt: this.clock.now(), approvedBy: actor.id });
    await this.producer.enqueueDurable(
      JOB.B2C_WITHDRAWAL,
      { withdrawalId: id },
      jobId('withdrawal', id),
    );
  }

  /**
   * Rejects pending withdrawal `id` (not yet approved) in the caller's transaction: status R and
   * the whole amount back to the balance (ledger reversal).
   * @throws FinanceError WITHDRAWAL_NOT_FOUND (404), WITHDRAWAL_DECIDED (409).
   */
  async reject(id: string, actor: AuthUser, em: EntityManager): Promise<void> {
    const w = await lockWithdrawal(this.withdrawals, em, id);
    if (w.status !== WITHDRAWAL_STATUS.PENDING || w.approvedAt)
      throw new FinanceError(FinanceErrorCode.WITHDRAWAL_DECIDED);
    await this.withdrawals.update(em, id, {
      status: WITHDRAWAL_STATUS.REJECTED,
      rejectedBy: actor.id,
      failureReason: 'Rejected by an admin',
    });
    await this.ledger.recordWithdrawalReversal(em, w.userId, w.id, w.amount.sub(w.totalPaid));
  }
}

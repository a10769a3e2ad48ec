import { Injectable } from '@nestjs/common';
import { EntityManager } from 'typeorm';
import type { AuthUser } from '../../common/guards/auth-user';
import type { B2cResult } from '../../providers/daraja/daraja.types';
import { PayoutDecisionService } from './payout-decision.service';
import { PayoutReconciliationService } from './payout-reconciliation.service';
import { B2cResultOutcome, PayoutResultService } from './payout-result.service';
import { PayoutSendService } from './payout-send.service';

export type { B2cResultOutcome } from './payout-result.service';

/**
 * Payouts of withdrawals by M-Pesa B2C (docs/PRODUCT-RULES.md "Withdrawals": admin approval first;
 * docs/PROVIDERS.md §1.8), the payouts' door for the back office and the `payouts` worker. Flow: a
 * tipster's request (P) → an admin approves (`approve`) → the `payouts` job `b2c-withdrawal`
 * (jobId `withdrawal-<id>`) sends one B2C request per part (`sendPayout`) → Daraja posts the
 * Result to our callback → the `b2c-result` job applies it (`applyResult`): paid parts add to
 * `total_paid`; once every part has a result the withdrawal is W (something paid) or F (nothing
 * paid) and what was not paid goes back to the balance as a ledger reversal. An admin may reject
 * (`reject`) a withdrawal not yet approved: R, all back. It decides nothing: each method hands
 * over, in one line, to the class that does the job (PayoutDecisionService, PayoutSendService,
 * PayoutResultService, PayoutReconciliationService; docs/CONTRIBUTING.md "Service size").
 */
@Injectable()
export class PayoutService {
  constructor(
    private readonly decisions: PayoutDecisionService,
    private readonly sending: PayoutSendService,
    private readonly results: PayoutResultService,
    private readonly reconciliation: PayoutReconciliationService,
  ) {}

  /** Approves pending withdrawal `id` in the caller's transaction: see PayoutDecisionService.approve (404, 409). */
  approve(id: string, actor: AuthUser, em: EntityManager): Promise<void> {
    return this.decisions.approve(id, actor, em);
  }

  /** Rejects pending withdrawal `id` in the caller's transaction: see PayoutDecisionService.reject (404, 409). */
  reject(id: string, actor: AuthUser, em: EntityManager): Promise<void> {
    return this.decisions.reject(id, actor, em);
  }

  /** The `b2c-withdrawal` job: see PayoutSendService.sendPayout. */
  sendPayout(withdrawalId: string): Promise<{ sent: number }> {
    return this.sending.sendPayout(withdrawalId);
  }

  /** The scheduled `reconcile-payouts` job: see PayoutReconciliationService.reconcile. */
  reconcile(olderThanMs?: number, limit?: number): Promise<number> {
    return this.reconciliation.reconcile(olderThanMs, limit);
  }

  /** The `b2c-result` job: see PayoutResultService.applyResult. */
  applyResult(result: B2cResult): Promise<B2cResultOutcome> {
    return this.results.applyResult(result);
  }
}

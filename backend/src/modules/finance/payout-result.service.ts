import { Injectable, Logger } from '@nestjs/common';
import { Money } from '../../common/money/money';
import type { B2cResult } from '../../providers/daraja/daraja.types';
import { TransactionRunner } from '../../database/transaction-runner';
import { LedgerService } from '../ledger/ledger.service';
import { settledStatus } from './domain/withdrawal-rules';
import { PayoutNotFoundYetError } from './finance.errors';
import { lockWithdrawal } from './withdrawal-lock';
import { WithdrawalRepository } from './withdrawal.repository';

/** What applying a B2C result did. */
export type B2cResultOutcome = 'paid' | 'failed' | 'noop';

/** A B2C part's result: from Daraja's Result (docs/PROVIDERS.md §1.8) or a refused request. */
export interface PartResult {
  paid: boolean;
  resultCode: string;
  resultDesc: string;
  conversationId?: string;
  transactionId?: string;
  /** What Daraja reports as paid, decimal Ksh; the part's amount when absent. */
  amountKsh?: string;
}

const OUR_ORIGINATOR = /^withdrawal-(\d+)-(\d+)$/;

/**
 * The results of B2C payout parts (docs/PRODUCT-RULES.md "Withdrawals"; docs/PROVIDERS.md §1.8):
 * paid parts add to `total_paid`; once every part has a result the withdrawal is W (something
 * paid) or F (nothing paid) and what was not paid goes back to the balance as a ledger reversal.
 * Every change locks the withdrawal row first, then its part, so repeated, concurrent or
 * reordered results are no-ops.
 */
@Injectable()
export class PayoutResultService {
  private readonly logger = new Logger(PayoutResultService.name);

  constructor(
    private readonly tx: TransactionRunner,
    private readonly withdrawals: WithdrawalRepository,
    private readonly ledger: LedgerService,
  ) {}

  /**
   * The `b2c-result` job: applies a B2C Result (docs/PROVIDERS.md §1.8) to its part, found by our
   * OriginatorConversationID. A part that already has a result, a TransactionID already used, or
   * a Result not ours changes nothing.
   * @throws PayoutNotFoundYetError when the id is ours but its part is not visible yet (retried).
   */
  async applyResult(result: B2cResult): Promise<B2cResultOutcome> {
    if (!OUR_ORIGINATOR.test(result.originatorConversationId)) {
      this.logger.warn(
        { originatorConversationId: result.originatorConversationId },
        'B2C result for an unknown OriginatorConversationID',
      );
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

  /**
   * Records the result `r` of the part with OriginatorConversationID `originator` (locking the
   * withdrawal, then the part) and settles the withdrawal when every part has one.
   * @throws PayoutNotFoundYetError when the part is not visible yet (retried).
   */
  async finishPart(originator: string, r: PartResult): Promise<B2cResultOutcome> {
    const found = await this.withdrawals.partByOriginator(originator);
    if (!found) throw new PayoutNotFoundYetError(`no B2C payout ${originator} (yet)`);
    try {
      return await this.tx.run(async (em) => {
        const w = await lockWithdrawal(this.withdrawals, em, found.withdrawalId);
        const part = await this.withdrawals.lockPart(em, found.id);
        if (part.status === 'paid' || part.status === 'failed') return 'noop' as const;
        if (r.conversationId && part.conversationId && part.conversationId !== r.conversationId) {
          this.logger.warn(
            { originator, expected: part.conversationId, got: r.conversationId },
            'B2C result with another ConversationID ignored',
          );
          return 'noop' as const;
        }
        const common = {
          resultCode: r.resultCode.slice(0, 50),
          resultDesc: r.resultDesc.slice(0, 500),
          conversationId: part.conversationId ?? r.conversationId ?? null,
        };
        let paid = Money.ZERO;
        if (r.paid) {
          const reported = r.amountKsh ? Money.parse(r.amountKsh) : part.amount;
          // Never count more than this part asked for (total_paid ≤ amount); a difference is logged for review.
          paid = reported.compare(part.amount) > 0 ? part.amount : reported;
          if (!reported.equals(part.amount))
            this.logger.warn(
              { originator, asked: part.amount.toDecimal(), reported: reported.toDecimal() },
              'B2C paid another amount than asked',
            );
          await this.withdrawals.updatePart(em, part.id, {
            ...common,
            status: 'paid',
            transactionId: r.transactionId ?? null,
            paidAmount: reported,
          });
          await this.withdrawals.update(em, w.id, { totalPaid: w.totalPaid.add(paid) });
        } else {
          await this.withdrawals.updatePart(em, part.id, { ...common, status: 'failed' });
        }
        const open = await this.withdrawals.openParts(em, w.id);
        if (open === 0) {
          const totalPaid = w.totalPaid.add(paid);
          const { status, giveBack } = settledStatus(w.amount, totalPaid);
          await this.withdrawals.update(em, w.id, {
            status,
            failureReason: r.paid ? null : common.resultDesc || `B2C result ${r.resultCode}`,
          });
          if (!giveBack.isZero())
            await this.ledger.recordWithdrawalReversal(em, w.userId, w.id, giveBack);
        }
        return r.paid ? ('paid' as const) : ('failed' as const);
      });
    } catch (err) {
      // The same TransactionID on another part: a replayed receipt, never a second credit.
      if ((err as { constraint?: string }).constraint === 'uq_b2c_payout_transaction') {
        this.logger.warn(
          { originator, transactionId: r.transactionId },
          'B2C TransactionID already recorded; ignored',
        );
        return 'noop';
      }
      throw err;
    }
  }
}

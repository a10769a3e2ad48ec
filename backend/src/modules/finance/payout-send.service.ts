import { Injectable, Logger } from '@nestjs/common';
import { AppConfig } from '../../config/app-config';
import { TransactionRunner } from '../../database/transaction-runner';
import { ProviderError } from '../../providers/common/provider-errors';
import { DarajaClient } from '../../providers/daraja/daraja.client';
import { payoutParts } from './domain/withdrawal-rules';
import {
  B2C_RESULT_PATH,
  B2C_TIMEOUT_PATH,
  originatorConversationId,
  WITHDRAWAL_STATUS,
} from './finance.constants';
import { WithdrawalNotApprovedYetError } from './finance.errors';
import { PayoutResultService } from './payout-result.service';
import { WithdrawalRepository } from './withdrawal.repository';

/**
 * Sends an approved withdrawal's B2C requests (docs/PRODUCT-RULES.md "Withdrawals";
 * docs/PROVIDERS.md §1.8): the `payouts` job `b2c-withdrawal` (jobId `withdrawal-<id>`) writes the
 * withdrawal's parts once and sends one B2C request per part; Daraja then posts each part's
 * Result, applied by PayoutResultService.
 */
@Injectable()
export class PayoutSendService {
  private readonly logger = new Logger(PayoutSendService.name);

  constructor(
    private readonly tx: TransactionRunner,
    private readonly withdrawals: WithdrawalRepository,
    private readonly config: AppConfig,
    private readonly daraja: DarajaClient,
    private readonly results: PayoutResultService,
  ) {}

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
      if (!w.approvedAt)
        throw new WithdrawalNotApprovedYetError(`withdrawal ${withdrawalId} is not approved (yet)`);
      if (!(await this.withdrawals.hasParts(em, withdrawalId))) {
        const amounts = payoutParts(w.amount);
        await this.withdrawals.insertParts(
          em,
          amounts.map((amount, i) => ({
            withdrawalId,
            part: i + 1,
            amount,
            originatorConversationId: originatorConversationId(withdrawalId, i + 1),
          })),
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
          answer.status === 'accepted'
            ? { status: 'accepted', conversationId: answer.conversationId }
            : { status: 'accepted' },
        );
        sent++;
      } catch (err) {
        if (err instanceof ProviderError && !err.outcomeUnknown) {
          this.logger.warn(
            { withdrawalId, part: part.part, err: err.message },
            'B2C request refused',
          );
          await this.results.finishPart(part.originatorConversationId, {
            paid: false,
            resultCode: err.providerCode ?? 'refused',
            resultDesc: err.message,
          });
          continue;
        }
        throw err;
      }
    }
    return { sent };
  }
}

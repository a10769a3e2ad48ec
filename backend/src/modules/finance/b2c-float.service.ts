import { Inject, Injectable, Logger } from '@nestjs/common';
import { Clock, CLOCK } from '../../common/clock/clock';
import { Money } from '../../common/money/money';
import { AppConfig } from '../../config/app-config';
import { DarajaClient } from '../../providers/daraja/daraja.client';
import type { AccountBalanceResult, B2cResult } from '../../providers/daraja/daraja.types';
import { B2cFloatRepository } from './b2c-float.repository';
import { floatDecision } from './domain/float-check';
import { BALANCE_RESULT_PATH } from './finance.constants';
import { FloatTooLowError } from './finance.errors';
import { WithdrawalRepository } from './withdrawal.repository';

/** The account B2C payments are paid from (docs/PROVIDERS.md §1.12). */
const UTILITY_ACCOUNT = 'Utility Account';

/**
 * The B2C float (docs/PRODUCT-RULES.md R195, R196): asked of Daraja's Account Balance API by the
 * `check-b2c-float` schedule, learnt from every Account Balance Result and every B2C Result
 * (`B2CUtilityAccountAvailableFunds`), and checked before a withdrawal's payout is sent.
 */
@Injectable()
export class B2cFloatService {
  private readonly logger = new Logger(B2cFloatService.name);

  constructor(
    private readonly repo: B2cFloatRepository,
    private readonly withdrawals: WithdrawalRepository,
    private readonly daraja: DarajaClient,
    private readonly config: AppConfig,
    @Inject(CLOCK) private readonly clock: Clock,
  ) {}

  /**
   * The `check-b2c-float` job: asks Account Balance; the balances come to BALANCE_RESULT_PATH.
   * @throws the client's errors (the next tick asks again).
   */
  async ask(): Promise<{ conversationId: string }> {
    const base = `${this.config.publicUrl}${BALANCE_RESULT_PATH}/${this.config.mpesa.callbackToken}`;
    const { conversationId } = await this.daraja.accountBalance({
      resultUrl: base,
      queueTimeoutUrl: `${base}/timeout`,
      remarks: 'B2C float',
    });
    return { conversationId };
  }

  /**
   * The `account-balance-result` job: stores the Utility Account's available balance of a
   * successful Result (a refused question is only logged). Returns what was stored, or null.
   */
  async recordBalance(result: AccountBalanceResult): Promise<string | null> {
    const utility = result.accounts.find(
      (a) => a.name.toLowerCase() === UTILITY_ACCOUNT.toLowerCase(),
    );
    if (result.resultCode !== '0' || !utility) {
      this.logger.warn(
        { resultCode: result.resultCode, resultDesc: result.resultDesc },
        'Account Balance gave no utility account balance',
      );
      return null;
    }
    await this.repo.record({
      utilityAvailable: Money.parse(utility.availableKsh),
      reportedAt: this.clock.now(),
      source: 'account-balance',
    });
    return utility.availableKsh;
  }

  /** Stores the float a B2C Result reports (`B2CUtilityAccountAvailableFunds`), when it reports one. */
  async recordFromPayout(result: B2cResult): Promise<void> {
    if (!result.utilityAccountAvailableFundsKsh) return;
    await this.repo.record({
      utilityAvailable: Money.parse(result.utilityAccountAvailableFundsKsh),
      reportedAt: this.clock.now(),
      source: 'b2c-result',
    });
  }

  /**
   * Before the payout of withdrawal `withdrawalId` (what is left to pay of it) is sent: nothing
   * when the float may cover it (R195).
   * @throws FloatTooLowError when a fresh report says it cannot: the payout job retries later and
   *   `reconcile-payouts` sends it again once its retries are used up.
   */
  async holdIfShort(withdrawalId: string): Promise<void> {
    const w = await this.withdrawals.getOrFail(withdrawalId);
    const toPay = w.amount.sub(w.totalPaid);
    const report = await this.repo.latest();
    if (floatDecision(report, toPay, this.clock.now()) === 'hold') {
      this.logger.warn(
        { withdrawalId, toPay: toPay.toDecimal(), float: report?.utilityAvailable.toDecimal() },
        'payout held: B2C float too low',
      );
      throw new FloatTooLowError(
        `withdrawal ${withdrawalId} held: the B2C float (Ksh ${report?.utilityAvailable.toDecimal()}) cannot cover Ksh ${toPay.toDecimal()}`,
      );
    }
  }
}

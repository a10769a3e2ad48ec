import { Inject, Injectable } from '@nestjs/common';
import { EntityManager } from 'typeorm';
import { CLOCK, type Clock } from '../../common/clock/clock';
import { Money } from '../../common/money/money';
import type { DataRow } from '../../common/personal-data/personal-data';
import { LedgerService } from '../ledger/ledger.service';
import { MIN_WITHDRAWAL } from './finance.constants';
import { WithdrawalDataRepository } from './withdrawal-data.repository';

/** What a tipster is still owed or waiting for, in Ksh (docs/PRODUCT-RULES.md R262). */
export interface MoneyOwed {
  /** The ledger balance (paid shares − withdrawals). */
  balance: Money;
  /** Sale shares of slips not settled yet. */
  pending: Money;
  /** Withdrawals waiting for approval or payment. */
  openWithdrawals: number;
  /** Whether the balance reaches the minimum withdrawal (Ksh 500, docs/PRODUCT-RULES.md R32): it must be withdrawn first. */
  withdrawable: boolean;
}

/**
 * Finance's side of data rights (docs/PRODUCT-RULES.md R260-R263): the withdrawals of a user for
 * the export, what is still owed before an account may close, and the erasure of the payout
 * phones. No amount or ledger row is ever changed by an erasure.
 */
@Injectable()
export class FinanceDataService {
  constructor(
    private readonly withdrawals: WithdrawalDataRepository,
    private readonly ledger: LedgerService,
    @Inject(CLOCK) private readonly clock: Clock,
  ) {}

  /** A keyset page of `userId`'s withdrawals with their payment parts. */
  withdrawalsOf(userId: number, after: string | null, limit: number): Promise<DataRow[]> {
    return this.withdrawals.withdrawalsOf(userId, after, limit);
  }

  /** A keyset page of `userId`'s ledger rows. */
  ledgerOf(userId: number, after: string | null, limit: number): Promise<DataRow[]> {
    return this.ledger.entriesOf(userId, after, limit);
  }

  /**
   * What `userId` is owed, read inside `m` after locking the user's ledger account (so no
   * withdrawal starts meanwhile).
   */
  async owed(m: EntityManager, userId: number): Promise<MoneyOwed> {
    await this.ledger.lockAccount(m, userId);
    const now = this.clock.now();
    const sums = await this.ledger.tipsterSums(userId, now, now, now);
    const balance = await this.ledger.balance(userId, m);
    return {
      balance,
      pending: sums.pending,
      openWithdrawals: await this.withdrawals.openWithdrawalsOf(userId, m),
      withdrawable: balance.gte(MIN_WITHDRAWAL),
    };
  }

  /** Erases the payout phones of `userId`'s finished withdrawals (inside the caller's transaction). */
  erase(m: EntityManager, userId: number): Promise<void> {
    return this.withdrawals.erasePhones(m, userId);
  }
}

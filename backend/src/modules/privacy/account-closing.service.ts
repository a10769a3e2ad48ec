import { Injectable } from '@nestjs/common';
import { TransactionRunner } from '../../database/transaction-runner';
import { AccountDataService } from '../account/account-data.service';
import { ClosedAccounts } from '../account/auth/closed-accounts';
import { FinanceDataService } from '../finance/finance-data.service';
import { NotificationsDataRepository } from '../notifications/personal-data.repository';
import { SlipDataRepository } from '../slip/slip-data.repository';
import { accountKeys } from './account-data-export.service';
import { closingRefusal } from './domain/data-rights';
import { PrivacyError, PrivacyErrorCode } from './privacy.errors';

/** DELETE /api/account answer (docs/PRODUCT-RULES.md R262, R263). */
export interface CloseAccountResponse {
  message: string;
  /** The name the account's slips and records are shown under from now on. */
  shown_as: string;
  /** A balance below the minimum withdrawal left in the ledger, Ksh as '12.00' ('0.00' for none). */
  unclaimed_balance: string;
}

/**
 * Closing an account (docs/PRODUCT-RULES.md R262-R264): with the password and the confirmation
 * word, once nothing is owed or pending, in one transaction: the account's personal fields are
 * replaced by a tombstone and its sessions, reset links and codes deleted (account), its
 * withdrawals' payout phones erased (finance), the messages sent to its phone and e-mail erased and
 * its marketing consents deleted (notifications). Slips, tips, ledger rows and records stay,
 * shown as "deleted tipster"; no amount changes. After the commit the avatar is removed from its
 * store and the account's access tokens stop working on every route of every API process
 * (ClosedAccounts, R264). Idempotent: closing a closed account answers the same (reachable only
 * with a token a process does not know closed, e.g. after Redis was away during the closing).
 */
@Injectable()
export class AccountClosingService {
  constructor(
    private readonly tx: TransactionRunner,
    private readonly accounts: AccountDataService,
    private readonly finance: FinanceDataService,
    private readonly slips: SlipDataRepository,
    private readonly notifications: NotificationsDataRepository,
    private readonly closed: ClosedAccounts,
  ) {}

  /**
   * @throws AccountError CLOSE_NOT_CONFIRMED (400), REAUTH_WRONG_PASSWORD (400), ACCOUNT_BANNED (403);
   *   PrivacyError CLOSE_BLOCKED (409 with balance, pending_amount, open_withdrawals, open_slips).
   */
  async close(
    userId: number,
    password: unknown,
    confirmation: unknown,
  ): Promise<CloseAccountResponse> {
    const live = await this.accounts.checkClosing(userId, password, confirmation);
    const openSlips = live ? await this.slips.openSlipsOf(userId) : 0;
    const { avatarFile, balance } = await this.tx.run(async (m) => {
      const owed = await this.finance.owed(m, userId);
      if (!live) return { avatarFile: null, balance: owed.balance };
      const refusal = closingRefusal({ ...owed, openSlips });
      if (refusal) throw new PrivacyError(PrivacyErrorCode.CLOSE_BLOCKED, refusal);
      const erased = await this.accounts.erase(m, userId);
      if (!erased) return { avatarFile: null, balance: owed.balance };
      await this.finance.erase(m, userId);
      await this.notifications.erase(m, accountKeys(erased), { userId });
      return { avatarFile: erased.avatarFile, balance: owed.balance };
    });
    await this.closed.markClosed(userId);
    await this.accounts.removeAvatar(avatarFile);
    return {
      message: 'Your account is closed',
      shown_as: 'deleted tipster',
      unclaimed_balance: balance.toDecimal(),
    };
  }
}

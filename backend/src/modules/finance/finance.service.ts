import { Inject, Injectable } from '@nestjs/common';
import { EntityManager } from 'typeorm';
import { CLOCK, Clock } from '../../common/clock/clock';
import { Money } from '../../common/money/money';
import { toKenyanMsisdn } from '../../common/msisdn/msisdn';
import { nairobiDayStart, nairobiMonthStart } from '../../common/time/nairobi';
import { AppConfig } from '../../config/app-config';
import { TransactionRunner } from '../../database/transaction-runner';
import { AccountService } from '../account/account.service';
import { PurchaseLookupRepository } from '../processor/purchase-lookup.repository';
import { withdrawableAmount } from './domain/withdrawal-rules';
import { Withdrawal } from './entities/withdrawal.entity';
import { LedgerService } from '../ledger/ledger.service';
import { WithdrawalRepository } from './withdrawal.repository';
import { PAYMENTS_PAGE_SIZE, WITHDRAWALS_PAGE_SIZE } from './finance.constants';
import { FinanceError, FinanceErrorCode } from './finance.errors';

/**
 * GET /api/finance/pending_amount (docs/PRODUCT-RULES.md R29, R119): Ksh amounts as 2-decimal
 * strings, every figure the dashboard shows, computed here (the browser does no fee arithmetic).
 * Every sale figure is already the tipster's 60% share: the dashboard's "Today's Income - 40% Fee"
 * and "Monthly Income - 40% Fee" tiles show today_earnings and month_earnings as they are.
 * `withdrawable_amount` (an addition to the spec's fields) is what a withdraw request would take
 * now — the whole balance in whole Ksh — or '0.00' under the Ksh 500 minimum; `can_withdraw`
 * (another addition) says whether the balance reaches that minimum, so the dashboard opens the
 * withdraw dialog on the server's word (docs/PRODUCT-RULES.md R153).
 */
export interface FinanceSummary {
  pending_amount: string;
  account_balance: string;
  total_earnings: string;
  today_earnings: string;
  month_earnings: string;
  withdrawable_amount: string;
  can_withdraw: boolean;
}

/**
 * One sale share of the tipster (docs/PRODUCT-RULES.md R119, R31): status W pending, P paid, other
 * unpaid.
 */
export interface PaymentRow {
  id: number;
  slip: number | null;
  amount: string;
  status: string;
  /** ISO-8601 instant of the sale. */
  date: string;
}

/**
 * One withdrawal (docs/PRODUCT-RULES.md R119, R35): status P pending, W paid, other unpaid.
 * `balance` (an addition to the spec's fields) is the withdrawal's balance, amount − total_paid
 * (docs/PRODUCT-RULES.md R153), computed here so the dashboard shows it as it is.
 */
export interface WithdrawalRow {
  id: number;
  amount: string;
  status: string;
  /** MSISDN 2547XXXXXXXX paid to. */
  phone_number: string;
  date: string;
  total_paid: string;
  balance: string;
}

/** A page of a finance list: `next` is the absolute URL of the next page or null. */
export type FinancePage<K extends string, T> = { [key in K]: T[] } & {
  next: string | null;
  num_pages: number;
  count: number;
};

const PAGE = /^\d{1,9}$/;

/** 1 when absent; else a positive integer. @throws FinanceError BAD_PAGE (400). */
export const parseFinancePage = (p: string | undefined): number => {
  if (p === undefined || p === '') return 1;
  if (!PAGE.test(p) || Number(p) < 1) throw new FinanceError(FinanceErrorCode.BAD_PAGE);
  return Number(p);
};

/**
 * The tipster's money (docs/PRODUCT-RULES.md "Money"), read from the ledger:
 * - pending_amount = Σ sale shares with status W (slip not settled yet);
 * - total_earnings = Σ sale shares with status P (paid into the balance);
 * - account_balance = Σ paid shares + Σ withdrawal rows (negative) + Σ reversals (positive), i.e.
 *   paid shares − withdrawals not failed (a failed or rejected one is given back by its reversal);
 * - today_earnings / month_earnings = shares (pending or paid, not unpaid) of sales made since
 *   00:00 of today / the 1st of this month, Africa/Nairobi time.
 * Withdrawing takes the whole balance (whole Ksh) in one transaction with the user's ledger account
 * locked. The sums come from the ledger (LedgerService).
 */
@Injectable()
export class FinanceService {
  constructor(
    private readonly tx: TransactionRunner,
    private readonly withdrawalsRepo: WithdrawalRepository,
    private readonly config: AppConfig,
    @Inject(CLOCK) private readonly clock: Clock,
    private readonly accounts: AccountService,
    private readonly ledger: LedgerService,
    private readonly purchaseLookup: PurchaseLookupRepository,
  ) {}

  /**
   * The finance summary of user `userId` (docs/PRODUCT-RULES.md R29, R140: GET
   * /api/finance/pending_amount).
   */
  async summary(userId: number): Promise<FinanceSummary> {
    const now = this.clock.now();
    const sums = await this.ledger.tipsterSums(
      userId,
      nairobiDayStart(now),
      nairobiMonthStart(now),
      now,
    );
    const withdrawable = withdrawableAmount(sums.balance);
    return {
      pending_amount: sums.pending.toDecimal(),
      account_balance: sums.balance.toDecimal(),
      total_earnings: sums.earned.toDecimal(),
      today_earnings: sums.today.toDecimal(),
      month_earnings: sums.month.toDecimal(),
      withdrawable_amount: (withdrawable ?? Money.ZERO).toDecimal(),
      can_withdraw: withdrawable !== null,
    };
  }

  /** The balance of `userId` (see the class doc), in the given transaction or on its own. */
  async balance(userId: number, manager?: EntityManager): Promise<Money> {
    return this.ledger.balance(userId, manager);
  }

  /**
   * POST /api/finance/withdraw_request: withdraws the whole balance (whole Ksh; the cents stay)
   * to `phone` (docs/PRODUCT-RULES.md R136) as a pending withdrawal (P) awaiting an admin's
   * approval, with its ledger row, in one transaction holding the user's ledger account lock so two
   * concurrent requests cannot withdraw the same balance.
   * A banned account is refused even while its access token lives (up to 15 minutes).
   * @throws FinanceError INVALID_PHONE (400 'Enter a valid phone number'), BALANCE_TOO_LOW (400,
   *   docs/PRODUCT-RULES.md R32); AccountError ACCOUNT_BANNED (403).
   */
  async requestWithdrawal(
    userId: number,
    phone: unknown,
  ): Promise<{ message: string; withdrawal: WithdrawalRow }> {
    const msisdn =
      typeof phone === 'string' || typeof phone === 'number' ? toKenyanMsisdn(String(phone)) : null;
    // toKenyanMsisdn keeps only mobile numbers (2547… / 2541…), which is what B2C pays (PartyB).
    if (!msisdn) throw new FinanceError(FinanceErrorCode.INVALID_PHONE);
    await this.accounts.assertActive(userId);
    const withdrawal = await this.tx.run(async (em) => {
      await this.ledger.lockAccount(em, userId);
      const amount = withdrawableAmount(await this.balance(userId, em));
      if (!amount) throw new FinanceError(FinanceErrorCode.BALANCE_TOO_LOW);
      const saved = await this.withdrawalsRepo.createPending(em, userId, amount, msisdn);
      await this.ledger.recordWithdrawal(em, userId, saved.id, amount);
      return saved;
    });
    return { message: 'Withdrawal request received', withdrawal: toWithdrawalRow(withdrawal) };
  }

  /**
   * GET /api/finance/get_payments: the user's sale shares, newest first, 10 a page (`?p=`).
   * @throws FinanceError BAD_PAGE (400), INVALID_PAGE (404) past the last page.
   */
  async payments(userId: number, p?: string): Promise<FinancePage<'payments', PaymentRow>> {
    const page = parseFinancePage(p);
    const { rows, total } = await this.ledger.saleShares(
      userId,
      PAYMENTS_PAGE_SIZE,
      (page - 1) * PAYMENTS_PAGE_SIZE,
    );
    const slips = await this.purchaseLookup.slipIdsOf([
      ...new Set(rows.flatMap((r) => (r.purchaseId === null ? [] : [r.purchaseId]))),
    ]);
    const payments = rows.map((r) => ({
      id: Number(r.id),
      slip: r.purchaseId === null ? null : (slips.get(r.purchaseId) ?? null),
      amount: r.amount.toDecimal(),
      status: r.status,
      date: r.createdAt.toISOString(),
    }));
    return {
      payments,
      ...this.paging('/api/finance/get_payments', page, total, PAYMENTS_PAGE_SIZE),
    };
  }

  /**
   * GET /api/finance/withdrawals: the user's withdrawals, newest first, 100 a page (`?p=`).
   * @throws FinanceError BAD_PAGE (400), INVALID_PAGE (404) past the last page.
   */
  async withdrawals(
    userId: number,
    p?: string,
  ): Promise<FinancePage<'withdrawals', WithdrawalRow>> {
    const page = parseFinancePage(p);
    const [list, total] = await this.withdrawalsRepo.pageOf(
      userId,
      WITHDRAWALS_PAGE_SIZE,
      (page - 1) * WITHDRAWALS_PAGE_SIZE,
    );
    return {
      withdrawals: list.map(toWithdrawalRow),
      ...this.paging('/api/finance/withdrawals', page, total, WITHDRAWALS_PAGE_SIZE),
    };
  }

  private paging(
    path: string,
    page: number,
    total: number,
    size: number,
  ): { next: string | null; num_pages: number; count: number } {
    const numPages = Math.max(1, Math.ceil(total / size));
    if (page > numPages) throw new FinanceError(FinanceErrorCode.INVALID_PAGE);
    return {
      next: page < numPages ? `${this.config.publicUrl}${path}?p=${page + 1}` : null,
      num_pages: numPages,
      count: total,
    };
  }
}

/** A withdrawal as the API shows it (docs/PRODUCT-RULES.md R119). */
export const toWithdrawalRow = (w: Withdrawal): WithdrawalRow => ({
  id: Number(w.id),
  amount: w.amount.toDecimal(),
  status: w.status,
  phone_number: w.phoneNumber,
  date: w.createdAt.toISOString(),
  total_paid: w.totalPaid.toDecimal(),
  balance: w.amount.sub(w.totalPaid).toDecimal(),
});

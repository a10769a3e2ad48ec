import { Injectable } from '@nestjs/common';
import { EntityManager } from 'typeorm';
import { Money } from '../../common/money/money';
import {
  LEDGER_ACCOUNT,
  LEDGER_KIND,
  LEDGER_STATUS,
  LedgerStatus,
  TIPSTER_SHARE_PERCENT,
} from './ledger.constants';
import { row } from './ledger-row';
import { LedgerRepository, LedgerRowInput } from './ledger.repository';

/** A slip sale to credit: the purchase, its amount in Ksh and the slip's tipster. */
export interface SaleToCredit {
  purchaseId: string;
  amount: Money;
  tipsterUserId: number;
  /** The share's status; default W (pending until the slip settles). */
  status?: LedgerStatus;
  /** Default: the transaction's now() (the demo seed back-dates its sales). */
  createdAt?: Date;
}

/** A tipster's money as numbers of Ksh (Money), see LedgerService.tipsterSums. */
export interface TipsterSums {
  pending: Money;
  earned: Money;
  balance: Money;
  today: Money;
  month: Money;
}

/** One sale share of a tipster, as the payments list shows it. */
export interface SaleShareRow {
  id: string;
  purchaseId: string | null;
  amount: Money;
  status: string;
  createdAt: Date;
}

/**
 * The ledger of money movements (docs/PRODUCT-RULES.md "Money"; docs/ARCHITECTURE.md "Layers",
 * "Table ownership"): with `LedgerVoucherService` (the voucher movements) the only code that writes or sums `ledger_entry`. Every writing method
 * takes the caller's EntityManager, so the row is part of the caller's transaction (a payment,
 * a settlement, a withdrawal), and is idempotent: rows are keyed on (kind, purchase) or
 * (kind, withdrawal), and a second one is ignored. Amounts are Ksh, Money (integer cents).
 */
@Injectable()
export class LedgerService {
  constructor(private readonly repo: LedgerRepository) {}

  /**
   * Credits slip sales (docs/PRODUCT-RULES.md "Money"): per sale the tipster's 60% share (W unless
   * given) and the platform's 40% fee (P), all in one INSERT. Returns the split of each sale.
   */
  async recordSaleShares(
    em: EntityManager,
    sales: SaleToCredit[],
  ): Promise<{ share: Money; fee: Money }[]> {
    const split = sales.map((s) => {
      const share = s.amount.percent(TIPSTER_SHARE_PERCENT);
      return { sale: s, share, fee: s.amount.sub(share) };
    });
    await this.repo.insert(
      em,
      split.flatMap(({ sale, share, fee }): LedgerRowInput[] => [
        row({
          userId: sale.tipsterUserId,
          account: LEDGER_ACCOUNT.TIPSTER,
          kind: LEDGER_KIND.SALE_SHARE,
          amount: share,
          status: sale.status ?? LEDGER_STATUS.PENDING,
          purchaseId: sale.purchaseId,
          createdAt: sale.createdAt,
        }),
        row({
          account: LEDGER_ACCOUNT.PLATFORM,
          kind: LEDGER_KIND.PLATFORM_FEE,
          amount: fee,
          status: LEDGER_STATUS.PAID,
          purchaseId: sale.purchaseId,
          createdAt: sale.createdAt,
        }),
      ]),
    );
    return split.map(({ share, fee }) => ({ share, fee }));
  }

  /** Records a paid subscription (all the platform's, P). False when it was recorded before. */
  async recordSubscriptionSale(
    em: EntityManager,
    purchaseId: string,
    amount: Money,
  ): Promise<boolean> {
    return (
      (await this.repo.insert(em, [
        row({
          account: LEDGER_ACCOUNT.PLATFORM,
          kind: LEDGER_KIND.SUBSCRIPTION_SALE,
          amount,
          status: LEDGER_STATUS.PAID,
          purchaseId,
        }),
      ])) > 0
    );
  }

  /**
   * Debits a withdrawal request of `amount` (positive Ksh) from `userId`'s balance. False when this
   * withdrawal was debited before. Call with the account locked (`lockAccount`).
   */
  async recordWithdrawal(
    em: EntityManager,
    userId: number,
    withdrawalId: string,
    amount: Money,
    createdAt?: Date,
  ): Promise<boolean> {
    return (
      (await this.repo.insert(em, [
        row({
          userId,
          account: LEDGER_ACCOUNT.TIPSTER,
          kind: LEDGER_KIND.WITHDRAWAL,
          amount: Money.ZERO.sub(amount),
          status: LEDGER_STATUS.PAID,
          withdrawalId,
          createdAt,
        }),
      ])) > 0
    );
  }

  /** Gives `amount` (positive Ksh) of a failed, partly failed or rejected withdrawal back, once. False when given back before. */
  async recordWithdrawalReversal(
    em: EntityManager,
    userId: number,
    withdrawalId: string,
    amount: Money,
  ): Promise<boolean> {
    return (
      (await this.repo.insert(em, [
        row({
          userId,
          account: LEDGER_ACCOUNT.TIPSTER,
          kind: LEDGER_KIND.WITHDRAWAL_REVERSAL,
          amount,
          status: LEDGER_STATUS.PAID,
          withdrawalId,
        }),
      ])) > 0
    );
  }

  /**
   * At settlement (docs/PRODUCT-RULES.md "Money"): the pending (W) sale shares of the given
   * purchases become paid (P) when their slip won or lost, unpaid (U) when it was cancelled (C).
   * One UPDATE for all; a share no longer W is left alone, so a repeat is a no-op.
   * @returns the purchases whose share changed.
   */
  async settleSaleShares(
    em: EntityManager,
    sales: { purchaseId: string; result: 'W' | 'L' | 'C' }[],
  ): Promise<string[]> {
    return this.repo.settleSaleShares(
      em,
      sales.map((s) => ({
        purchaseId: s.purchaseId,
        status: s.result === 'C' ? LEDGER_STATUS.UNPAID : LEDGER_STATUS.PAID,
      })),
    );
  }

  /** Balance of `userId`: Σ paid shares − Σ withdrawals not failed (failed ones are reversed). */
  async balance(userId: number, em: EntityManager = this.repo.manager): Promise<Money> {
    return Money.parse(await this.repo.balance(em, userId));
  }

  /**
   * The tipster's sums: pending (W shares), earned (P shares), balance, and today / month (W or
   * P shares created since `dayStart` / `monthStart`, up to `now`).
   */
  async tipsterSums(
    userId: number,
    dayStart: Date,
    monthStart: Date,
    now: Date,
  ): Promise<TipsterSums> {
    const s = await this.repo.sums(this.repo.manager, userId, dayStart, monthStart, now);
    return {
      pending: Money.parse(s.pending),
      earned: Money.parse(s.earned),
      balance: Money.parse(s.balance),
      today: Money.parse(s.today),
      month: Money.parse(s.month),
    };
  }

  /** A page of `userId`'s sale shares, newest first, and their total count. */
  async saleShares(
    userId: number,
    limit: number,
    offset: number,
  ): Promise<{ rows: SaleShareRow[]; total: number }> {
    const { rows, total } = await this.repo.saleShares(this.repo.manager, userId, limit, offset);
    return {
      rows: rows.map((r) => ({
        id: r.id,
        purchaseId: r.purchase_id,
        amount: Money.parse(r.amount),
        status: r.status,
        createdAt: new Date(r.created_at),
      })),
      total,
    };
  }

  /** Whether any sale share exists (the demo seed runs once). */
  async hasSaleShares(em: EntityManager = this.repo.manager): Promise<boolean> {
    return (await this.repo.countOfKind(em, LEDGER_KIND.SALE_SHARE)) > 0;
  }

  /**
   * Which of `purchaseIds` still have money open in the ledger: a tipster share pending (W) until
   * the slip settles, after which a cancelled slip's buyers are texted (docs/PRODUCT-RULES.md R271).
   */
  purchasesWithOpenMoney(
    purchaseIds: string[],
    em: EntityManager = this.repo.manager,
  ): Promise<string[]> {
    return this.repo.purchasesWithPendingShare(em, purchaseIds);
  }

  /**
   * A keyset page of `userId`'s ledger rows, oldest first (docs/PRODUCT-RULES.md R260: the
   * export; an erasure never changes a ledger row, R263).
   */
  entriesOf(
    userId: number,
    after: string | null,
    limit: number,
  ): Promise<({ id: string } & Record<string, unknown>)[]> {
    return this.repo.entriesOf(userId, after, limit);
  }

  /** Holds `userId`'s ledger account until `em`'s transaction ends: two withdrawals of one balance run one after the other. */
  async lockAccount(em: EntityManager, userId: number): Promise<void> {
    await this.repo.lockAccount(em, userId);
  }
}

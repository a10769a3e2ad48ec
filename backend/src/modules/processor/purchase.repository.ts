import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, EntityManager } from 'typeorm';
import { PaymentProvider, Purchase, PurchaseKind } from './entities/purchase.entity';

/** The columns a decided result writes to a purchase row. */
export type PurchaseChange = Pick<Purchase, 'status' | 'resultCode' | 'resultDesc'> &
  Partial<Pick<Purchase, 'receipt' | 'paidAmount' | 'paidAt' | 'reviewReason'>>;

/** The columns of a new pending purchase (status `pending`; id and times from the database). */
export type NewPurchase = Pick<
  Purchase,
  | 'kind'
  | 'slipId'
  | 'subscriptionType'
  | 'phone'
  | 'email'
  | 'amount'
  | 'amountKsh'
  | 'rgPhone'
  | 'currency'
  | 'provider'
  | 'code'
  | 'txRef'
  | 'stkPromptOpen'
>;

/** The back office's review of a purchase (flag or clear, with the admin's note, name and time). */
export type PurchaseReview = Pick<
  Purchase,
  'reviewReason' | 'reviewNote' | 'reviewedBy' | 'reviewedAt'
>;

/** What identifies the purchase a provider result is for: our id or the STK CheckoutRequestID. */
export type PurchaseKey = { id: string } | { checkoutRequestId: string };

/**
 * The processor's SQL on its `purchase` table for its purchase start, payment confirmation,
 * reconciliation and review (docs/ARCHITECTURE.md "Table ownership", "Layers": SQL lives in
 * repositories). Methods taking an EntityManager run in the caller's transaction (the payment
 * transaction, the purchase gate's); the others on their own.
 * Other modules' read-only questions are PurchaseLookupRepository's.
 */
@Injectable()
export class PurchaseRepository {
  constructor(@InjectDataSource() private readonly ds: DataSource) {}

  /** Inserts a pending purchase in `em`'s transaction and returns it (unique-index violations are thrown as they come). */
  async insertPending(em: EntityManager, fields: NewPurchase): Promise<Purchase> {
    return em.save(Purchase, em.create(Purchase, { ...fields, status: 'pending' }));
  }

  /**
   * Whether the buyer, by `phone` (2547XXXXXXXX) or by `email` (compared in lower case), has a
   * paid purchase of slip `slipId` (docs/PRODUCT-RULES.md R284), read in `em`'s transaction when
   * given.
   */
  async slipPaidBy(
    slipId: string,
    phone: string | null,
    email: string | null,
    em?: EntityManager,
  ): Promise<boolean> {
    const rows: unknown[] = await (em ?? this.ds.manager).query(
      `SELECT 1 FROM purchase
        WHERE kind = 'slip' AND slip_id = $1 AND status = 'paid'
          AND (phone = $2 OR lower(email) = lower($3)) LIMIT 1`,
      [slipId, phone, email],
    );
    return rows.length > 0;
  }

  /** Stores the STK push's CheckoutRequestID and MerchantRequestID on purchase `id`. */
  async storeCheckout(
    id: string,
    checkoutRequestId: string,
    merchantRequestId: string,
  ): Promise<void> {
    await this.ds.manager.update(Purchase, { id }, { checkoutRequestId, merchantRequestId });
  }

  /** Changes purchase `id` only while it is still pending (a payment request that failed). */
  async updateIfPending(
    id: string,
    change: Partial<Pick<Purchase, 'status' | 'resultDesc' | 'reviewReason'>>,
  ): Promise<void> {
    await this.ds.manager.update(Purchase, { id, status: 'pending' }, change);
  }

  /**
   * Stops counting as open the STK prompt of (phone, kind, slip) when it is pending and older than
   * `olderThanSecs`. True when one was.
   */
  async releaseStalePrompt(
    phone: string | null | undefined,
    kind: PurchaseKind,
    slipId: string | null,
    olderThanSecs: number,
  ): Promise<boolean> {
    const [, released] = (await this.ds.query(
      `UPDATE purchase SET stk_prompt_open = false
        WHERE phone = $1 AND kind = $2 AND COALESCE(slip_id, 0) = COALESCE($3::bigint, 0)
          AND status = 'pending' AND stk_prompt_open AND created_at < now() - make_interval(secs => $4)`,
      [phone, kind, slipId, olderThanSecs],
    )) as [unknown, number];
    return released > 0;
  }

  /** The purchases with the given CheckoutRequestIDs locked FOR UPDATE in id order, in `em`'s transaction. */
  async lockByCheckoutIds(em: EntityManager, checkoutRequestIds: string[]): Promise<Purchase[]> {
    return em
      .createQueryBuilder(Purchase, 'p')
      .where('p.checkoutRequestId IN (:...keys)', { keys: checkoutRequestIds })
      .orderBy('p.id', 'ASC')
      .setLock('pessimistic_write')
      .getMany();
  }

  /** The purchase `key` names, locked FOR UPDATE in `em`'s transaction, or null. */
  async lock(em: EntityManager, key: PurchaseKey): Promise<Purchase | null> {
    return em.findOne(Purchase, { where: key, lock: { mode: 'pessimistic_write' } });
  }

  /** Writes a decided result to purchase `id` in `em`'s transaction. */
  async applyChange(em: EntityManager, id: string, change: PurchaseChange): Promise<void> {
    await em.update(Purchase, { id }, change);
  }

  /**
   * Writes decided purchase changes in one UPDATE (unnest of column arrays; the batch path).
   * Columns a change leaves out keep their value; `updated_at` is set as TypeORM's update would.
   */
  async applyChanges(
    em: EntityManager,
    changes: { id: string; change: PurchaseChange }[],
  ): Promise<void> {
    if (!changes.length) return;
    const col = <K extends keyof PurchaseChange>(
      k: K,
      map: (v: PurchaseChange[K]) => unknown = (v) => v ?? null,
    ) => changes.map((c) => map(c.change[k]));
    await em.query(
      `UPDATE purchase p SET status = u.status, result_code = u.result_code, result_desc = u.result_desc,
              receipt = COALESCE(u.receipt, p.receipt), paid_amount = COALESCE(u.paid_amount, p.paid_amount),
              paid_at = COALESCE(u.paid_at, p.paid_at), review_reason = COALESCE(u.review_reason, p.review_reason), updated_at = now()
         FROM unnest($1::bigint[], $2::text[], $3::text[], $4::text[], $5::text[], $6::numeric[], $7::timestamptz[], $8::text[])
              AS u(id, status, result_code, result_desc, receipt, paid_amount, paid_at, review_reason)
        WHERE p.id = u.id`,
      [
        changes.map((c) => c.id),
        col('status'),
        col('resultCode'),
        col('resultDesc'),
        col('receipt'),
        col('paidAmount', (m) => m?.toDecimal() ?? null),
        col('paidAt', (d) => d?.toISOString() ?? null),
        col('reviewReason'),
      ],
    );
  }

  /** Stores the receipt of a paid purchase that has none (no amount, status or ledger change). */
  async storeReceipt(em: EntityManager, id: string, receipt: string): Promise<void> {
    await em.query(
      `UPDATE purchase SET receipt = $2, updated_at = now() WHERE id = $1 AND status = 'paid' AND receipt IS NULL`,
      [id, receipt],
    );
  }

  /** Stores the Flutterwave transaction id of purchase `id` in `em`'s transaction. */
  async storeFlwTransactionId(
    em: EntityManager,
    id: string,
    flwTransactionId: string,
  ): Promise<void> {
    await em.update(Purchase, { id }, { flwTransactionId });
  }

  /**
   * Purchases of `provider` still pending, created before `before`, whose next reconciliation is
   * due at `now` (never asked, or `next_reconcile_at` ≤ now; docs/PRODUCT-RULES.md R191), in id
   * order, at most `limit`.
   */
  async dueForReconcile(
    provider: PaymentProvider,
    before: Date,
    now: Date,
    limit: number,
  ): Promise<Purchase[]> {
    return this.ds.manager
      .createQueryBuilder(Purchase, 'p')
      .where(`p.status = 'pending' AND p.provider = :provider AND p.createdAt < :before`, {
        provider,
        before,
      })
      .andWhere('(p.nextReconcileAt IS NULL OR p.nextReconcileAt <= :now)', { now })
      .orderBy('p.id', 'ASC')
      .limit(limit)
      .getMany();
  }

  /** Records a reconciliation question that left purchase `id` pending, and when to ask next (only while it is pending). */
  async scheduleReconcile(id: string, attempts: number, nextAt: Date): Promise<void> {
    await this.ds.manager.update(
      Purchase,
      { id, status: 'pending' },
      { reconcileAttempts: attempts, nextReconcileAt: nextAt },
    );
  }

  /** The purchase with Flutterwave tx_ref `txRef`, or null. */
  async byTxRef(txRef: string): Promise<Purchase | null> {
    return this.ds.manager.findOne(Purchase, { where: { txRef } });
  }

  /** Writes the back office's review of purchase `id`, in `manager`'s transaction when given. */
  async setReview(
    id: string,
    review: PurchaseReview,
    manager: EntityManager = this.ds.manager,
  ): Promise<void> {
    await manager.update(Purchase, { id }, review);
  }

  /**
   * Ids after `afterId` (ascending, at most `limit`) of purchases created before `before` that
   * still hold a buyer's phone or e-mail and have no money question open in this module: not
   * pending, not flagged for review, no unmatched paybill money waiting for a refund
   * (docs/PRODUCT-RULES.md R271). The ledger's own question is asked by the caller.
   */
  async contactErasable(before: Date, afterId: string, limit: number): Promise<string[]> {
    const rows: { id: string }[] = await this.ds.query(
      `SELECT p.id::text AS id FROM purchase p
        WHERE p.created_at < $1 AND p.id > $2::bigint AND (p.phone IS NOT NULL OR p.rg_phone IS NOT NULL OR p.email IS NOT NULL)
          AND p.status <> 'pending' AND p.review_reason IS NULL
          AND NOT EXISTS (SELECT 1 FROM unmatched_payment u WHERE u.purchase_id = p.id)
        ORDER BY p.id LIMIT $3`,
      [before, afterId, limit],
    );
    return rows.map((r) => r.id);
  }

  /**
   * Erases phone, responsible-gambling phone and e-mail of purchases `ids`, re-checking that none
   * became pending or flagged meanwhile (docs/PRODUCT-RULES.md R271). Returns how many changed.
   */
  async eraseContacts(ids: string[]): Promise<number> {
    if (!ids.length) return 0;
    const [, changed] = (await this.ds.query(
      `UPDATE purchase SET phone = NULL, rg_phone = NULL, email = NULL, updated_at = now()
        WHERE id = ANY($1::bigint[]) AND status <> 'pending' AND review_reason IS NULL
          AND (phone IS NOT NULL OR rg_phone IS NOT NULL OR email IS NOT NULL)`,
      [ids],
    )) as [unknown, number];
    return changed;
  }

  /** How many purchases created before `before` still hold a buyer's phone or e-mail (R271: kept for an open money question). */
  async countWithContactBefore(before: Date): Promise<number> {
    const [row] = await this.ds.query(
      `SELECT COUNT(*)::int AS n FROM purchase WHERE created_at < $1 AND (phone IS NOT NULL OR rg_phone IS NOT NULL OR email IS NOT NULL)`,
      [before],
    );
    return Number(row.n);
  }
}

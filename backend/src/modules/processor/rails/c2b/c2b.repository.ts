import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, EntityManager } from 'typeorm';
import { Money } from '../../../../common/money/money';
import type { C2bPayment } from '../../../../providers/daraja/daraja-c2b';
import type { C2bReferenceState } from '../../domain/c2b-payment';
import { Purchase, PurchaseKind, PurchaseStatus } from '../../entities/purchase.entity';
import type { UnmatchedReason } from '../../entities/unmatched-payment.entity';

/** A reference still open for a phone and slip: the purchase's code, price and expiry. */
export interface OpenC2bReference {
  purchaseId: string;
  account: string;
  amount: Money;
  expiresAt: Date;
}

/** A `c2b` purchase locked for a confirmation, with its reference's expiry. */
export interface LockedC2bReference {
  purchase: Purchase;
  expiresAt: Date;
  /** Its phone has paid for its slip another way (docs/PRODUCT-RULES.md R284). */
  superseded: boolean;
}

/**
 * SQL: whether the phone of slip purchase `p` has another paid purchase of that slip (a
 * superseded paybill reference: docs/PRODUCT-RULES.md R284). False for a subscription.
 */
const SUPERSEDED_SQL = `EXISTS (SELECT 1 FROM purchase o
   WHERE o.kind = 'slip' AND o.slip_id = p.slip_id AND o.phone = p.phone
     AND o.status = 'paid' AND o.id <> p.id)`;

/** Money to record as unmatched (docs/PRODUCT-RULES.md R203): the payment, why, and the purchase its reference names. */
export interface UnmatchedC2b {
  payment: C2bPayment;
  reason: UnmatchedReason;
  purchaseId: string | null;
}

/** The account numbers a C2B reference can have (our purchase codes, upper case). */
const ACCOUNT = /^[A-Z0-9]{1,20}$/;

type ReferenceRow = {
  purchase_id: string;
  status: PurchaseStatus;
  amount: string;
  expires_at: Date;
  receipt: string | null;
  superseded: boolean;
};

/**
 * The paybill rail's SQL on processor's tables (docs/ARCHITECTURE.md "Table ownership"):
 * `c2b_reference` (a `c2b` purchase's expiry; its account number is the purchase code) and
 * `unmatched_payment` (money that paid nothing, once per TransID).
 */
@Injectable()
export class C2bRepository {
  constructor(@InjectDataSource() private readonly ds: DataSource) {}

  /** Binds the reference of `c2b` purchase `purchaseId` until `expiresAt`. */
  async insertReference(purchaseId: string, expiresAt: Date): Promise<void> {
    await this.ds.query(`INSERT INTO c2b_reference (purchase_id, expires_at) VALUES ($1, $2)`, [
      purchaseId,
      expiresAt,
    ]);
  }

  /**
   * The pending `c2b` purchase of (phone, kind, slip) whose reference is still valid at `now`,
   * newest first, or null.
   */
  async openReference(
    phone: string,
    kind: PurchaseKind,
    slipId: string | null,
    now: Date,
  ): Promise<OpenC2bReference | null> {
    const rows: { purchase_id: string; code: string; amount: string; expires_at: Date }[] =
      await this.ds.query(
        `SELECT p.id::text AS purchase_id, p.code, p.amount::text, r.expires_at
         FROM purchase p JOIN c2b_reference r ON r.purchase_id = p.id
        WHERE p.provider = 'c2b' AND p.status = 'pending' AND p.phone = $1 AND p.kind = $2
          AND COALESCE(p.slip_id, 0) = COALESCE($3::bigint, 0) AND r.expires_at > $4
        ORDER BY p.id DESC LIMIT 1`,
        [phone, kind, slipId, now],
      );
    const row = rows[0];
    return row
      ? {
          purchaseId: row.purchase_id,
          account: row.code,
          amount: Money.parse(row.amount),
          expiresAt: row.expires_at,
        }
      : null;
  }

  /** The reference whose account number is `account` (a purchase code of the `c2b` rail), or null. */
  async byAccount(account: string): Promise<C2bReferenceState | null> {
    if (!ACCOUNT.test(account)) return null;
    const rows: ReferenceRow[] = await this.ds.query(
      `SELECT p.id::text AS purchase_id, p.status, p.amount::text, r.expires_at, p.receipt,
              ${SUPERSEDED_SQL} AS superseded
         FROM purchase p JOIN c2b_reference r ON r.purchase_id = p.id
        WHERE p.code = $1 AND p.provider = 'c2b'`,
      [account],
    );
    return rows[0] ? toState(rows[0]) : null;
  }

  /**
   * The `c2b` purchases whose account numbers (purchase codes) are among `accounts`, locked FOR
   * UPDATE in id order in `em`'s transaction, each with its reference's expiry and whether it is
   * superseded (R284) (the batch of C2B
   * confirmations: docs/PERFORMANCE.md "Payment callbacks"). Unknown accounts are left out.
   */
  async lockByAccounts(em: EntityManager, accounts: string[]): Promise<LockedC2bReference[]> {
    const codes = [...new Set(accounts.filter((a) => ACCOUNT.test(a)))];
    if (!codes.length) return [];
    const purchases = await em
      .createQueryBuilder(Purchase, 'p')
      .where('p.code IN (:...codes)', { codes })
      .andWhere(`p.provider = 'c2b'`)
      .orderBy('p.id', 'ASC')
      .setLock('pessimistic_write')
      .getMany();
    if (!purchases.length) return [];
    const refs: { purchase_id: string; expires_at: Date; superseded: boolean }[] = await em.query(
      `SELECT r.purchase_id::text AS purchase_id, r.expires_at, ${SUPERSEDED_SQL} AS superseded
         FROM c2b_reference r JOIN purchase p ON p.id = r.purchase_id
        WHERE r.purchase_id = ANY($1::bigint[])`,
      [purchases.map((p) => p.id)],
    );
    const refOf = new Map(refs.map((r) => [r.purchase_id, r]));
    return purchases.flatMap((purchase) => {
      const ref = refOf.get(String(purchase.id));
      return ref ? [{ purchase, expiresAt: ref.expires_at, superseded: ref.superseded }] : [];
    });
  }

  /**
   * Records each of `items` as unmatched money for refund in one INSERT in `em`'s transaction,
   * once per TransID (a TransID already recorded, or twice in `items`, is recorded once). Returns
   * the TransIDs this call recorded.
   */
  async recordUnmatchedMany(em: EntityManager, items: UnmatchedC2b[]): Promise<Set<string>> {
    const first = new Map<string, UnmatchedC2b>();
    for (const i of items) if (!first.has(i.payment.transId)) first.set(i.payment.transId, i);
    if (!first.size) return new Set();
    const once = [...first.values()];
    const col = <T>(f: (i: UnmatchedC2b) => T): T[] => once.map(f);
    const rows: { trans_id: string }[] = await em.query(
      `INSERT INTO unmatched_payment (provider, trans_id, bill_ref_number, amount, reason, purchase_id, msisdn, first_name, business_short_code, trans_time)
       SELECT 'c2b', u.trans_id, u.bill_ref_number, u.amount, u.reason, u.purchase_id, u.msisdn, u.first_name, u.business_short_code, u.trans_time
         FROM unnest($1::text[], $2::text[], $3::numeric[], $4::text[], $5::bigint[], $6::text[], $7::text[], $8::text[], $9::text[])
              AS u(trans_id, bill_ref_number, amount, reason, purchase_id, msisdn, first_name, business_short_code, trans_time)
       ON CONFLICT (trans_id) DO NOTHING RETURNING trans_id`,
      [
        col((i) => i.payment.transId),
        col((i) => i.payment.billRefNumber.slice(0, 100)),
        col((i) => i.payment.amountKsh),
        col((i) => i.reason),
        col((i) => i.purchaseId),
        col((i) => i.payment.msisdn.slice(0, 100) || null),
        col((i) => i.payment.firstName.slice(0, 100) || null),
        col((i) => i.payment.businessShortCode),
        col((i) => i.payment.transTime.slice(0, 20) || null),
      ],
    );
    return new Set(rows.map((r) => r.trans_id));
  }

  /** The expiry of `c2b` purchase `purchaseId`'s reference, or null when it has none. */
  async expiryOf(purchaseId: string): Promise<Date | null> {
    const rows: { expires_at: Date }[] = await this.ds.query(
      `SELECT expires_at FROM c2b_reference WHERE purchase_id = $1`,
      [purchaseId],
    );
    return rows[0]?.expires_at ?? null;
  }

  /**
   * Records `payment` as unmatched money for refund, once per TransID (a repeat is ignored by the
   * UNIQUE constraint). True when this call recorded it.
   */
  async recordUnmatched(
    payment: C2bPayment,
    reason: UnmatchedReason,
    purchaseId: string | null,
  ): Promise<boolean> {
    const rows: unknown[] = await this.ds.query(
      `INSERT INTO unmatched_payment (provider, trans_id, bill_ref_number, amount, reason, purchase_id, msisdn, first_name, business_short_code, trans_time)
       VALUES ('c2b', $1, $2, $3, $4, $5, $6, $7, $8, $9)
       ON CONFLICT (trans_id) DO NOTHING RETURNING id`,
      [
        payment.transId,
        payment.billRefNumber.slice(0, 100),
        payment.amountKsh,
        reason,
        purchaseId,
        payment.msisdn.slice(0, 100) || null,
        payment.firstName.slice(0, 100) || null,
        payment.businessShortCode,
        payment.transTime.slice(0, 20) || null,
      ],
    );
    return rows.length > 0;
  }
}

const toState = (row: ReferenceRow): C2bReferenceState => ({
  purchaseId: row.purchase_id,
  status: row.status,
  amount: Money.parse(row.amount),
  expiresAt: row.expires_at,
  receipt: row.receipt,
  superseded: row.superseded,
});

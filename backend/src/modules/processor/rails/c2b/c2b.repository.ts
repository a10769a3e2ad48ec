import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import { Money } from '../../../../common/money/money';
import type { C2bPayment } from '../../../../providers/daraja/daraja-c2b';
import type { C2bReferenceState } from '../../domain/c2b-payment';
import type { PurchaseKind, PurchaseStatus } from '../../entities/purchase.entity';
import type { UnmatchedReason } from '../../entities/unmatched-payment.entity';

/** A reference still open for a phone and slip: the purchase's code, price and expiry. */
export interface OpenC2bReference {
  purchaseId: string;
  account: string;
  amount: Money;
  expiresAt: Date;
}

type ReferenceRow = { purchase_id: string; status: PurchaseStatus; amount: string; expires_at: Date; receipt: string | null };

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
    await this.ds.query(`INSERT INTO c2b_reference (purchase_id, expires_at) VALUES ($1, $2)`, [purchaseId, expiresAt]);
  }

  /**
   * The pending `c2b` purchase of (phone, kind, slip) whose reference is still valid at `now`,
   * newest first, or null.
   */
  async openReference(phone: string, kind: PurchaseKind, slipId: string | null, now: Date): Promise<OpenC2bReference | null> {
    const rows: { purchase_id: string; code: string; amount: string; expires_at: Date }[] = await this.ds.query(
      `SELECT p.id::text AS purchase_id, p.code, p.amount::text, r.expires_at
         FROM purchase p JOIN c2b_reference r ON r.purchase_id = p.id
        WHERE p.provider = 'c2b' AND p.status = 'pending' AND p.phone = $1 AND p.kind = $2
          AND COALESCE(p.slip_id, 0) = COALESCE($3::bigint, 0) AND r.expires_at > $4
        ORDER BY p.id DESC LIMIT 1`,
      [phone, kind, slipId, now],
    );
    const row = rows[0];
    return row ? { purchaseId: row.purchase_id, account: row.code, amount: Money.parse(row.amount), expiresAt: row.expires_at } : null;
  }

  /** The reference whose account number is `account` (a purchase code of the `c2b` rail), or null. */
  async byAccount(account: string): Promise<C2bReferenceState | null> {
    if (!/^[A-Z0-9]{1,20}$/.test(account)) return null;
    const rows: ReferenceRow[] = await this.ds.query(
      `SELECT p.id::text AS purchase_id, p.status, p.amount::text, r.expires_at, p.receipt
         FROM purchase p JOIN c2b_reference r ON r.purchase_id = p.id
        WHERE p.code = $1 AND p.provider = 'c2b'`,
      [account],
    );
    return rows[0] ? toState(rows[0]) : null;
  }

  /** The expiry of `c2b` purchase `purchaseId`'s reference, or null when it has none. */
  async expiryOf(purchaseId: string): Promise<Date | null> {
    const rows: { expires_at: Date }[] = await this.ds.query(`SELECT expires_at FROM c2b_reference WHERE purchase_id = $1`, [purchaseId]);
    return rows[0]?.expires_at ?? null;
  }

  /**
   * Records `payment` as unmatched money for refund, once per TransID (a repeat is ignored by the
   * UNIQUE constraint). True when this call recorded it.
   */
  async recordUnmatched(payment: C2bPayment, reason: UnmatchedReason, purchaseId: string | null): Promise<boolean> {
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
});

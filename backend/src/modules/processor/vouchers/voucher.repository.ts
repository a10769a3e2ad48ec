import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, EntityManager } from 'typeorm';
import { Money } from '../../../common/money/money';
import type { VoucherHolder, VoucherReason } from '../domain/voucher';
import { Voucher } from '../entities/voucher.entity';

/** A voucher to insert (status `issued`), for one holder (a phone, or an e-mail: R283). */
export type NewVoucher = VoucherHolder & {
  code: string;
  amount: Money;
  currency: string;
  amountKsh: Money;
  sourcePurchaseId: string;
  reason: VoucherReason;
  issuedAt: Date;
  expiresAt: Date;
};

/** A paid slip purchase as a refund needs it (processor's own rows). */
export interface RefundablePurchase {
  id: string;
  slipId: number;
  /** The phone the voucher goes to: the M-Pesa phone, else the account phone behind the e-mail. */
  phone: string | null;
  /** The buyer's e-mail in lower case (Flutterwave), else null. */
  email: string | null;
  amount: Money;
  currency: string;
  amountKsh: Money;
  code: string;
}

/**
 * The processor's SQL on `voucher` and `voucher_failed_attempt` (docs/ARCHITECTURE.md "Table
 * ownership"). Methods taking an EntityManager run in the caller's transaction.
 */
@Injectable()
export class VoucherRepository {
  constructor(@InjectDataSource() private readonly ds: DataSource) {}

  /**
   * Inserts `rows`; a refund of a purchase refunded before, or a code taken (retried by the
   * caller), is skipped. Returns the vouchers inserted.
   */
  async insertMany(em: EntityManager, rows: NewVoucher[]): Promise<Voucher[]> {
    if (!rows.length) return [];
    const inserted: { id: string; code: string }[] = await em.query(
      `INSERT INTO voucher (code, phone, amount, currency, amount_ksh, source_purchase_id, reason, issued_at, expires_at, email)
       SELECT * FROM unnest($1::text[], $2::text[], $3::numeric[], $4::text[], $5::numeric[], $6::bigint[], $7::text[], $8::timestamptz[], $9::timestamptz[], $10::text[])
       ON CONFLICT DO NOTHING RETURNING id::text, code`,
      [
        rows.map((r) => r.code),
        rows.map((r) => r.phone),
        rows.map((r) => r.amount.toDecimal()),
        rows.map((r) => r.currency),
        rows.map((r) => r.amountKsh.toDecimal()),
        rows.map((r) => r.sourcePurchaseId),
        rows.map((r) => r.reason),
        rows.map((r) => r.issuedAt.toISOString()),
        rows.map((r) => r.expiresAt.toISOString()),
        rows.map((r) => r.email),
      ],
    );
    const byCode = new Map(rows.map((r) => [r.code, r]));
    return inserted.map((i) =>
      Object.assign(new Voucher(), {
        ...byCode.get(i.code),
        id: i.id,
        status: 'issued',
        redeemedByPurchaseId: null,
        redeemedAt: null,
      }),
    );
  }

  /** The purchases among `purchaseIds` that have a refund voucher already. */
  async refunded(em: EntityManager, purchaseIds: string[]): Promise<Set<string>> {
    if (!purchaseIds.length) return new Set();
    const rows: { id: string }[] = await em.query(
      `SELECT source_purchase_id::text AS id FROM voucher WHERE source_purchase_id = ANY($1::bigint[]) AND reason <> 'change'`,
      [purchaseIds],
    );
    return new Set(rows.map((r) => r.id));
  }

  /** The paid slip purchases among `purchaseIds`, with the phone a voucher would go to. */
  async refundable(em: EntityManager, purchaseIds: string[]): Promise<RefundablePurchase[]> {
    if (!purchaseIds.length) return [];
    const rows: {
      id: string;
      slip_id: string;
      phone: string | null;
      email: string | null;
      amount: string;
      currency: string;
      amount_ksh: string | null;
      code: string;
    }[] = await em.query(
      `SELECT id::text, slip_id::text, COALESCE(phone, rg_phone) AS phone, lower(email) AS email, amount::text, currency, amount_ksh::text, code
         FROM purchase WHERE id = ANY($1::bigint[]) AND kind = 'slip' AND status = 'paid' ORDER BY id`,
      [purchaseIds],
    );
    return rows.map((r) => ({
      id: r.id,
      slipId: Number(r.slip_id),
      phone: r.phone,
      email: r.email,
      amount: Money.parse(r.amount),
      currency: r.currency,
      amountKsh: Money.parse(r.amount_ksh ?? r.amount),
      code: r.code,
    }));
  }

  /** The voucher with this exact code, or null. */
  async byCode(code: string): Promise<Voucher | null> {
    return this.ds.manager.findOne(Voucher, { where: { code } });
  }

  /** The vouchers of `holder` (a phone, or an e-mail: R283) in any status (a holder has a handful), newest first. */
  async ofHolder(holder: VoucherHolder): Promise<Voucher[]> {
    const where = holder.phone !== null ? { phone: holder.phone } : { email: holder.email };
    return this.ds.manager.find(Voucher, { where, order: { id: 'DESC' } });
  }

  /** Voucher `id` locked FOR UPDATE in `em`'s transaction, or null. */
  async lock(em: EntityManager, id: string): Promise<Voucher | null> {
    return em.findOne(Voucher, { where: { id }, lock: { mode: 'pessimistic_write' } });
  }

  /** Marks voucher `id` redeemed by `purchaseId` at `at`, only while issued. True when it changed. */
  async markRedeemed(
    em: EntityManager,
    id: string,
    purchaseId: string,
    at: Date,
  ): Promise<boolean> {
    const res = await em.update(
      Voucher,
      { id, status: 'issued' },
      { status: 'redeemed', redeemedByPurchaseId: purchaseId, redeemedAt: at },
    );
    return (res.affected ?? 0) > 0;
  }

  /** Marks at most `limit` issued vouchers whose expiry is at or before `now` expired; returns them. */
  async expireDue(
    em: EntityManager,
    now: Date,
    limit: number,
  ): Promise<{ id: string; amount_ksh: string }[]> {
    const res: unknown = await em.query(
      `UPDATE voucher SET status = 'expired'
        WHERE id IN (SELECT id FROM voucher WHERE status = 'issued' AND expires_at <= $1 ORDER BY id LIMIT $2 FOR UPDATE SKIP LOCKED)
      RETURNING id::text, amount_ksh::text`,
      [now, limit],
    );
    return (Array.isArray(res) && Array.isArray(res[0]) ? res[0] : res) as {
      id: string;
      amount_ksh: string;
    }[];
  }

  /** Wrong codes sent for `holder` (a phone or an e-mail) at or after `since`. */
  async failedSince(holder: VoucherHolder, since: Date): Promise<number> {
    const [row] = await this.ds.query(
      holder.phone !== null
        ? `SELECT count(*)::int AS n FROM voucher_failed_attempt WHERE phone = $1 AND attempted_at >= $2`
        : `SELECT count(*)::int AS n FROM voucher_failed_attempt WHERE email = $1 AND attempted_at >= $2`,
      [holder.phone ?? holder.email, since],
    );
    return row.n as number;
  }

  /** Records a wrong code sent for `holder` at `at` (its own statement: it outlives the refused request). */
  async recordFailure(holder: VoucherHolder, at: Date): Promise<void> {
    await this.ds.query(
      `INSERT INTO voucher_failed_attempt (phone, email, attempted_at) VALUES ($1, $2, $3)`,
      [holder.phone, holder.email, at],
    );
  }
}

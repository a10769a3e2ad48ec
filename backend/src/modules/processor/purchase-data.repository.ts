import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, EntityManager } from 'typeorm';
import type { DataRow, PersonKeys } from '../../common/personal-data/personal-data';

/**
 * The processor module's personal data (docs/PRODUCT-RULES.md R260, R265; docs/ARCHITECTURE.md
 * "Personal data"): the purchases and unmatched paybill payments of a phone or e-mail, a tipster's
 * sales without the buyers' contacts, and the erasure of a buyer's phone and e-mail from purchases
 * older than the purchase-phone retention. Keyset pages by id.
 */
@Injectable()
export class PurchaseDataRepository {
  constructor(@InjectDataSource() private readonly ds: DataSource) {}

  /** Purchases paid or tried with one of `k`'s phones (M-Pesa or spend-cap phone) or e-mails, every column. */
  purchasesOf(k: PersonKeys, after: string | null, limit: number): Promise<DataRow[]> {
    return this.ds.query(
      `SELECT p.*, p.id::text AS id FROM purchase p
        WHERE (p.phone = ANY($1::text[]) OR p.rg_phone = ANY($1::text[]) OR lower(p.email) = ANY($2::text[]))
          AND p.id > COALESCE($3::bigint, 0)
        ORDER BY p.id LIMIT $4`,
      [k.phones, k.emails, after, limit],
    );
  }

  /** The sales of the slips `slipIds` (a tipster's), without the buyers' phone, e-mail or receipt. */
  salesOfSlips(slipIds: number[], after: string | null, limit: number): Promise<DataRow[]> {
    if (!slipIds.length) return Promise.resolve([]);
    return this.ds.query(
      `SELECT id::text AS id, slip_id, amount::text AS amount, currency, provider, status, created_at, paid_at FROM purchase
        WHERE kind = 'slip' AND slip_id = ANY($1::bigint[]) AND id > COALESCE($2::bigint, 0)
        ORDER BY id LIMIT $3`,
      [slipIds, after, limit],
    );
  }

  /**
   * The vouchers held by one of the person's phones or e-mails (docs/PRODUCT-RULES.md R240-R249,
   * R283), every column: the code is the holder's own.
   */
  vouchersOf(k: PersonKeys, after: string | null, limit: number): Promise<DataRow[]> {
    return this.ds.query(
      `SELECT v.*, v.id::text AS id FROM voucher v
        WHERE (v.phone = ANY($1::text[]) OR v.email = ANY($2::text[])) AND v.id > COALESCE($3::bigint, 0)
        ORDER BY v.id LIMIT $4`,
      [k.phones, k.emails, after, limit],
    );
  }

  /** Paybill money that matched no purchase, sent from one of `phones`. */
  unmatchedOf(phones: string[], after: string | null, limit: number): Promise<DataRow[]> {
    return this.ds.query(
      `SELECT u.*, u.id::text AS id FROM unmatched_payment u
        WHERE u.msisdn = ANY($1::text[]) AND u.id > COALESCE($2::bigint, 0) ORDER BY u.id LIMIT $3`,
      [phones, after, limit],
    );
  }

  /**
   * Erases `phone` (international digits) and the e-mails `emails` from the purchases created
   * before `cutoff` that carry them, and from the unmatched paybill payments received before
   * `cutoff` (inside the caller's transaction). Returns the erased purchases' ids and how many
   * purchases of the phone stay (younger than `cutoff`).
   */
  async eraseBuyerBefore(
    m: EntityManager,
    phone: string,
    emails: string[],
    cutoff: Date,
  ): Promise<{ erasedIds: string[]; kept: number }> {
    const res: unknown = await m.query(
      `UPDATE purchase SET phone = CASE WHEN phone = $1 THEN NULL ELSE phone END,
              rg_phone = CASE WHEN rg_phone = $1 THEN NULL ELSE rg_phone END,
              email = CASE WHEN lower(email) = ANY($2::text[]) THEN NULL ELSE email END, updated_at = now()
        WHERE (phone = $1 OR rg_phone = $1 OR lower(email) = ANY($2::text[])) AND created_at < $3 AND status <> 'pending'
        RETURNING id::text AS id`,
      [phone, emails, cutoff],
    );
    // An UPDATE … RETURNING answers [rows, count] through TypeORM's PostgreSQL driver.
    const rows = (Array.isArray(res) && Array.isArray(res[0]) ? res[0] : res) as { id: string }[];
    await m.query(
      `UPDATE unmatched_payment SET msisdn = NULL, first_name = NULL WHERE msisdn = $1 AND created_at < $2`,
      [phone, cutoff],
    );
    const [left] = await m.query(
      `SELECT COUNT(*)::int AS n FROM purchase WHERE phone = $1 OR rg_phone = $1 OR lower(email) = ANY($2::text[])`,
      [phone, emails],
    );
    return { erasedIds: rows.map((r) => r.id), kept: left.n };
  }
}

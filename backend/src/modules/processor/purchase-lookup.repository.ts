import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, EntityManager } from 'typeorm';
import { Money } from '../../common/money/money';
import { Purchase, PurchaseKind, PurchaseStatus } from './entities/purchase.entity';

/** A paid slip purchase as settlement needs it: who to text, with which code. */
export interface PaidSlipPurchase {
  id: string;
  slipId: number;
  phone: string | null;
  code: string;
}

/** One purchase of a phone, as the buyer's history lists it (docs/PRODUCT-RULES.md R161). */
export interface PhonePurchase {
  id: string;
  kind: PurchaseKind;
  slipId: number | null;
  subscriptionType: string | null;
  /** What was charged, in `currency` (KES, NGN or UGX). */
  amount: Money;
  currency: string;
  status: PurchaseStatus;
  createdAt: Date;
  paidAt: Date | null;
  /** True when the purchase was refunded by a voucher (docs/PRODUCT-RULES.md R163, R243). */
  refunded: boolean;
}

/** A purchase pending or paid, as the daily spend cap counts it (docs/PRODUCT-RULES.md R86, R282). */
export interface SpendRow {
  status: 'pending' | 'paid';
  kind: PurchaseKind;
  slipId: string | null;
  subscriptionType: string | null;
  /** Its price in Ksh (0 when none was stored). */
  amountKsh: Money;
}

/** A slip purchase found by the buyer's e-mail (find-slip-ng). */
export type SlipPurchaseRef = Pick<Purchase, 'id' | 'slipId' | 'status'>;

/**
 * Read-only questions other modules ask about purchases (docs/ARCHITECTURE.md "Table ownership":
 * `purchase` is the processor's; slip and finance ask here instead of reading it). Methods that
 * take an EntityManager read in the caller's transaction.
 */
@Injectable()
export class PurchaseLookupRepository {
  constructor(@InjectDataSource() private readonly ds: DataSource) {}

  /** The paid slip purchases of the given slips, in id order (set-based: one query for a settlement batch). */
  async paidSlipPurchases(
    slipIds: number[],
    em: EntityManager = this.ds.manager,
  ): Promise<PaidSlipPurchase[]> {
    if (!slipIds.length) return [];
    const rows: { id: string; slip_id: string; phone: string | null; code: string }[] =
      await em.query(
        `SELECT id::text, slip_id::text, phone, code FROM purchase
        WHERE kind = 'slip' AND status = 'paid' AND slip_id = ANY($1::bigint[]) ORDER BY id`,
        [slipIds],
      );
    return rows.map((r) => ({ id: r.id, slipId: Number(r.slip_id), phone: r.phone, code: r.code }));
  }

  /**
   * Whether slip `slipId` has a purchase that is paid or still pending (a buyer's money or picks
   * depend on it), read in the caller's transaction `em` (jackpot asks before deleting its slip).
   */
  async slipHasOpenPurchase(em: EntityManager, slipId: number): Promise<boolean> {
    const [row] = await em.query(
      `SELECT 1 FROM purchase WHERE kind = 'slip' AND slip_id = $1 AND status IN ('paid', 'pending') LIMIT 1`,
      [slipId],
    );
    return row !== undefined;
  }

  /** The slip of the latest paid slip purchase by `msisdn` whose M-Pesa receipt or purchase code is `word`, or null. */
  async paidSlipIdByPhone(msisdn: string, word: string): Promise<number | null> {
    const [row]: { slip_id: string }[] = await this.ds.query(
      `SELECT slip_id::text FROM purchase
        WHERE kind = 'slip' AND status = 'paid' AND phone = $1 AND (receipt = $2 OR code = $2)
        ORDER BY id DESC LIMIT 1`,
      [msisdn, word],
    );
    return row ? Number(row.slip_id) : null;
  }

  /**
   * The latest `limit` paid slip purchases by `msisdn` (2547XXXXXXXX), newest first, in one query
   * (the USSD menu's "Find my tips").
   */
  async recentPaidSlipPurchases(msisdn: string, limit: number): Promise<PaidSlipPurchase[]> {
    const rows: { id: string; slip_id: string; phone: string | null; code: string }[] =
      await this.ds.query(
        `SELECT id::text, slip_id::text, phone, code FROM purchase
        WHERE kind = 'slip' AND status = 'paid' AND phone = $1 ORDER BY id DESC LIMIT $2`,
        [msisdn, limit],
      );
    return rows.map((r) => ({ id: r.id, slipId: Number(r.slip_id), phone: r.phone, code: r.code }));
  }

  /**
   * Where `msisdn` stands with slip `slipId` before another purchase of it starts: 'paid' when it
   * has paid for it (a second purchase is refused: docs/PRODUCT-RULES.md R284), 'prompt-open' when
   * an STK prompt for it is still open (pending, prompt open, younger than `openMs`: refused as
   * PROMPT_ALREADY_OPEN), else null.
   */
  async slipBuyState(
    msisdn: string,
    slipId: number,
    openMs: number,
  ): Promise<'paid' | 'prompt-open' | null> {
    const [row]: { paid: boolean }[] = await this.ds.query(
      `SELECT status = 'paid' AS paid FROM purchase
        WHERE kind = 'slip' AND phone = $1 AND slip_id = $2
          AND (status = 'paid' OR (status = 'pending' AND stk_prompt_open
               AND created_at > now() - make_interval(secs => $3)))
        ORDER BY status = 'paid' DESC LIMIT 1`,
      [msisdn, slipId, openMs / 1000],
    );
    return row ? (row.paid ? 'paid' : 'prompt-open') : null;
  }

  /**
   * Whether `msisdn` already paid slip `slipId`, or has a newer STK prompt for it pending (the
   * paybill offer after a missed prompt is then not sent: docs/PRODUCT-RULES.md R205).
   */
  async slipPaidOrPromptedSince(
    msisdn: string,
    slipId: number,
    afterPurchaseId: string,
  ): Promise<boolean> {
    const [row] = await this.ds.query(
      `SELECT 1 FROM purchase
        WHERE kind = 'slip' AND phone = $1 AND slip_id = $2
          AND (status = 'paid' OR (status = 'pending' AND provider = 'mpesa' AND id > $3)) LIMIT 1`,
      [msisdn, slipId, afterPurchaseId],
    );
    return row !== undefined;
  }

  /** The latest slip purchase by e-mail `mail` (lower case) whose tx_ref or Flutterwave transaction id is `id`. */
  async slipPurchaseByEmail(mail: string, id: string): Promise<SlipPurchaseRef | null> {
    return this.ds.manager
      .createQueryBuilder(Purchase, 'p')
      .select(['p.id', 'p.slipId', 'p.status'])
      .where(
        `p.kind = 'slip' AND lower(p.email) = :mail AND (p.txRef = :id OR p.flwTransactionId = :id)`,
        { mail, id },
      )
      .orderBy('p.id', 'DESC')
      .getOne();
  }

  /** The slip purchase by e-mail `mail` (lower case) with tx_ref `ref`. */
  async slipPurchaseByTxRef(mail: string, ref: string): Promise<SlipPurchaseRef | null> {
    return this.ds.manager
      .createQueryBuilder(Purchase, 'p')
      .select(['p.id', 'p.slipId', 'p.status'])
      .where(`p.kind = 'slip' AND lower(p.email) = :mail AND p.txRef = :ref`, { mail, ref })
      .getOne();
  }

  /** Purchase `id` as a SlipPurchaseRef, or null. */
  async slipPurchaseById(id: string): Promise<SlipPurchaseRef | null> {
    return this.ds.manager.findOne(Purchase, {
      where: { id },
      select: { id: true, slipId: true, status: true },
    });
  }

  /** The slip of each of the given purchases (null for one that is not a slip purchase). */
  async slipIdsOf(purchaseIds: string[]): Promise<Map<string, number | null>> {
    if (!purchaseIds.length) return new Map();
    const rows: { id: string; slip_id: string | null }[] = await this.ds.query(
      `SELECT id::text, slip_id::text FROM purchase WHERE id = ANY($1::bigint[])`,
      [purchaseIds],
    );
    return new Map(rows.map((r) => [r.id, r.slip_id === null ? null : Number(r.slip_id)]));
  }

  /** The ids among `purchaseIds` of paid purchases whose purchase code or M-Pesa receipt is `word`. */
  async paidWithProof(purchaseIds: string[], word: string): Promise<string[]> {
    const rows: { id: string }[] = await this.ds.query(
      `SELECT id::text FROM purchase WHERE id = ANY($1::bigint[]) AND status = 'paid' AND (code = $2 OR receipt = $2)`,
      [purchaseIds, word],
    );
    return rows.map((r) => r.id);
  }

  /**
   * The purchases of `phone` (international digits): paid on M-Pesa from it, or counted against it
   * (`rg_phone`: the phone of the account behind a Flutterwave e-mail), newest first (by id), only
   * those with an id below `beforeId` when given, at most `limit`.
   */
  async purchasesOfPhone(
    phone: string,
    beforeId: string | null,
    limit: number,
  ): Promise<PhonePurchase[]> {
    const rows: {
      id: string;
      kind: PurchaseKind;
      slip_id: string | null;
      subscription_type: string | null;
      amount: string;
      currency: string;
      status: PurchaseStatus;
      created_at: Date;
      paid_at: Date | null;
      refunded: boolean;
    }[] = await this.ds.query(
      `SELECT id::text, kind, slip_id::text, subscription_type, amount::text, currency, status, created_at, paid_at,
              EXISTS (SELECT 1 FROM voucher v WHERE v.source_purchase_id = purchase.id AND v.reason <> 'change') AS refunded
         FROM purchase
        WHERE (phone = $1 OR rg_phone = $1) AND ($2::bigint IS NULL OR id < $2::bigint)
        ORDER BY purchase.id DESC LIMIT $3`,
      [phone, beforeId, limit],
    );
    return rows.map((r) => ({
      id: r.id,
      kind: r.kind,
      slipId: r.slip_id === null ? null : Number(r.slip_id),
      subscriptionType: r.subscription_type,
      amount: Money.parse(r.amount),
      currency: r.currency,
      status: r.status,
      createdAt: r.created_at,
      paidAt: r.paid_at,
      refunded: r.refunded,
    }));
  }

  /**
   * The purchases of `rgPhone` pending or paid, created since `from`, as the daily cap counts them
   * (docs/PRODUCT-RULES.md R86, R282: status, what is bought, Ksh price), in `em`'s transaction.
   */
  async spendSince(em: EntityManager, rgPhone: string, from: Date): Promise<SpendRow[]> {
    const rows = (await em.query(
      `SELECT status, kind, slip_id::text AS slip_id, subscription_type, COALESCE(amount_ksh, 0)::text AS amount_ksh FROM purchase
        WHERE rg_phone = $1 AND created_at >= $2 AND status IN ('pending', 'paid')`,
      [rgPhone, from],
    )) as {
      status: 'pending' | 'paid';
      kind: PurchaseKind;
      slip_id: string | null;
      subscription_type: string | null;
      amount_ksh: string;
    }[];
    return rows.map((r) => ({
      status: r.status,
      kind: r.kind,
      slipId: r.slip_id,
      subscriptionType: r.subscription_type,
      amountKsh: Money.parse(r.amount_ksh),
    }));
  }
}

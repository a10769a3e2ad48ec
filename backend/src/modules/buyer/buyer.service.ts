import { Injectable } from '@nestjs/common';
import { toNairobiIso } from '../../common/time/nairobi';
import type { PhonePurchase } from '../processor/purchase.service';
import { PurchaseService } from '../processor/purchase.service';
import { VoucherService } from '../processor/vouchers/voucher.service';
import { PhoneCodeService } from '../rg/phone-code.service';
import { BoughtSlipsService } from '../slip/bought-slips.service';
import type { SlipResponse } from '../slip/slip.mapper';
import { BuyerError, BuyerErrorCode } from './buyer.errors';
import {
  BUYER_PAGE_SIZE,
  BuyerPurchaseStatus,
  buyerStatus,
  parseBefore,
} from './domain/buyer-history';

/** One purchase as GET /api/buyer/purchases answers it (docs/PRODUCT-RULES.md R161). */
export interface BuyerPurchaseView {
  /** The purchase id (digits). */
  id: string;
  kind: 'slip' | 'subscription';
  status: BuyerPurchaseStatus;
  /** What was charged, as '150.00', in `currency` (KES, NGN or UGX). */
  price: string;
  currency: string;
  /** When the purchase started, Africa/Nairobi time (2026-11-23T12:00:00+03:00). */
  created_at: string;
  /** When it was paid, Africa/Nairobi time; null unless paid. */
  paid_at: string | null;
  slip_id: number | null;
  /** The slip's tipster (username); null for a subscription or a slip no longer known. */
  tipster: string | null;
  /** The subscription kind bought (kind 'subscription'), else null. */
  subscription_type: string | null;
  /** The slip's result once settled (W won, L lost, C cancelled), else null. */
  result: string | null;
  /** The slip in the public slip shape; picks (market_type, odd) only when this phone paid for it, or once settled. */
  slip: SlipResponse | null;
}

/** One voucher of the phone (docs/PRODUCT-RULES.md R163, R241). */
export interface BuyerVoucherView {
  /** The 12-digit code, as texted. */
  code: string;
  /** Its value as issued ('150.00') in `currency`, and in Ksh (what it pays for). */
  amount: string;
  currency: string;
  amount_ksh: string;
  reason: string;
  /** issued (usable until `expires_at`), redeemed or expired. */
  status: string;
  /** Africa/Nairobi time. */
  expires_at: string;
}

/** A page of a buyer's history; `next` is the `before` of the next page, null on the last. */
export interface BuyerPurchasesPage {
  data: BuyerPurchaseView[];
  next: string | null;
  /** Ksh the phone may still spend with its vouchers now ('150.00'; server-computed, R163). */
  voucher_balance: string;
  /** The phone's vouchers, newest first. */
  vouchers: BuyerVoucherView[];
}

/**
 * A buyer's history (docs/PRODUCT-RULES.md R160-R163): a one-time SMS code proves holding the
 * phone (rg's PhoneCodeService, purpose `buyer`); then every purchase of that phone, newest first,
 * read through processor's PurchaseService, with its slip through slip's BoughtSlipsService.
 */
@Injectable()
export class BuyerService {
  constructor(
    private readonly codes: PhoneCodeService,
    private readonly purchases: PurchaseService,
    private readonly slips: BoughtSlipsService,
    private readonly vouchers: VoucherService,
  ) {}

  /**
   * POST /api/buyer/code: texts a 6-digit code (10 minutes) to `phone`; the same answer whether
   * the phone ever bought or not.
   * @throws RgError INVALID_PHONE (400), CODE_TOO_SOON (429).
   */
  sendCode(phone: unknown): Promise<{ message: string }> {
    return this.codes.send(phone, 'buyer');
  }

  /**
   * GET /api/buyer/purchases: a page of BUYER_PAGE_SIZE purchases of `phone`, newest first, below
   * purchase `before` (the previous page's `next`) when given, with the phone's vouchers and their
   * balance (docs/PRODUCT-RULES.md R163).
   * @throws BuyerError INVALID_CURSOR (400); RgError INVALID_PHONE, INVALID_CODE (400).
   */
  async purchasesOf(phone: unknown, code: unknown, before: unknown): Promise<BuyerPurchasesPage> {
    const cursor = parseBefore(before);
    if (cursor === 'invalid') throw new BuyerError(BuyerErrorCode.INVALID_CURSOR);
    const holder = await this.codes.proveHolder(phone, code);
    const rows = await this.purchases.purchasesOfPhone(holder, cursor, BUYER_PAGE_SIZE + 1);
    const page = rows.slice(0, BUYER_PAGE_SIZE);
    const slipIds = page.flatMap((p) => (p.kind === 'slip' && p.slipId !== null ? [p.slipId] : []));
    const paid = new Set(
      page.flatMap((p) =>
        p.kind === 'slip' && p.slipId !== null && p.status === 'paid' ? [p.slipId] : [],
      ),
    );
    const slips = await this.slips.forBuyer(slipIds, paid);
    const vouchers = await this.vouchers.ofPhone(holder);
    return {
      data: page.map((p) => view(p, p.slipId === null ? undefined : slips.get(p.slipId))),
      next: rows.length > BUYER_PAGE_SIZE ? page[page.length - 1].id : null,
      voucher_balance: vouchers.balanceKsh.toDecimal(),
      vouchers: vouchers.vouchers.map((v) => ({
        code: v.code,
        amount: v.amount.toDecimal(),
        currency: v.currency,
        amount_ksh: v.amountKsh.toDecimal(),
        reason: v.reason,
        status: v.status === 'issued' && !vouchers.usable.has(v.id) ? 'expired' : v.status,
        expires_at: toNairobiIso(v.expiresAt),
      })),
    };
  }
}

const view = (p: PhonePurchase, slip: SlipResponse | undefined): BuyerPurchaseView => ({
  id: p.id,
  kind: p.kind,
  status: buyerStatus(p.status, p.refunded),
  price: p.amount.toDecimal(),
  currency: p.currency,
  created_at: toNairobiIso(p.createdAt),
  paid_at: p.status === 'paid' && p.paidAt ? toNairobiIso(p.paidAt) : null,
  slip_id: p.slipId,
  tipster: slip?.user.username ?? null,
  subscription_type: p.subscriptionType,
  result: slip?.slip_result ?? null,
  slip: slip ?? null,
});

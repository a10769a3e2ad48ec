import { Inject, Injectable, Logger } from '@nestjs/common';
import { EntityManager } from 'typeorm';
import { Clock, CLOCK } from '../../../common/clock/clock';
import { Money, sumMoney } from '../../../common/money/money';
import { TransactionRunner } from '../../../database/transaction-runner';
import { LedgerVoucherService } from '../../ledger/ledger-voucher.service';
import { phoneHolder, refundHolder, VoucherReason, voucherExpiry } from '../domain/voucher';
import type { Purchase } from '../entities/purchase.entity';
import { Voucher } from '../entities/voucher.entity';
import { VoucherPurchaseInput, VoucherRail } from '../rails/voucher.rail';
import { VoucherIssuer } from './voucher-issuer';
import { RefundablePurchase, VoucherRepository } from './voucher.repository';

/** A refund voucher issued for a purchase: the voucher and the purchase's slip. */
export interface IssuedRefund {
  voucher: Voucher;
  slipId: number;
}

/** A phone's vouchers and what it may still spend (docs/PRODUCT-RULES.md R163). */
export interface PhoneVouchers {
  /** Σ Ksh value of the vouchers still usable now. */
  balanceKsh: Money;
  vouchers: Voucher[];
  /** Ids of the vouchers still usable now (issued, not past their expiry). */
  usable: Set<string>;
}

/** Vouchers expired per transaction by `expireDue`. */
const EXPIRE_BATCH = 500;

/**
 * The processor's door for vouchers (docs/PRODUCT-RULES.md R240-R247; docs/ARCHITECTURE.md
 * "modules/processor"): paying a slip with a voucher (VoucherRail, VoucherRedemption), refunds
 * of paid slip purchases as a voucher by phone (the tipster's share reversed, the voucher issued,
 * both in the ledger, in the caller's transaction), the expiry sweep and a phone's balance.
 * Amounts: `amount` in the purchase's currency, `amountKsh` its Ksh value (Money).
 */
@Injectable()
export class VoucherService {
  private readonly logger = new Logger(VoucherService.name);

  constructor(
    private readonly repo: VoucherRepository,
    private readonly ledger: LedgerVoucherService,
    private readonly issuer: VoucherIssuer,
    private readonly tx: TransactionRunner,
    @Inject(CLOCK) private readonly clock: Clock,
    private readonly rail: VoucherRail,
  ) {}

  /** A slip paid by voucher at once, no STK push: see VoucherRail.start (the voucher's 4xx, the gate's 403). */
  pay(input: VoucherPurchaseInput): Promise<Purchase> {
    return this.rail.start(input);
  }

  /**
   * Refunds paid slip purchases by voucher, in `em`'s transaction (docs/PRODUCT-RULES.md R243):
   * for each purchase whose tipster share is still pending (W), the share is reversed (W → U,
   * `sale_share_reversal`) and a voucher of the price paid is issued (`voucher_issued`) for
   * `reasonOf(purchase)`, held by its phone, else its e-mail (refundHolder: R283). A purchase
   * whose share is no longer W, or that has a refund voucher, is skipped: a repeat is a no-op. A
   * purchase with neither (none is made so) is left to the caller's usual path.
   * @returns the vouchers issued now, and the purchases handled (refunded now or before).
   */
  async refundPurchases(
    em: EntityManager,
    purchaseIds: string[],
    reasonOf: (p: RefundablePurchase) => Exclude<VoucherReason, 'change'>,
  ): Promise<{ issued: IssuedRefund[]; handled: Set<string> }> {
    const purchases = (await this.repo.refundable(em, purchaseIds)).flatMap((p) => {
      const holder = refundHolder(p);
      return holder ? [{ ...p, holder }] : [];
    });
    const before = await this.repo.refunded(
      em,
      purchases.map((p) => p.id),
    );
    const reversed = new Set(
      await this.ledger.reverseSaleShares(
        em,
        purchases.filter((p) => !before.has(p.id)).map((p) => p.id),
      ),
    );
    const now = this.clock.now();
    const toIssue = purchases.filter((p) => reversed.has(p.id));
    const vouchers = await this.issuer.issue(
      em,
      toIssue.map((p) => ({
        ...p.holder,
        code: '',
        amount: p.amount,
        currency: p.currency,
        amountKsh: p.amountKsh,
        sourcePurchaseId: p.id,
        reason: reasonOf(p),
        issuedAt: now,
        expiresAt: voucherExpiry(now),
      })),
    );
    const slipOf = new Map(purchases.map((p) => [p.id, p.slipId]));
    return {
      issued: vouchers.map((voucher) => ({
        voucher,
        slipId: slipOf.get(voucher.sourcePurchaseId) as number,
      })),
      handled: new Set([...before, ...reversed]),
    };
  }

  /** `phone`'s vouchers, newest first, and the Ksh it may still spend with them now (R163). */
  async ofPhone(phone: string): Promise<PhoneVouchers> {
    const now = this.clock.now().getTime();
    const vouchers = await this.repo.ofHolder(phoneHolder(phone));
    const usable = vouchers.filter((v) => v.status === 'issued' && v.expiresAt.getTime() > now);
    return {
      balanceKsh: sumMoney(usable.map((v) => v.amountKsh)),
      vouchers,
      usable: new Set(usable.map((v) => v.id)),
    };
  }

  /**
   * The expiry sweep (docs/PRODUCT-RULES.md R242): issued vouchers past their expiry become
   * `expired` with a `voucher_expired` ledger row each, EXPIRE_BATCH per transaction. Safe to run
   * in several workers at once (rows claimed with SKIP LOCKED). Returns how many expired.
   */
  async expireDue(): Promise<number> {
    let total = 0;
    for (;;) {
      const n = await this.tx.run(async (em) => {
        const rows = await this.repo.expireDue(em, this.clock.now(), EXPIRE_BATCH);
        await this.ledger.recordVouchersExpired(
          em,
          rows.map((r) => ({ voucherId: r.id, amountKsh: Money.parse(r.amount_ksh) })),
        );
        return rows.length;
      });
      total += n;
      if (n < EXPIRE_BATCH) break;
    }
    if (total) this.logger.log(`${total} voucher(s) expired`);
    return total;
  }
}

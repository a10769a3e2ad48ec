import { Inject, Injectable } from '@nestjs/common';
import { EntityManager } from 'typeorm';
import { Clock, CLOCK } from '../../../common/clock/clock';
import { Money } from '../../../common/money/money';
import { LedgerVoucherService } from '../../ledger/ledger-voucher.service';
import {
  normaliseVoucherCode,
  sameVoucherCode,
  VOUCHER_ATTEMPT_WINDOW_MS,
  VOUCHER_MAX_FAILED_ATTEMPTS,
  VoucherHolder,
  VoucherRefusal,
  voucherRefusal,
} from '../domain/voucher';
import { Voucher } from '../entities/voucher.entity';
import { ProcessorError, ProcessorErrorCode } from '../processor.errors';
import { VoucherIssuer } from './voucher-issuer';
import { VoucherRepository } from './voucher.repository';

const REFUSAL_ERROR: Record<VoucherRefusal, ProcessorErrorCode> = {
  unknown: ProcessorErrorCode.VOUCHER_UNKNOWN,
  'other-phone': ProcessorErrorCode.VOUCHER_OTHER_PHONE,
  'other-email': ProcessorErrorCode.VOUCHER_OTHER_EMAIL,
  redeemed: ProcessorErrorCode.VOUCHER_REDEEMED,
  expired: ProcessorErrorCode.VOUCHER_EXPIRED,
  'too-small': ProcessorErrorCode.VOUCHER_TOO_SMALL,
};

/**
 * Voucher redemption (docs/PRODUCT-RULES.md R246, R247): the check of a typed code before any
 * purchase row, and the redemption inside the payment transaction. Amounts in Ksh (Money).
 */
@Injectable()
export class VoucherRedemption {
  constructor(
    private readonly repo: VoucherRepository,
    private readonly ledger: LedgerVoucherService,
    private readonly issuer: VoucherIssuer,
    @Inject(CLOCK) private readonly clock: Clock,
  ) {}

  /**
   * The voucher `typed` names, when `holder` (a phone, or an e-mail: R283) may pay `priceKsh` with
   * it now (docs/PRODUCT-RULES.md R246, R247). A code no voucher has, or another holder's, counts
   * as a wrong attempt; past VOUCHER_MAX_FAILED_ATTEMPTS in VOUCHER_ATTEMPT_WINDOW_MS the holder
   * is refused first.
   * @throws ProcessorError VOUCHER_LOCKED (429), VOUCHER_MALFORMED(_EMAIL) /
   *   VOUCHER_UNKNOWN(_EMAIL) / VOUCHER_TOO_SMALL (400), VOUCHER_OTHER_PHONE / VOUCHER_OTHER_EMAIL
   *   (403), VOUCHER_REDEEMED (409), VOUCHER_EXPIRED (410). Nothing is spent.
   */
  async check(holder: VoucherHolder, typed: unknown, priceKsh: Money): Promise<Voucher> {
    const now = this.clock.now();
    const since = new Date(now.getTime() - VOUCHER_ATTEMPT_WINDOW_MS);
    if ((await this.repo.failedSince(holder, since)) >= VOUCHER_MAX_FAILED_ATTEMPTS) {
      throw new ProcessorError(ProcessorErrorCode.VOUCHER_LOCKED);
    }
    const code = normaliseVoucherCode(typed);
    const byEmail = holder.phone === null;
    if (!code)
      throw new ProcessorError(
        byEmail ? ProcessorErrorCode.VOUCHER_MALFORMED_EMAIL : ProcessorErrorCode.VOUCHER_MALFORMED,
      );
    // The holder's own vouchers are compared in constant time; only when none matches is the code
    // looked up among all (to tell "another holder's" apart), and that counts as a wrong attempt.
    const own = (await this.repo.ofHolder(holder)).filter((v) => sameVoucherCode(v.code, code));
    const voucher = own[0] ?? (await this.repo.byCode(code));
    const refusal = voucherRefusal(voucher, holder, priceKsh, now);
    if (refusal === 'unknown' || refusal === 'other-phone' || refusal === 'other-email')
      await this.repo.recordFailure(holder, now);
    if (refusal === 'unknown' && byEmail)
      throw new ProcessorError(ProcessorErrorCode.VOUCHER_UNKNOWN_EMAIL);
    if (refusal) throw new ProcessorError(REFUSAL_ERROR[refusal]);
    return voucher as Voucher;
  }

  /**
   * Redeems voucher `voucherId` for purchase `purchase` (its Ksh price) in the payment
   * transaction `em` (docs/PRODUCT-RULES.md R246): the voucher locked, checked again, marked
   * redeemed (once: a second redemption finds it redeemed), `voucher_redeemed` of its whole
   * value; what the price leaves over is a `change` voucher of the same holder with the same
   * expiry.
   * @returns the change voucher, or null.
   * @throws ProcessorError VOUCHER_REDEEMED / VOUCHER_EXPIRED / VOUCHER_TOO_SMALL (the payment
   *   rolls back).
   */
  async redeemIn(
    em: EntityManager,
    voucherId: string,
    holder: VoucherHolder,
    purchase: { id: string; priceKsh: Money },
  ): Promise<Voucher | null> {
    const now = this.clock.now();
    const v = await this.repo.lock(em, voucherId);
    const refusal = voucherRefusal(v, holder, purchase.priceKsh, now);
    if (refusal) throw new ProcessorError(REFUSAL_ERROR[refusal]);
    const voucher = v as Voucher;
    if (!(await this.repo.markRedeemed(em, voucher.id, purchase.id, now)))
      throw new ProcessorError(ProcessorErrorCode.VOUCHER_REDEEMED);
    await this.ledger.recordVoucherRedeemed(em, voucher.id, purchase.id, voucher.amountKsh);
    const left = voucher.amountKsh.sub(purchase.priceKsh);
    if (left.isZero()) return null;
    const [change] = await this.issuer.issue(em, [
      {
        ...holder,
        code: '',
        amount: left,
        currency: 'KES',
        amountKsh: left,
        sourcePurchaseId: purchase.id,
        reason: 'change',
        issuedAt: now,
        expiresAt: voucher.expiresAt,
      },
    ]);
    return change ?? null;
  }
}

import { Injectable } from '@nestjs/common';
import { EntityManager } from 'typeorm';
import { Money } from '../../common/money/money';
import { LEDGER_ACCOUNT, LEDGER_KIND, LEDGER_STATUS, LedgerKind } from './ledger.constants';
import { LedgerRepository } from './ledger.repository';
import { row } from './ledger-row';

/**
 * The ledger's voucher movements (docs/PRODUCT-RULES.md R240-R249; docs/ARCHITECTURE.md
 * "modules/ledger"): a lost money-back or refunded sale's share taken back from the tipster, and
 * vouchers issued, redeemed and expired on the voucher account. Beside `LedgerService`, the only
 * other code that writes `ledger_entry`; the same contract: every method takes the caller's
 * EntityManager (one transaction with the voucher rows) and is idempotent (rows keyed on kind and
 * purchase or voucher). Amounts are Ksh, Money (integer cents).
 */
@Injectable()
export class LedgerVoucherService {
  constructor(private readonly repo: LedgerRepository) {}

  /**
   * Refund of slip sales by voucher (docs/PRODUCT-RULES.md R243): the tipster's pending (W) 60%
   * shares of `purchaseIds` become unpaid (U), never available, and per reversed share one
   * `sale_share_reversal` row (platform account, +share, P) records that the platform takes it
   * back to fund the voucher with its 40% fee. Only shares still W change, so a repeat is a no-op.
   * @returns the purchases whose share was reversed (only these may be refunded).
   */
  async reverseSaleShares(em: EntityManager, purchaseIds: string[]): Promise<string[]> {
    const reversed = await this.repo.reverseSaleShares(em, purchaseIds);
    await this.repo.insert(
      em,
      reversed.map((r) =>
        row({
          account: LEDGER_ACCOUNT.PLATFORM,
          kind: LEDGER_KIND.SALE_SHARE_REVERSAL,
          amount: Money.parse(r.amount),
          status: LEDGER_STATUS.PAID,
          purchaseId: r.purchase_id,
        }),
      ),
    );
    return reversed.map((r) => r.purchase_id);
  }

  /** Vouchers issued (docs/PRODUCT-RULES.md R241): per voucher +its Ksh value on the voucher account, once. */
  recordVouchersIssued(em: EntityManager, vouchers: VoucherAmount[]): Promise<number> {
    return this.repo.insert(
      em,
      vouchers.map((v) => voucherRow(LEDGER_KIND.VOUCHER_ISSUED, v.voucherId, v.amountKsh)),
    );
  }

  /** A voucher spent on purchase `purchaseId` (R246): −its whole Ksh value on the voucher account, once. False when recorded before. */
  async recordVoucherRedeemed(
    em: EntityManager,
    voucherId: string,
    purchaseId: string,
    amountKsh: Money,
  ): Promise<boolean> {
    const entry = {
      ...voucherRow(LEDGER_KIND.VOUCHER_REDEEMED, voucherId, Money.ZERO.sub(amountKsh)),
      purchaseId,
    };
    return (await this.repo.insert(em, [entry])) > 0;
  }

  /** Vouchers lapsed unused (R242): per voucher −its Ksh value on the voucher account, once. */
  recordVouchersExpired(em: EntityManager, vouchers: VoucherAmount[]): Promise<number> {
    return this.repo.insert(
      em,
      vouchers.map((v) =>
        voucherRow(LEDGER_KIND.VOUCHER_EXPIRED, v.voucherId, Money.ZERO.sub(v.amountKsh)),
      ),
    );
  }
}

/** A voucher and its value in Ksh. */
interface VoucherAmount {
  voucherId: string;
  amountKsh: Money;
}

/** One paid row of `kind` on the voucher account for `voucherId`, `amount` signed by the caller (R241-R246). */
const voucherRow = (kind: LedgerKind, voucherId: string, amount: Money) =>
  row({ account: LEDGER_ACCOUNT.VOUCHER, kind, amount, status: LEDGER_STATUS.PAID, voucherId });

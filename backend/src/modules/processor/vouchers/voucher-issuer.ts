import { Injectable } from '@nestjs/common';
import { EntityManager } from 'typeorm';
import { LedgerVoucherService } from '../../ledger/ledger-voucher.service';
import { newVoucherCode } from '../domain/voucher';
import { Voucher } from '../entities/voucher.entity';
import { NewVoucher, VoucherRepository } from './voucher.repository';

/**
 * Issues vouchers in the caller's transaction (docs/PRODUCT-RULES.md R241): the rows with fresh
 * codes and one `voucher_issued` ledger row each.
 */
@Injectable()
export class VoucherIssuer {
  constructor(
    private readonly repo: VoucherRepository,
    private readonly ledger: LedgerVoucherService,
  ) {}

  /**
   * Inserts vouchers with fresh codes and their `voucher_issued` rows; a code already taken (a
   * one-in-10^12 draw) is drawn again, a refund already made is skipped.
   */
  async issue(em: EntityManager, rows: NewVoucher[]): Promise<Voucher[]> {
    const out: Voucher[] = [];
    let left = rows;
    for (let attempt = 0; left.length && attempt < 3; attempt++) {
      const inserted = await this.repo.insertMany(
        em,
        left.map((r) => ({ ...r, code: newVoucherCode() })),
      );
      out.push(...inserted);
      const done = new Set(inserted.map((v) => v.sourcePurchaseId));
      const refunded = await this.repo.refunded(
        em,
        left.filter((r) => !done.has(r.sourcePurchaseId)).map((r) => r.sourcePurchaseId),
      );
      left = left.filter(
        (r) =>
          !done.has(r.sourcePurchaseId) &&
          !(r.reason !== 'change' && refunded.has(r.sourcePurchaseId)),
      );
    }
    await this.ledger.recordVouchersIssued(
      em,
      out.map((v) => ({ voucherId: v.id, amountKsh: v.amountKsh })),
    );
    return out;
  }
}

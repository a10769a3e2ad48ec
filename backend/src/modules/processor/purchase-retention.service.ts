import { Injectable } from '@nestjs/common';
import { LedgerService } from '../ledger/ledger.service';
import { PurchaseRepository } from './purchase.repository';

/** Purchases looked at per batch by a retention run. */
export const ERASE_CONTACTS_BATCH = 1000;

/** What one pass over the purchases did (docs/PRODUCT-RULES.md R271). */
export interface PurchaseContactsErased {
  /** Purchases whose phone / e-mail were erased by this pass. */
  erased: number;
  /** Purchases older than the cut-off still holding a contact: a money question is open on them. */
  kept: number;
}

/**
 * The processor's part of data retention (docs/PRODUCT-RULES.md R271): the buyer's phone, the
 * responsible-gambling phone and the e-mail of a purchase are erased once the purchase is older
 * than the retention period, unless money is still open on it (pending, flagged for review,
 * unmatched paybill money, or a tipster share the ledger holds pending until the slip settles,
 * after which a cancelled slip's buyers are texted). The amount, status, receipt and code stay:
 * the money invariants and the records do not change.
 */
@Injectable()
export class PurchaseRetentionService {
  constructor(
    private readonly purchases: PurchaseRepository,
    private readonly ledger: LedgerService,
  ) {}

  /** Erases the contacts of every purchase created before `before` with no open money; idempotent. */
  async eraseContacts(before: Date): Promise<PurchaseContactsErased> {
    let erased = 0;
    let afterId = '0';
    for (;;) {
      const ids = await this.purchases.contactErasable(before, afterId, ERASE_CONTACTS_BATCH);
      if (!ids.length) break;
      const open = new Set(await this.ledger.purchasesWithOpenMoney(ids));
      erased += await this.purchases.eraseContacts(ids.filter((id) => !open.has(id)));
      afterId = ids[ids.length - 1];
      if (ids.length < ERASE_CONTACTS_BATCH) break;
    }
    return { erased, kept: await this.purchases.countWithContactBefore(before) };
  }
}

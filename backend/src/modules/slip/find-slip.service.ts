import { Injectable, Logger } from '@nestjs/common';
import { toKenyanMsisdn } from '../../common/msisdn/msisdn';
import { FlutterwaveClient } from '../../providers/flutterwave/flutterwave.client';
import { PurchaseLookupRepository, SlipPurchaseRef } from '../processor/purchase-lookup.repository';
import { PurchaseService } from '../processor/purchase.service';
import { firstWord } from './domain/slip-sale';
import { SlipLegsService } from './slip-legs.service';
import { SLIP_SALE_ERRORS } from './slip-sales.errors';

/** One tip as find-slip returns it (docs/PRODUCT-RULES.md R141: tip list with Game, League, Tip). */
export interface FoundTip {
  Game: string;
  League: string;
  Tip: string;
}

/** `text` (URL-encoded base64, standard or URL-safe) decoded and trimmed; '' when unreadable. */
const decodeBase64 = (text: string): string => {
  try {
    const s = decodeURIComponent(text ?? '').trim();
    return Buffer.from(s.replace(/-/g, '+').replace(/_/g, '/'), 'base64').toString('utf8').trim();
  } catch {
    return '';
  }
};

/**
 * Find-slip (docs/PRODUCT-RULES.md "Finding a bought slip again"): the picks of a paid slip
 * purchase, for the buyer who shows the phone and M-Pesa receipt (or our purchase code), or the
 * e-mail and Flutterwave reference.
 */
@Injectable()
export class FindSlipService {
  private readonly logger = new Logger(FindSlipService.name);

  constructor(
    private readonly purchaseLookup: PurchaseLookupRepository,
    private readonly flutterwave: FlutterwaveClient,
    private readonly purchases: PurchaseService,
    private readonly legs: SlipLegsService,
  ) {}

  /**
   * POST /api/manage/find-slip/{phone}/{code}: by M-Pesa receipt or our purchase code.
   * @throws 400 'Enter a valid phone number'; 404 'No paid slip found for these details'.
   */
  async findByPhone(phone: string, code: string): Promise<FoundTip[]> {
    const msisdn = toKenyanMsisdn(phone);
    if (!msisdn) throw SLIP_SALE_ERRORS.invalidFindPhone();
    const word = firstWord(code);
    if (!word) throw SLIP_SALE_ERRORS.notFound();
    const slipId = await this.purchaseLookup.paidSlipIdByPhone(msisdn, word);
    if (slipId === null) throw SLIP_SALE_ERRORS.notFound();
    return this.found(slipId);
  }

  /**
   * POST /api/manage/find-slip-ng/{email}/{base64 id}: the id is the Flutterwave transaction id or
   * our tx_ref. A purchase still pending (webhook not in yet) is verified with Flutterwave first
   * and applied as its webhook would be (PurchaseService.confirmFlutterwave).
   * @throws 404 'No paid slip found for these details'.
   */
  async findByEmail(email: string, encodedId: string): Promise<FoundTip[]> {
    const id = decodeBase64(encodedId);
    const mail = (email ?? '').trim().toLowerCase();
    if (!id || !mail) throw SLIP_SALE_ERRORS.notFound();
    let purchase: SlipPurchaseRef | null = await this.purchaseLookup.slipPurchaseByEmail(mail, id);
    if (!purchase || purchase.status === 'pending') {
      const verify = /^\d{1,18}$/.test(id)
        ? this.flutterwave.verifyTransaction(id)
        : this.flutterwave.verifyByReference(id);
      const tx = await verify.catch((e: unknown) => {
        const message = e instanceof Error ? e.message : String(e);
        this.logger.warn({ err: message }, 'find-slip-ng verification failed');
        return null;
      });
      if (tx) {
        const owned = await this.purchaseLookup.slipPurchaseByTxRef(mail, tx.txRef);
        if (owned) {
          const { id: transactionId, txRef } = tx;
          await this.purchases.confirmFlutterwave({
            kind: 'charge',
            shape: 'v3',
            event: 'find-slip-ng',
            transactionId,
            txRef,
          });
          purchase = await this.purchaseLookup.slipPurchaseById(owned.id);
        }
      }
    }
    if (!purchase || purchase.status !== 'paid') throw SLIP_SALE_ERRORS.notFound();
    return this.found(Number(purchase.slipId));
  }

  /** The slip's tips as find-slip answers them. */
  private async found(slipId: number): Promise<FoundTip[]> {
    return (await this.legs.legs(slipId)).map((l) => ({
      Game: l.game ? `${l.game.homeTeam} v ${l.game.awayTeam}` : 'Unknown game',
      League: l.game?.league ?? '',
      Tip: l.pick,
    }));
  }
}

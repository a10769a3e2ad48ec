import { preHtml } from '../../common/content/html-text';
import { Injectable, OnModuleInit } from '@nestjs/common';
import { EntityManager } from 'typeorm';
import { AppConfig } from '../../config/app-config';
import { LedgerService } from '../ledger/ledger.service';
import {
  FulfilmentResult,
  PaidPurchase,
  PurchaseFulfilment,
  PurchaseFulfilments,
} from '../processor/purchase-fulfilments';
import { buyerSms, findAgainLine, historyLine, SaleLeg } from './domain/slip-sale';
import { Slip } from './entities/slip.entity';
import { PicksDeliveryService, PicksToSend } from './picks-delivery.service';
import { SlipLegsService } from './slip-legs.service';
import { SlipSalesRepository } from './slip-sales.repository';

/** The earliest kick-off among a slip's legs (shown calendar, UTC), or null when none is known. */
const firstKickoff = (legs: SaleLeg[]): Date | null => {
  const times = legs.flatMap((l) => (l.game?.gameDate ? [l.game.gameDate.getTime()] : []));
  return times.length ? new Date(Math.min(...times)) : null;
};

/**
 * Slip-purchase fulfilment (docs/PRODUCT-RULES.md "Money", "Messages"; registered with the
 * processor as the 'slip' PurchaseFulfilment): inside the payment transaction, the tipster's 60%
 * share (pending) and the platform's 40% fee through LedgerService, and the picks for the buyer:
 * the SMS with our purchase code (Kenya), the e-mail through the outbox (Nigeria, Uganda),
 * queued and followed by PicksDeliveryService (docs/PRODUCT-RULES.md R220–R226).
 */
@Injectable()
export class SlipFulfilmentService implements PurchaseFulfilment, OnModuleInit {
  constructor(
    private readonly repo: SlipSalesRepository,
    private readonly config: AppConfig,
    private readonly ledger: LedgerService,
    private readonly fulfilments: PurchaseFulfilments,
    private readonly picks: PicksDeliveryService,
    private readonly legs: SlipLegsService,
  ) {}

  onModuleInit(): void {
    this.fulfilments.register('slip', this);
  }

  /** Fulfilment of one paid slip purchase, inside the payment transaction `em`. */
  async fulfil(em: EntityManager, purchase: PaidPurchase): Promise<FulfilmentResult> {
    return (await this.fulfilMany(em, [purchase]))[0];
  }

  /**
   * Fulfilment of several paid slip purchases (a batch of callbacks) in the payment transaction:
   * the slips, their tips and games read once for all, every sale share and fee in one INSERT;
   * per purchase the buyer SMS (Kenya) and the picks e-mail (Nigeria / Uganda, through the outbox).
   * @throws Error when a purchase's slip does not exist (the payment rolls back; the job retries).
   */
  async fulfilMany(em: EntityManager, purchases: PaidPurchase[]): Promise<FulfilmentResult[]> {
    const slipIds = [...new Set(purchases.map((p) => Number(p.slipId)))];
    const slips = new Map((await this.repo.slips(slipIds, em)).map((s) => [s.id, s]));
    const missing = slipIds.find((id) => !slips.has(id));
    if (missing !== undefined) throw new Error(`slip ${missing} of a paid purchase not found`);
    const slipOf = (p: PaidPurchase): Slip => slips.get(Number(p.slipId)) as Slip;
    // Shares are in Ksh (docs/PRODUCT-RULES.md "Money"): an NGN / UGX sale is credited on the
    // slip's Ksh price.
    await this.ledger.recordSaleShares(
      em,
      purchases.map((p) => ({
        purchaseId: p.id,
        amount: p.currency === 'KES' ? p.amount : slipOf(p).price,
        tipsterUserId: slipOf(p).userId,
      })),
    );
    const legs = await this.legs.legsOf(slipIds, em);
    const site = this.config.publicUrl;
    const items: PicksToSend[] = purchases.map((purchase) => {
      const slip = slipOf(purchase);
      const slipLegs = legs.get(slip.id) ?? [];
      // A phone buyer (M-Pesa) is also pointed to /my-tips (docs/PRODUCT-RULES.md R164); a buyer
      // of a money-back slip reads the promise (R277), by e-mail when no phone is known (R283).
      const voucherByEmail = !(purchase.phone ?? purchase.rgPhone);
      const text = buyerSms(
        { id: slip.id, accumulator: slip.accumulator, moneyBack: slip.moneyBack, voucherByEmail },
        slipLegs,
        purchase.code,
        site,
        findAgainLine(purchase, site),
        purchase.email ? undefined : historyLine(site),
      );
      // Nigeria / Uganda: the picks by e-mail too (docs/PRODUCT-RULES.md "Purchases and provider
      // callbacks"), through the outbox in this transaction, sent after commit.
      const email = purchase.email
        ? { subject: `Your tip slip ${slip.id}`, html: preHtml(text) }
        : null;
      return { purchase, slipId: slip.id, text, email, firstKickoffAt: firstKickoff(slipLegs) };
    });
    return this.picks.start(em, items);
  }
}

import { Injectable, Logger, OnModuleInit } from '@nestjs/common';
import { isEmailAddress } from '../../common/validation/email-address';
import { EntityManager } from 'typeorm';
import { DomainError } from '../../common/errors/domain-error';
import { salePrice } from '../../common/money/sale-prices';
import { INVALID_PHONE_MESSAGE, INVALID_PHONE_MESSAGE_LOWER, toKenyanMsisdn } from '../../common/msisdn/msisdn';
import { AppConfig } from '../../config/app-config';
import { TransactionRunner } from '../../database/transaction-runner';
import { FlutterwaveClient } from '../../providers/flutterwave/flutterwave.client';
import { marketById } from '../fixtures/domain/markets';
import { FixturesService, GameView } from '../fixtures/fixtures.service';
import { EmailOutboxService } from '../notifications/email-outbox.service';
import { SmsService } from '../notifications/sms/sms.service';
import { LedgerService } from '../ledger/ledger.service';
import { FulfilmentResult, PaidPurchase, PurchaseFulfilment, PurchaseFulfilments } from '../processor/purchase-fulfilments';
import { PurchaseLookupRepository, SlipPurchaseRef } from '../processor/purchase-lookup.repository';
import { PurchaseService } from '../processor/purchase.service';
import { Slip } from './entities/slip.entity';
import { SlipEvents, SlipSettled } from './slip-events';
import { SlipSalesRepository } from './slip-sales.repository';

/** SMS segment budget of the buyer SMS (docs/PRODUCT-RULES.md "Messages": under 3 segments). */
export const BUYER_SMS_MAX = 459;

/**
 * One tip as find-slip returns it (docs/PRODUCT-RULES.md R141: tip list with Game, League, Tip).
 */
export interface FoundTip {
  Game: string;
  League: string;
  Tip: string;
}

/** Largest slip id: `slip.id` is a PostgreSQL int. */
const MAX_SLIP_ID = 2_147_483_647;

const err = (code: string, status: number, message: string): DomainError => new DomainError(code, { status, message });

export const SLIP_SALE_ERRORS = {
  invalidPhone: () => err('INVALID_PHONE', 400, INVALID_PHONE_MESSAGE_LOWER),
  invalidFindPhone: () => err('INVALID_PHONE', 400, INVALID_PHONE_MESSAGE),
  slipNotFound: () => err('SLIP_NOT_FOUND', 400, 'Slip not found'),
  notOnSale: () => err('SLIP_NOT_ON_SALE', 400, 'This slip is no longer on sale'),
  notFound: () => err('PURCHASE_NOT_FOUND', 404, 'No paid slip found for these details'),
  invalidEmail: () => err('INVALID_EMAIL', 400, 'Invalid Email'),
  /** A required body field absent (e.g. `slip` sent to buy-flw, which reads `slip_id`): named. */
  missingField: (field: string) => err('MISSING_FIELD', 400, `${field} is required`),
};

/** True when a body field was not sent at all (absent, null or an empty string). */
const absent = (value: unknown): boolean => value === undefined || value === null || (typeof value === 'string' && value.trim() === '');

/**
 * The buyer e-mail a Flutterwave checkout needs (docs/PROVIDERS.md §2.2 `customer.email`): an
 * address of at most 254 characters. The web app sends whatever was typed
 * (docs/PRODUCT-RULES.md R138: no check before sending); anything else would come back from
 * Flutterwave as a failed payment request.
 */
export const checkoutEmail = (email: unknown): string | null => {
  const s = typeof email === 'string' ? email.trim() : '';
  return s.length <= 254 && isEmailAddress(s) ? s : null;
};

/** A slip's games in tip order with pick and odd (for the buyer SMS and find-slip). */
interface SlipLeg {
  game: GameView | undefined;
  pick: string;
  odd: string;
}

/**
 * Selling slips
 * (docs/PRODUCT-RULES.md "Slips", "Money", "Messages", "Finding a bought slip again"): the buy
 * routes, the slip fulfilment of a paid purchase (60% share pending + buyer SMS with the picks and
 * our purchase code), the sale shares at settlement, and find-slip.
 */
@Injectable()
export class SlipSalesService implements PurchaseFulfilment, OnModuleInit {
  private readonly logger = new Logger(SlipSalesService.name);

  constructor(
    private readonly tx: TransactionRunner,
    private readonly repo: SlipSalesRepository,
    private readonly config: AppConfig,
    private readonly purchases: PurchaseService,
    private readonly purchaseLookup: PurchaseLookupRepository,
    private readonly ledger: LedgerService,
    private readonly fulfilments: PurchaseFulfilments,
    private readonly fixtures: FixturesService,
    private readonly events: SlipEvents,
    private readonly sms: SmsService,
    private readonly flutterwave: FlutterwaveClient,
    private readonly emails: EmailOutboxService,
  ) {}

  onModuleInit(): void {
    this.fulfilments.register('slip', this);
    this.events.onSettledBatch(async (settled) => {
      await this.onSettledBatch(settled);
    });
  }

  /**
   * POST /api/processor/buy: STK push for the slip's Ksh price.
   * @throws 400 'slip is required' without `slip`, 'Enter a valid phone number', 'Slip not found',
   *   'This slip is no longer on sale'.
   */
  async buyMpesa(phone: unknown, slipId: unknown): Promise<{ message: string }> {
    if (absent(slipId)) throw SLIP_SALE_ERRORS.missingField('slip');
    const msisdn = toKenyanMsisdn(typeof phone === 'number' ? String(phone) : (phone as string));
    if (!msisdn) throw SLIP_SALE_ERRORS.invalidPhone();
    const slip = await this.slipOnSale(slipId);
    await this.purchases.startMpesa({ kind: 'slip', slipId: String(slip.id), phone: msisdn, amount: slip.price, description: `Slip ${slip.id}`.slice(0, 13) });
    return { message: 'Request Sent' };
  }

  /**
   * POST /api/processor/buy-flw (NGN, the slip's price_ng) and buy-flw-ug (UGX, its price_ug) → {link};
   * both amounts by salePrice, the rule the slip answers use.
   * @throws 400 'slip_id is required' without `slip_id`, 'Slip not found', 'This slip is no longer
   *   on sale', 'Invalid Email' (empty or not an address); 502 when Flutterwave refuses the request.
   */
  async buyFlutterwave(email: unknown, slipId: unknown, currency: 'NGN' | 'UGX'): Promise<{ link: string }> {
    if (absent(slipId)) throw SLIP_SALE_ERRORS.missingField('slip_id');
    const slip = await this.slipOnSale(slipId);
    const customerEmail = checkoutEmail(email);
    if (!customerEmail) throw SLIP_SALE_ERRORS.invalidEmail();
    const amount = salePrice(slip.price, currency, this.config.currency);
    const { link } = await this.purchases.startFlutterwave({
      kind: 'slip',
      slipId: String(slip.id),
      email: customerEmail,
      amount,
      amountKsh: slip.price,
      currency,
      redirectUrl: `${this.config.publicUrl}/find_tip_ng`,
      title: `Tip slip ${slip.id}`,
    });
    return { link };
  }

  /** The slip, when it exists and no game has kicked off (docs/PRODUCT-RULES.md). */
  private async slipOnSale(slipId: unknown): Promise<Slip> {
    const id = Number(slipId);
    if (!Number.isSafeInteger(id) || id <= 0 || id > MAX_SLIP_ID) throw SLIP_SALE_ERRORS.slipNotFound();
    const slip = await this.repo.slip(id);
    if (!slip) throw SLIP_SALE_ERRORS.slipNotFound();
    if (slip.slipResult) throw SLIP_SALE_ERRORS.notOnSale();
    const tips = await this.repo.tipsOfSlip(id);
    const games = await this.fixtures.games(tips.map((t) => t.fixtureId));
    if (games.length !== tips.length || games.some((g) => g.state.phase !== 'upcoming')) throw SLIP_SALE_ERRORS.notOnSale();
    return slip;
  }

  /** Fulfilment of a paid slip purchase, inside the payment transaction (PurchaseFulfilments). */
  async fulfil(em: EntityManager, purchase: PaidPurchase): Promise<FulfilmentResult> {
    return (await this.fulfilMany(em, [purchase]))[0];
  }

  /**
   * Fulfilment of several paid slip purchases (a batch of callbacks) in the payment transaction:
   * the slips, their tips and games read once for all, every sale share and fee in one INSERT;
   * per purchase the buyer SMS (Kenya) and the picks e-mail (Nigeria / Uganda, through the outbox).
   */
  async fulfilMany(em: EntityManager, purchases: PaidPurchase[]): Promise<FulfilmentResult[]> {
    const slipIds = [...new Set(purchases.map((p) => Number(p.slipId)))];
    const slips = new Map((await this.repo.slips(slipIds, em)).map((s) => [s.id, s]));
    const missing = slipIds.find((id) => !slips.has(id));
    if (missing !== undefined) throw new Error(`slip ${missing} of a paid purchase not found`);
    // Shares are in Ksh (docs/PRODUCT-RULES.md "Money"): an NGN / UGX sale is credited on the
    // slip's Ksh price.
    await this.ledger.recordSaleShares(
      em,
      purchases.map((p) => {
        const slip = slips.get(Number(p.slipId)) as Slip;
        return { purchaseId: p.id, amount: p.currency === 'KES' ? p.amount : slip.price, tipsterUserId: slip.userId };
      }),
    );
    const legs = await this.legsOf(slipIds, em);
    const results: FulfilmentResult[] = [];
    for (const purchase of purchases) {
      const slip = slips.get(Number(purchase.slipId)) as Slip;
      const text = buyerSms(slip, legs.get(slip.id) ?? [], purchase.code, this.config.publicUrl, findAgainLine(purchase, this.config.publicUrl));
      const emails: string[] = [];
      if (purchase.email) {
        // Nigeria / Uganda: the picks by e-mail
        // (docs/PRODUCT-RULES.md "Purchases and provider callbacks"), through the outbox in this
        // transaction, sent after commit.
        const html = `<pre>${text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;')}</pre>`;
        emails.push(await this.emails.add(em, { kind: 'deliver-slip', to: purchase.email, subject: `Your tip slip ${slip.id}`, text, html }));
      }
      results.push({ sms: purchase.phone ? [{ to: purchase.phone, body: text, purpose: 'deliver-slip' }] : [], emails });
    }
    return results;
  }

  /** `slip.settled` for one slip: see onSettledBatch. */
  async onSettled(e: Pick<SlipSettled, 'slipId' | 'result'>): Promise<number> {
    return this.onSettledBatch([e]);
  }

  /**
   * `slip.settled` for a settlement batch: W/L moves each slip's pending sale shares (W) to paid
   * (P); C marks them unpaid (U) and texts the buyers. One transaction: one query for the batch's
   * paid purchases (processor), one UPDATE of their shares (the ledger); only shares still W
   * change, so a re-emit is a no-op. Returns how many shares changed.
   */
  async onSettledBatch(settled: Pick<SlipSettled, 'slipId' | 'result'>[]): Promise<number> {
    if (!settled.length) return 0;
    const smsIds: string[] = [];
    const resultOf = new Map(settled.map((e) => [Number(e.slipId), e.result]));
    const changed = await this.tx.run(async (em) => {
      const sold = await this.purchaseLookup.paidSlipPurchases([...resultOf.keys()], em);
      const changedIds = new Set(
        await this.ledger.settleSaleShares(
          em,
          sold.map((p) => ({ purchaseId: p.id, result: resultOf.get(p.slipId) as SlipSettled['result'] })),
        ),
      );
      const cancelled = sold.filter((p) => changedIds.has(p.id) && resultOf.get(p.slipId) === 'C' && p.phone);
      for (const b of cancelled) {
        smsIds.push(await this.sms.queue(b.phone as string, cancelledSms(b.slipId, b.code), 'slip-cancelled', em));
      }
      return changedIds.size;
    });
    if (smsIds.length) await this.sms.dispatch(...smsIds);
    if (changed) this.logger.log(`${settled.length} slip(s) settled: ${changed} sale share(s) paid or unpaid`);
    return changed;
  }

  /** POST /api/manage/find-slip/{phone}/{code}: by M-Pesa receipt or our purchase code. */
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
   * our tx_ref. A purchase still pending (webhook not in yet) is verified with Flutterwave first.
   */
  async findByEmail(email: string, encodedId: string): Promise<FoundTip[]> {
    const id = decodeBase64(encodedId);
    const mail = (email ?? '').trim().toLowerCase();
    if (!id || !mail) throw SLIP_SALE_ERRORS.notFound();
    let purchase: SlipPurchaseRef | null = await this.purchaseLookup.slipPurchaseByEmail(mail, id);
    if (!purchase || purchase.status === 'pending') {
      const tx = await (/^\d{1,18}$/.test(id) ? this.flutterwave.verifyTransaction(id) : this.flutterwave.verifyByReference(id)).catch((e: unknown) => {
        this.logger.warn({ err: e instanceof Error ? e.message : String(e) }, 'find-slip-ng verification failed');
        return null;
      });
      if (tx) {
        const owned = await this.purchaseLookup.slipPurchaseByTxRef(mail, tx.txRef);
        if (owned) {
          await this.purchases.confirmFlutterwave({ kind: 'charge', shape: 'v3', event: 'find-slip-ng', transactionId: tx.id, txRef: tx.txRef });
          purchase = await this.purchaseLookup.slipPurchaseById(owned.id);
        }
      }
    }
    if (!purchase || purchase.status !== 'paid') throw SLIP_SALE_ERRORS.notFound();
    return this.found(Number(purchase.slipId));
  }

  private async found(slipId: number): Promise<FoundTip[]> {
    return (await this.legs(slipId)).map((l) => ({
      Game: l.game ? `${l.game.homeTeam} v ${l.game.awayTeam}` : 'Unknown game',
      League: l.game?.league ?? '',
      Tip: l.pick,
    }));
  }

  private async legs(slipId: number, em?: EntityManager): Promise<SlipLeg[]> {
    return (await this.legsOf([slipId], em)).get(slipId) ?? [];
  }

  /** The legs of each slip, in tip order: one query for the tips, one for their games. */
  private async legsOf(slipIds: number[], em?: EntityManager): Promise<Map<number, SlipLeg[]>> {
    const tips = await this.repo.tipsInOrder(slipIds, em);
    // Inside a payment transaction read on its connection: a second pool connection per job could starve the pool.
    const games = new Map((await this.fixtures.games([...new Set(tips.map((t) => t.fixtureId))], em)).map((g) => [g.id, g]));
    const bySlip = new Map<number, SlipLeg[]>(slipIds.map((id) => [id, []]));
    for (const t of tips) {
      bySlip.get(Number(t.slipId))?.push({ game: games.get(t.fixtureId), pick: marketById(t.marketId)?.value ?? String(t.marketId), odd: t.odd });
    }
    return bySlip;
  }
}

/** The first word of a find-tip code, trimmed and upper-cased (docs/PRODUCT-RULES.md R72). */
export const firstWord = (code: string | null | undefined): string => (code ?? '').trim().split(/\s+/)[0]?.toUpperCase() ?? '';

const decodeBase64 = (text: string): string => {
  try {
    const s = decodeURIComponent(text ?? '').trim();
    return Buffer.from(s.replace(/-/g, '+').replace(/_/g, '/'), 'base64').toString('utf8').trim();
  } catch {
    return '';
  }
};

/**
 * Where and with what a buyer finds a bought slip again, by the rail they paid on
 * (docs/PRODUCT-RULES.md R72, R74, R104):
 * - M-Pesa (Kenya, a phone on record): /find_tip with their phone and our purchase code (find-slip
 *   matches the code or the M-Pesa receipt);
 * - Flutterwave (Nigeria, Uganda: an e-mail, no phone): /find_tip_ng with their e-mail and the
 *   checkout's tx_ref (find-slip-ng matches it), linked with ?tx_ref= so the page fills it in.
 */
export const findAgainLine = (
  purchase: Pick<PaidPurchase, 'code' | 'email' | 'txRef'>,
  site = '',
): string =>
  purchase.email && purchase.txRef
    ? `Find it again: ${site}/find_tip_ng?tx_ref=${encodeURIComponent(purchase.txRef)} with your e-mail and reference ${purchase.txRef}`
    : `Find it again: ${site}/find_tip with your phone and code ${purchase.code}`;

/**
 * The buyer SMS, also the text of the Nigerian / Ugandan picks e-mail
 * (docs/PRODUCT-RULES.md "Messages"): slip id, each game 'Home v Away - PICK @odd', total odds, our
 * purchase code and where to find it again (`findLine`, by default the Kenyan /find_tip line:
 * findAgainLine); team names shortened when over 459 characters.
 */
export const buyerSms = (
  slip: Pick<Slip, 'id' | 'accumulator'>,
  legs: SlipLeg[],
  code: string,
  site = '',
  findLine = findAgainLine({ code, email: null, txRef: null }, site),
): string => {
  const build = (max: number): string => {
    const cut = (s: string) => (s.length > max ? s.slice(0, max) : s);
    const lines = legs.map((l) => `${l.game ? `${cut(l.game.homeTeam)} v ${cut(l.game.awayTeam)}` : 'Game'} - ${l.pick} @${l.odd}`);
    return [`Slip ${slip.id} code ${code}`, ...lines, `Total odds ${slip.accumulator}`, findLine].join('\n');
  };
  for (const max of [100, 20, 14, 10, 8]) {
    const text = build(max);
    if (text.length <= BUYER_SMS_MAX) return text;
  }
  return build(6);
};

const cancelledSms = (slipId: number, code: string): string =>
  `Slip ${slipId} (code ${code}) was cancelled: all its games were called off. No result to play.`;

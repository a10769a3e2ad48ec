import { Injectable } from '@nestjs/common';
import { salePrice } from '../../common/money/sale-prices';
import { toKenyanMsisdn } from '../../common/msisdn/msisdn';
import { isEmailAddress } from '../../common/validation/email-address';
import { AppConfig } from '../../config/app-config';
import { FixturesService } from '../fixtures/fixtures.service';
import { PurchaseService } from '../processor/purchase.service';
import { emailHolder, phoneHolder } from '../processor/domain/voucher';
import { VoucherService } from '../processor/vouchers/voucher.service';
import { Slip } from './entities/slip.entity';
import { SLIP_SALE_ERRORS } from './slip-sales.errors';
import { SlipSalesRepository } from './slip-sales.repository';
import { MarketingConsentService } from '../notifications/consent/marketing-consent.service';
import { OPT_IN_SOURCE } from '../notifications/consent/consent.constants';

/** Largest slip id: `slip.id` is a PostgreSQL int. */
const MAX_SLIP_ID = 2_147_483_647;

/** True when a body field was not sent at all (absent, null or an empty string). */
const absent = (value: unknown): boolean =>
  value === undefined || value === null || (typeof value === 'string' && value.trim() === '');

/**
 * The buyer e-mail a Flutterwave checkout needs (docs/PROVIDERS.md §2.2 `customer.email`): an
 * address of at most 254 characters. The web app sends whatever was typed (docs/PRODUCT-RULES.md
 * R138: no check before sending); anything else would come back from Flutterwave as a failed
 * payment request.
 */
export const checkoutEmail = (email: unknown): string | null => {
  const s = typeof email === 'string' ? email.trim() : '';
  return s.length <= 254 && isEmailAddress(s) ? s : null;
};

/**
 * Slip buy (docs/PRODUCT-RULES.md "Slips and what a visitor may see", "Purchases and provider
 * callbacks"): the buy routes check the slip is on sale and start the purchase on the rail of the
 * buyer's country through the processor (PurchaseService).
 */
@Injectable()
export class SlipBuyService {
  constructor(
    private readonly repo: SlipSalesRepository,
    private readonly config: AppConfig,
    private readonly purchases: PurchaseService,
    private readonly fixtures: FixturesService,
    private readonly consents: MarketingConsentService,
    private readonly vouchers: VoucherService,
  ) {}

  /**
   * POST /api/processor/buy: STK push for the slip's Ksh price; with `voucher`, the slip paid at
   * once by the phone's voucher, no STK push (docs/PRODUCT-RULES.md R246). With `consentShown`
   * (the buy page's ticked marketing box, SMS_OPT_IN_TEXT) the phone is opted in to marketing SMS
   * once the push is sent or the voucher paid (docs/PRODUCT-RULES.md R276); 400 for another consent text.
   * @throws 400 'slip is required' without `slip`, 'Enter a valid phone number', 'Slip not found',
   *   'This slip is no longer on sale'; the voucher's 4xx (R247); the processor's 409, 502 and the
   *   purchase gate's 403.
   */
  async buyMpesa(
    phone: unknown,
    slipId: unknown,
    voucher?: unknown,
    consentShown?: unknown,
  ): Promise<{ message: string }> {
    const optIn = this.consents.smsOptInTicked(consentShown);
    if (absent(slipId)) throw SLIP_SALE_ERRORS.missingField('slip');
    const msisdn = toKenyanMsisdn(typeof phone === 'number' ? String(phone) : (phone as string));
    if (!msisdn) throw SLIP_SALE_ERRORS.invalidPhone();
    const slip = await this.slipOnSale(slipId);
    if (!absent(voucher)) {
      await this.vouchers.pay({
        kind: 'slip',
        slipId: String(slip.id),
        holder: phoneHolder(msisdn),
        amount: slip.price,
        voucher,
      });
      if (optIn) await this.consents.optInSmsFromForm(msisdn, OPT_IN_SOURCE.buyPage);
      return { message: 'Paid with voucher' };
    }
    await this.purchases.startMpesa({
      kind: 'slip',
      slipId: String(slip.id),
      phone: msisdn,
      amount: slip.price,
      description: `Slip ${slip.id}`.slice(0, 13),
    });
    // Only once the prompt went out: a refused purchase records no opt-in (docs/PRODUCT-RULES.md R276).
    if (optIn) await this.consents.optInSmsFromForm(msisdn, OPT_IN_SOURCE.buyPage);
    return { message: 'Request Sent' };
  }

  /**
   * POST /api/processor/buy-paybill: the M-Pesa paybill reference for the slip's Ksh price, bound
   * to the phone (docs/PRODUCT-RULES.md R200).
   * @throws the same 400s as buyMpesa; the purchase gate's 403; the processor's 502.
   */
  async buyPaybill(
    phone: unknown,
    slipId: unknown,
  ): Promise<{ paybill: string; account: string; amount: string; expires_at: string }> {
    if (absent(slipId)) throw SLIP_SALE_ERRORS.missingField('slip');
    const msisdn = toKenyanMsisdn(typeof phone === 'number' ? String(phone) : (phone as string));
    if (!msisdn) throw SLIP_SALE_ERRORS.invalidPhone();
    const slip = await this.slipOnSale(slipId);
    const ref = await this.purchases.startC2b({
      kind: 'slip',
      slipId: String(slip.id),
      phone: msisdn,
      amount: slip.price,
    });
    return {
      paybill: ref.paybill,
      account: ref.account,
      amount: ref.amount.toDecimal(),
      expires_at: ref.expiresAt.toISOString(),
    };
  }

  /**
   * POST /api/processor/buy-flw (NGN, the slip's price_ng) and buy-flw-ug (UGX, its price_ug) →
   * {link}; both amounts by salePrice, the rule the slip answers use. With `voucher`, the slip is
   * paid at once by a voucher of that e-mail covering its Ksh price, with no checkout →
   * {message: 'Paid with voucher'}, the picks e-mailed (docs/PRODUCT-RULES.md R283).
   * @throws 400 'slip_id is required' without `slip_id`, 'Slip not found', 'This slip is no longer
   *   on sale', 'Invalid Email' (empty or not an address); the voucher's 4xx (R247, R283); the
   *   purchase gate's 403; 502 when Flutterwave refuses the request.
   */
  async buyFlutterwave(
    email: unknown,
    slipId: unknown,
    currency: 'NGN' | 'UGX',
    voucher?: unknown,
  ): Promise<{ link: string } | { message: string }> {
    if (absent(slipId)) throw SLIP_SALE_ERRORS.missingField('slip_id');
    const slip = await this.slipOnSale(slipId);
    const customerEmail = checkoutEmail(email);
    if (!customerEmail) throw SLIP_SALE_ERRORS.invalidEmail();
    if (!absent(voucher)) {
      await this.vouchers.pay({
        kind: 'slip',
        slipId: String(slip.id),
        holder: emailHolder(customerEmail),
        amount: slip.price,
        voucher,
      });
      return { message: 'Paid with voucher' };
    }
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

  /**
   * The slip when it is on sale (see slipOnSale): the USSD menu asks before it promises a payment
   * prompt (docs/PRODUCT-RULES.md R173).
   * @throws 400 'Slip not found', 'This slip is no longer on sale'.
   */
  onSale(slipId: number): Promise<Slip> {
    return this.slipOnSale(slipId);
  }

  /**
   * The slip, when it exists and no game has kicked off (docs/PRODUCT-RULES.md "Slips and what a
   * visitor may see").
   */
  private async slipOnSale(slipId: unknown): Promise<Slip> {
    const id = Number(slipId);
    const wellFormed = Number.isSafeInteger(id) && id > 0 && id <= MAX_SLIP_ID;
    if (!wellFormed) throw SLIP_SALE_ERRORS.slipNotFound();
    const slip = await this.repo.slip(id);
    if (!slip) throw SLIP_SALE_ERRORS.slipNotFound();
    if (slip.slipResult) throw SLIP_SALE_ERRORS.notOnSale();
    const tips = await this.repo.tipsOfSlip(id);
    const games = await this.fixtures.games(tips.map((t) => t.fixtureId));
    const started = games.some((g) => g.state.phase !== 'upcoming');
    if (games.length !== tips.length || started) throw SLIP_SALE_ERRORS.notOnSale();
    return slip;
  }
}

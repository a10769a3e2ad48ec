import { Inject, Injectable, OnModuleInit } from '@nestjs/common';
import { EntityManager } from 'typeorm';
import { Clock, CLOCK } from '../../common/clock/clock';
import { Money } from '../../common/money/money';
import { nairobiDayStart } from '../../common/time/nairobi';
import { TransactionRunner } from '../../database/transaction-runner';
import { AccountService } from '../account/account.service';
import { BuyerAtStart, PurchaseGate, PurchaseGates } from '../processor/purchase-gates';
import { PurchaseService } from '../processor/purchase.service';
import {
  addedByPurchase,
  capInForce,
  DayPurchase,
  EXCLUSION_PERIODS,
  ExclusionPeriod,
  MAX_DAILY_CAP_KSH,
  purchaseItem,
  purchaseRefusal,
  RgState,
  spentToday,
  withDailyCap,
  withSelfExclusion,
} from './domain/rg-rules';
import { PhoneCodeService } from './phone-code.service';
import { PurchaseRefusedError, RgError, RgErrorCode } from './rg.errors';
import { RgRepository } from './rg.repository';

/** A phone's controls as the API answers them (Ksh amounts as '500.00', instants ISO-8601 UTC). */
export interface RgView {
  phone: string;
  daily_cap_ksh: string | null;
  next_cap_ksh: string | null;
  next_cap_from: string | null;
  excluded_until: string | null;
}

/**
 * Responsible gambling by phone (docs/PRODUCT-RULES.md "Records and responsible gambling"): one-time
 * SMS codes prove holding the phone; with one a phone sets a daily spend cap or excludes itself;
 * as the processor's purchase gate it refuses (403) a purchase that an exclusion forbids or that
 * would pass the day's cap, before any payment prompt.
 */
@Injectable()
export class RgService implements PurchaseGate, OnModuleInit {
  constructor(
    private readonly tx: TransactionRunner,
    private readonly repo: RgRepository,
    private readonly codes: PhoneCodeService,
    private readonly accounts: AccountService,
    private readonly purchases: PurchaseService,
    private readonly gates: PurchaseGates,
    @Inject(CLOCK) private readonly clock: Clock,
  ) {}

  onModuleInit(): void {
    this.gates.register(this);
  }

  /**
   * POST /api/rg/code: texts a 6-digit code valid RG_CODE_TTL_MS to `phone` (PhoneCodeService, purpose `rg`).
   * @throws RgError INVALID_PHONE (400), CODE_TOO_SOON (429) within RG_CODE_RESEND_MS of the last code.
   */
  sendCode(phoneInput: unknown): Promise<{ message: string }> {
    return this.codes.send(phoneInput, 'rg');
  }

  /**
   * POST /api/rg/limit: sets the daily cap of `phone` (whole Ksh); lower at once, higher after 24 h.
   * @throws RgError INVALID_PHONE, INVALID_CAP, INVALID_CODE (400).
   */
  async setDailyCap(phoneInput: unknown, code: unknown, capInput: unknown): Promise<RgView> {
    const phone = this.phone(phoneInput);
    const cap = parseCap(capInput);
    return this.withCode(phone, code, (state, now) => withDailyCap(state, cap, now));
  }

  /**
   * POST /api/rg/self-exclusion: excludes `phone` from buying for `period` ('1m', '6m', '1y');
   * never shortens a running exclusion.
   * @throws RgError INVALID_PHONE, INVALID_PERIOD, INVALID_CODE (400).
   */
  async selfExclude(phoneInput: unknown, code: unknown, period: unknown): Promise<RgView> {
    const phone = this.phone(phoneInput);
    if (!EXCLUSION_PERIODS.includes(period as ExclusionPeriod))
      throw new RgError(RgErrorCode.INVALID_PERIOD);
    return this.withCode(phone, code, (state, now) =>
      withSelfExclusion(state, period as ExclusionPeriod, now),
    );
  }

  /**
   * The purchase gate (PurchaseGate): resolves the buyer's phone (the M-Pesa phone, or the phone
   * of the account registered with the Flutterwave e-mail), locks it for the transaction, and
   * refuses while an exclusion holds or when this price would pass today's cap (pending and paid
   * purchases of the Africa/Nairobi day count, the pending ones of one item once: docs/PRODUCT-RULES.md R282).
   * @throws PurchaseRefusedError (403).
   */
  async admit(em: EntityManager, buyer: BuyerAtStart): Promise<string | null> {
    const phone =
      buyer.phone ?? (buyer.email ? await this.accounts.phoneForEmail(buyer.email) : null);
    if (!phone) return null;
    await this.repo.lockPhone(em, phone);
    const state = await this.repo.state(em, phone);
    if (!state.excludedUntil && !state.dailyCapKsh && !state.nextCapKsh) return phone;
    const now = this.clock.now();
    const day = (await this.purchases.spendSince(em, phone, nairobiDayStart(now))).map(
      (p): DayPurchase => ({
        status: p.status,
        item: purchaseItem(p.kind, p.slipId, p.subscriptionType),
        amountKsh: p.amountKsh,
      }),
    );
    // One buying attempt counts once (docs/PRODUCT-RULES.md R282): a pending purchase of the same item already counts for this one.
    const item = buyer.item
      ? purchaseItem(buyer.item.kind, buyer.item.slipId, buyer.item.subscriptionType)
      : null;
    const added = item ? addedByPurchase(day, item, buyer.amountKsh) : buyer.amountKsh;
    const refusal = purchaseRefusal(state, now, spentToday(day), added);
    if (refusal) throw new PurchaseRefusedError(refusal);
    return phone;
  }

  /**
   * What the purchase gate would answer now for `msisdn` buying at `amountKsh` (slip `slipId`,
   * when given: R282), without starting a purchase: the refusal message (PurchaseRefusedError's), or null when it would admit. The USSD
   * menu asks before it promises a payment prompt (docs/PRODUCT-RULES.md R173); the push itself
   * passes the gate again.
   */
  async refusalFor(msisdn: string, amountKsh: Money, slipId?: number): Promise<string | null> {
    const item =
      slipId === undefined
        ? undefined
        : { kind: 'slip' as const, slipId: String(slipId), subscriptionType: null };
    try {
      await this.tx.run((em) => this.admit(em, { phone: msisdn, email: null, amountKsh, item }));
      return null;
    } catch (err) {
      if (err instanceof PurchaseRefusedError) return err.message;
      throw err;
    }
  }

  private phone(input: unknown): string {
    return this.codes.phone(input);
  }

  /**
   * Checks `code` against the newest unused, unexpired `rg` code of `phone` (PhoneCodeService.check:
   * a wrong guess is counted, RG_CODE_MAX_ATTEMPTS, then the code is dead) and, in one transaction
   * with the phone locked, uses it up and stores `change(state)`.
   */
  private async withCode(
    phone: string,
    code: unknown,
    change: (state: RgState, now: Date) => RgState,
  ): Promise<RgView> {
    const codeId = await this.codes.check(phone, code, 'rg');
    const now = this.clock.now();
    return this.tx.run(async (em) => {
      await this.repo.lockPhone(em, phone);
      if (!(await this.repo.markUsed(em, codeId, now))) throw new RgError(RgErrorCode.INVALID_CODE);
      const next = change(await this.repo.state(em, phone), now);
      await this.repo.save(em, phone, next);
      return view(phone, next, now);
    });
  }
}

/** A daily cap from the request: whole Ksh 0..MAX_DAILY_CAP_KSH (a number or digits). */
const parseCap = (input: unknown): Money => {
  const text =
    typeof input === 'number' ? String(input) : typeof input === 'string' ? input.trim() : '';
  if (!/^\d{1,7}$/.test(text) || Number(text) > MAX_DAILY_CAP_KSH)
    throw new RgError(RgErrorCode.INVALID_CAP);
  return Money.parse(text);
};

const view = (phone: string, state: RgState, now: Date): RgView => {
  const inForce = capInForce(state, now);
  const waiting =
    state.nextCapKsh && state.nextCapFrom && state.nextCapFrom.getTime() > now.getTime();
  return {
    phone,
    daily_cap_ksh: inForce?.toDecimal() ?? null,
    next_cap_ksh: waiting ? (state.nextCapKsh as Money).toDecimal() : null,
    next_cap_from: waiting ? (state.nextCapFrom as Date).toISOString() : null,
    excluded_until:
      state.excludedUntil && state.excludedUntil.getTime() > now.getTime()
        ? state.excludedUntil.toISOString()
        : null,
  };
};

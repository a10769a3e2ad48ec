import { Inject, Injectable, OnModuleInit } from '@nestjs/common';
import { EntityManager } from 'typeorm';
import { Clock, CLOCK } from '../../common/clock/clock';
import { toKenyanMsisdn } from '../../common/msisdn/msisdn';
import { AppConfig } from '../../config/app-config';
import {
  FulfilmentResult,
  PurchaseFulfilment,
  PurchaseFulfilments,
} from '../processor/purchase-fulfilments';
import { PurchaseService } from '../processor/purchase.service';
import { LedgerService } from '../ledger/ledger.service';
import { subscriptionConfirmationSms, subscriptionPeriod } from './domain/subscription-period';
import { Subscription } from './entities/subscription.entity';
import { SubscriptionKindChange, SubscriptionRepository } from './subscription.repository';
import { PREMIUM_SLIPS, PremiumSlipsProvider } from '../slip/premium-slips.provider';
import { SubscriptionError, SubscriptionErrorCode } from './subscription.errors';
import { subscribedSql } from './subscription.sql';
import { ProfileProviders, SubscriptionStatusProvider } from '../account/profile-providers';

/** Days that mean "lifetime" (docs/PRODUCT-RULES.md R42). */
export const LIFETIME_DAYS = 1000;

/** A paid purchase as processor hands it to its fulfilments (processor owns the entity). */
type PaidPurchase = Parameters<PurchaseFulfilment['fulfil']>[1];

/** One kind as GET /api/manage/get-subscription-kind shows it. */
export interface SubscriptionKindView {
  price: string;
  type: string;
  title: string;
  description: string;
  days: number;
}

/**
 * Subscriptions (docs/PRODUCT-RULES.md "Subscriptions", R126, R140): kinds, the
 * STK purchase, activation on payment (as the 'subscription' purchase fulfilment) and the
 * subscriber's premium slips. Time is the global CLOCK (docs/ARCHITECTURE.md "Layers").
 */
@Injectable()
export class SubscriptionService
  implements PurchaseFulfilment, SubscriptionStatusProvider, OnModuleInit
{
  constructor(
    private readonly repo: SubscriptionRepository,
    private readonly purchases: PurchaseService,
    private readonly ledger: LedgerService,
    private readonly fulfilments: PurchaseFulfilments,
    @Inject(PREMIUM_SLIPS) private readonly premium: PremiumSlipsProvider,
    private readonly config: AppConfig,
    @Inject(CLOCK) private readonly clock: Clock,
    private readonly profiles: ProfileProviders,
  ) {}

  onModuleInit(): void {
    this.fulfilments.register('subscription', this);
    this.profiles.useSubscription(this);
  }

  /**
   * `subscribed` on the caller's own profile (docs/PRODUCT-RULES.md R117), as a boolean SQL
   * expression over the account's MSISDN column `msisdnColumn` that account's statement of the user
   * row selects: whether a subscription of that phone runs now (global CLOCK). An account without a
   * Kenyan MSISDN (NULL) holds none.
   */
  subscribedSql(msisdnColumn: string): string {
    return subscribedSql(msisdnColumn, `'${this.clock.now().toISOString()}'::timestamptz`);
  }

  async kinds(): Promise<Record<string, SubscriptionKindView>> {
    const rows = await this.repo.kinds();
    return Object.fromEntries(
      rows.map((k) => [
        k.type,
        {
          price: k.price.toDecimal(),
          type: k.type,
          title: k.title,
          description: k.description,
          days: k.days,
        },
      ]),
    );
  }

  /**
   * Back office `subscription-kinds` update (docs/PRODUCT-RULES.md "Back office"): price (Ksh),
   * days, title, description of kind `type`, inside the caller's transaction. GET
   * /api/manage/get-subscription-kind reads the table on every request (no cache), so an edit shows
   * at once; a pending STK push keeps the amount it was started with.
   * @throws SubscriptionError UNKNOWN_TYPE (400) for a kind that does not exist.
   */
  async updateKind(
    type: string,
    change: SubscriptionKindChange,
    { manager }: { manager?: EntityManager } = {},
  ): Promise<void> {
    const kind = await this.repo.kind(type, manager);
    if (!kind) throw new SubscriptionError(SubscriptionErrorCode.UNKNOWN_TYPE);
    await this.repo.updateKind(type, change, manager);
  }

  /**
   * Starts a subscription purchase: STK push for the kind's price to `phone`
   * (docs/PRODUCT-RULES.md R136).
   * @throws SubscriptionError INVALID_PHONE / UNKNOWN_TYPE (400); ProcessorError (502) when M-Pesa fails.
   */
  async subscribe(phone: unknown, type: unknown): Promise<{ message: string }> {
    const msisdn =
      typeof phone === 'string' || typeof phone === 'number' ? toKenyanMsisdn(String(phone)) : null;
    if (!msisdn) throw new SubscriptionError(SubscriptionErrorCode.INVALID_PHONE);
    const kind =
      typeof type === 'string' && type.trim()
        ? await this.repo.kind(type.trim().toLowerCase())
        : null;
    if (!kind) throw new SubscriptionError(SubscriptionErrorCode.UNKNOWN_TYPE);
    await this.purchases.startMpesa({
      kind: 'subscription',
      phone: msisdn,
      amount: kind.price,
      subscriptionType: kind.type,
      description: 'Subscription',
    });
    return { message: 'Request Sent' };
  }

  /** The subscription of `msisdn` running at `at` (default now) and ending last, or null. */
  async active(msisdn: string, at = this.clock.now()): Promise<Subscription | null> {
    return (await this.repo.running(msisdn, at))[0] ?? null;
  }

  /**
   * Today's premium slips for an active subscriber who proves holding the phone with `code`: our
   * purchase code (in the confirmation SMS) or the M-Pesa receipt of a paid subscription of that
   * phone that has not ended (a renewal's code works from payment). Only the first word of `code`
   * counts, trimmed and upper-cased, as on find-tip (docs/PRODUCT-RULES.md R72).
   * @throws SubscriptionError INVALID_LOOKUP_PHONE (400), PROOF_MISSING (400), NOT_SUBSCRIBED
   *   (404, the same for a phone without subscription and for a wrong code).
   */
  async premiumSlips(phone: string, code: string | undefined): Promise<{ data: unknown[] }> {
    const msisdn = toKenyanMsisdn(phone);
    if (!msisdn) throw new SubscriptionError(SubscriptionErrorCode.INVALID_LOOKUP_PHONE);
    const word = (typeof code === 'string' ? code : '').trim().split(/\s+/)[0].toUpperCase();
    if (!word) throw new SubscriptionError(SubscriptionErrorCode.PROOF_MISSING);
    const now = this.clock.now();
    const running = await this.repo.running(msisdn, now);
    const proven = await this.purchases.paidWithProof(
      running.map((s) => s.purchaseId),
      word,
    );
    const active = running.some((s) => s.startsAt.getTime() <= now.getTime());
    if (!active || !proven.length)
      throw new SubscriptionError(SubscriptionErrorCode.NOT_SUBSCRIBED);
    return { data: await this.premium.todaysPremiumSlips() };
  }

  /** Fulfilment of a paid 'subscription' purchase: the subscription row, a ledger row and the SMS. */
  async fulfil(em: EntityManager, purchase: PaidPurchase): Promise<FulfilmentResult> {
    const kind = await this.repo.kind(purchase.subscriptionType as string, em);
    if (!kind) throw new SubscriptionError(SubscriptionErrorCode.UNKNOWN_TYPE);
    const phone = purchase.phone as string;
    // Serialise concurrent payments of one phone so the second one extends the first.
    const latest = await this.repo.lockLatest(em, phone);
    const paidAt = purchase.paidAt ?? this.clock.now();
    const period = subscriptionPeriod(paidAt, kind.days, latest?.endsAt ?? null);
    await this.repo.insert(em, {
      phone,
      type: kind.type,
      startsAt: period.startsAt,
      endsAt: period.endsAt,
      purchaseId: purchase.id,
    });
    await this.ledger.recordSubscriptionSale(em, purchase.id, purchase.amount);
    return {
      sms: [
        {
          to: phone,
          body: subscriptionConfirmationSms(
            kind.title,
            period.endsAt,
            kind.days >= LIFETIME_DAYS,
            purchase.code,
            this.config.publicUrl,
          ),
          purpose: 'subscription-confirm',
        },
      ],
    };
  }
}

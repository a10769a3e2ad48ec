import { Injectable, Logger, OnModuleInit } from '@nestjs/common';
import { DomainError } from '../../common/errors/domain-error';
import { Money } from '../../common/money/money';
import { toKenyanMsisdn } from '../../common/msisdn/msisdn';
import { JobProducer } from '../../common/queues/job-producer.service';
import { JOB, jobId } from '../../common/queues/queues';
import { SmsService } from '../notifications/sms/sms.service';
import { ClosedPurchase, PurchaseFulfilments } from '../processor/purchase-fulfilments';
import { PurchaseLookupRepository } from '../processor/purchase-lookup.repository';
import { missedPromptSms, PaybillOfferLine, pushRefusedSms } from './domain/paybill-offer';
import { SlipBuyService } from './slip-buy.service';

/** Payload of the `offer-paybill` job: the missed STK prompt's purchase, phone and slip. */
export interface OfferPaybillPayload {
  purchaseId: string;
  /** 2547XXXXXXXX */
  phone: string;
  slipId: number;
}

/** SMS outbox purposes of the paybill offers. */
export const PAYBILL_OFFER_PURPOSE = {
  missedPrompt: 'paybill-offer',
  pushRefused: 'ussd-push-refused',
} as const;

/** The `offer-paybill` job id of a missed prompt's purchase (one offer per purchase). */
export const offerPaybillJobId = (purchaseId: string): string => jobId('paybill-offer', purchaseId);

/** Checks a payload read back from Redis. */
export const isOfferPaybillPayload = (p: unknown): p is OfferPaybillPayload => {
  const o = p as Partial<OfferPaybillPayload> | null;
  return (
    !!o &&
    typeof o.purchaseId === 'string' &&
    /^\d{1,19}$/.test(o.purchaseId) &&
    typeof o.phone === 'string' &&
    toKenyanMsisdn(o.phone) === o.phone &&
    Number.isSafeInteger(o.slipId)
  );
};

/**
 * M-Pesa paybill offered by SMS when an STK prompt did not work (docs/PRODUCT-RULES.md R181,
 * R205): the reference is issued by SlipBuyService.buyPaybill, the service of
 * POST /api/processor/buy-paybill (the same gates, the same 24-hour binding to the phone and slip,
 * the same reference when asked again), the text goes through the SMS outbox.
 */
@Injectable()
export class PaybillOfferService implements OnModuleInit {
  private readonly logger = new Logger(PaybillOfferService.name);

  constructor(
    private readonly buys: SlipBuyService,
    private readonly sms: SmsService,
    private readonly producer: JobProducer,
    private readonly lookup: PurchaseLookupRepository,
    private readonly fulfilments: PurchaseFulfilments,
  ) {}

  onModuleInit(): void {
    this.fulfilments.onMissedPrompts('slip', (purchases) => this.enqueueMissed(purchases));
  }

  /**
   * Enqueues one `offer-paybill` job per missed slip prompt (the processor's missed-prompt hook,
   * after commit). A purchase without a phone or slip is skipped.
   * @throws when Redis does not answer (the hook logs it: that purchase gets no offer).
   */
  async enqueueMissed(purchases: ClosedPurchase[]): Promise<void> {
    for (const p of purchases) {
      if (!p.phone || !p.slipId) continue;
      const payload: OfferPaybillPayload = {
        purchaseId: p.id,
        phone: p.phone,
        slipId: Number(p.slipId),
      };
      await this.producer.enqueue(JOB.OFFER_PAYBILL, payload, offerPaybillJobId(p.id));
    }
  }

  /**
   * The `offer-paybill` job: issues the reference for the phone and slip and texts
   * `No prompt? Pay bill N, account R, Ksh P …` (R205). When the phone has since paid the slip or
   * has a newer STK prompt for it, or the slip is no longer on sale, or the gate now refuses,
   * nothing is sent.
   * @returns 'sent', or 'refused' with nothing sent.
   * @throws a database or Redis error (the job retries; the same reference is issued again).
   */
  async afterMissedPrompt(payload: OfferPaybillPayload): Promise<'sent' | 'refused'> {
    if (
      await this.lookup.slipPaidOrPromptedSince(payload.phone, payload.slipId, payload.purchaseId)
    )
      return 'refused';
    const offer = await this.issue(payload.phone, payload.slipId);
    if (!offer) return 'refused';
    await this.sms.queue(
      payload.phone,
      missedPromptSms(payload.slipId, offer),
      PAYBILL_OFFER_PURPOSE.missedPrompt,
    );
    return 'sent';
  }

  /**
   * Texts `msisdn` one SMS saying why the USSD STK push for `slipId` was refused (`reason`) and,
   * when a reference can be issued, the paybill (R181). Never throws: a failure is logged.
   */
  async afterRefusedPush(msisdn: string, slipId: number, reason: string): Promise<void> {
    try {
      const offer = await this.issue(msisdn, slipId).catch((err: unknown) => {
        this.logger.warn(
          { slipId, err: err instanceof Error ? err.message : String(err) },
          'paybill reference not issued',
        );
        return null;
      });
      await this.sms.queue(
        msisdn,
        pushRefusedSms(slipId, reason, offer),
        PAYBILL_OFFER_PURPOSE.pushRefused,
      );
    } catch (err) {
      this.logger.error(
        { slipId, err: err instanceof Error ? err.message : String(err) },
        'refused-push SMS not queued',
      );
    }
  }

  /**
   * The reference for (phone, slip) as buy-paybill issues it, or null when buy-paybill refuses
   * (a 4xx: not on sale, the gate).
   * @throws any other error.
   */
  private async issue(msisdn: string, slipId: number): Promise<PaybillOfferLine | null> {
    try {
      const ref = await this.buys.buyPaybill(msisdn, slipId);
      return {
        paybill: ref.paybill,
        account: ref.account,
        priceKsh: Money.parse(ref.amount).cents / 100,
      };
    } catch (err) {
      if (err instanceof DomainError && err.status < 500) {
        this.logger.log({ slipId, reason: err.message }, 'paybill not offered');
        return null;
      }
      throw err;
    }
  }
}

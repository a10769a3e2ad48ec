import { Injectable, Logger } from '@nestjs/common';
import { InjectThrottlerStorage, ThrottlerStorage } from '@nestjs/throttler';
import { createHash } from 'crypto';
import { DomainError } from '../../common/errors/domain-error';
import { Money } from '../../common/money/money';
import { toKenyanMsisdn } from '../../common/msisdn/msisdn';
import { JobProducer } from '../../common/queues/job-producer.service';
import { JOB, jobId } from '../../common/queues/queues';
import { AppConfig } from '../../config/app-config';
import { ProcessorErrorCode } from '../processor/processor.errors';
import { PurchaseLookupRepository } from '../processor/purchase-lookup.repository';
import { OPEN_PROMPT_MS, STK_PUSH_RATE_LIMITS } from '../processor/stk-push.limits';
import { RgService } from '../rg/rg.service';
import { SlipBuyService } from '../slip/slip-buy.service';
import { USSD_MESSAGES as M } from './ussd.messages';

/** Payload of the `ussd-stk-push` job: who pays for which slip, from which USSD session. */
export interface UssdPushPayload {
  /** 2547XXXXXXXX, the phone that dialled. */
  msisdn: string;
  slipId: number;
  /** AT's sessionId (for the logs). */
  sessionId: string;
}

/** The job id of a session's push: one push per USSD session, whatever AT re-sends (docs/PRODUCT-RULES.md R174). */
export const ussdPushJobId = (sessionId: string): string =>
  jobId('ussd', createHash('sha256').update(sessionId).digest('hex').slice(0, 32));

/** Checks a payload read back from Redis. */
export const isUssdPushPayload = (p: unknown): p is UssdPushPayload => {
  const o = p as Partial<UssdPushPayload> | null;
  return (
    !!o &&
    typeof o.msisdn === 'string' &&
    toKenyanMsisdn(o.msisdn) === o.msisdn &&
    Number.isSafeInteger(o.slipId) &&
    typeof o.sessionId === 'string'
  );
};

/**
 * Buying a slip in the USSD menu (docs/PRODUCT-RULES.md R173-R175): the last screen promises the
 * prompt only after the checks the web buy makes (on sale, the responsible-gambling gate, the
 * slip not bought by this phone already (R284), no prompt for this phone and slip still open, the
 * per-phone STK limit); the STK push itself is a job sent USSD_PUSH_DELAY_MS after the session
 * ended (a prompt sent while it is open fails with 1001), through the web's purchase path
 * (SlipBuyService.buyMpesa: the same gate and one open prompt per phone and slip).
 */
@Injectable()
export class UssdBuyService {
  private readonly logger = new Logger(UssdBuyService.name);

  constructor(
    private readonly buys: SlipBuyService,
    private readonly rg: RgService,
    private readonly producer: JobProducer,
    @InjectThrottlerStorage() private readonly limits: ThrottlerStorage,
    private readonly config: AppConfig,
    private readonly lookup: PurchaseLookupRepository,
  ) {}

  /** The END screen of a confirmed buy of slip `slipId` by `msisdn`; enqueues the push when it promises one. */
  async confirm(sessionId: string, msisdn: string, slipId: number): Promise<string> {
    const slip = await this.buys.onSale(slipId).catch((err: unknown) => {
      if (err instanceof DomainError && err.status < 500) return null;
      throw err;
    });
    if (!slip) return M.notOnSale();
    const refusal = await this.rg.refusalFor(msisdn, slip.price, slip.id);
    if (refusal) return M.refused(refusal);
    const state = await this.lookup.slipBuyState(msisdn, slip.id, OPEN_PROMPT_MS);
    if (state === 'paid') return M.alreadyBought(slip.id);
    if (state === 'prompt-open') return M.promptOpen();
    const { limit, ttlMs } = STK_PUSH_RATE_LIMITS.phone;
    const hit = await this.limits.increment(`ussd-stk-${msisdn}`, ttlMs, limit, ttlMs, 'phone');
    if (hit.isBlocked) return M.tooManyPrompts(Math.max(1, Math.ceil(hit.timeToBlockExpire / 60)));
    const payload: UssdPushPayload = { msisdn, slipId: slip.id, sessionId };
    await this.producer.enqueue(JOB.USSD_STK_PUSH, payload, ussdPushJobId(sessionId), {
      delay: this.config.ussd.pushDelayMs,
    });
    return M.willPrompt(slip.price.cents / 100);
  }

  /**
   * The END screen of "2 Pay by paybill" for slip `slipId` by `msisdn` (docs/PRODUCT-RULES.md
   * R180): the reference POST /api/processor/buy-paybill issues (SlipBuyService.buyPaybill: the
   * same gates, the same 24-hour binding to the phone and slip, the same reference when asked
   * again). A refusal by the gate ends with its message; a slip the phone has bought with
   * alreadyBought (R284); a slip not on sale with notOnSale.
   * @throws what buyPaybill throws with a 5xx status (the controller answers "busy").
   */
  async paybill(msisdn: string, slipId: number): Promise<string> {
    try {
      const ref = await this.buys.buyPaybill(msisdn, slipId);
      return M.paybill(ref.paybill, ref.account, Money.parse(ref.amount).cents / 100);
    } catch (err) {
      if (!(err instanceof DomainError) || err.status >= 500) throw err;
      if (err.code === ProcessorErrorCode.ALREADY_BOUGHT) return M.alreadyBought(slipId);
      return err.status === 403 ? M.refused(err.message) : M.notOnSale();
    }
  }

  /**
   * The END screen of "3 Pay with voucher" for slip `slipId` by `msisdn` with the 12-digit `code`
   * typed (docs/PRODUCT-RULES.md R278): the web's voucher buy (SlipBuyService.buyMpesa with
   * `voucher`, R246, R247: the same checks, the same per-phone wrong-code counter, the purchase
   * gate), run at once since no M-Pesa prompt follows. A refusal (a wrong, used, expired or other
   * phone's code, a voucher short of the price, the lock-out, the gate) ends with its message and
   * spends nothing; a slip not on sale with notOnSale.
   * @throws what buyMpesa throws with a 5xx status (the controller answers "busy").
   */
  async voucher(msisdn: string, slipId: number, code: string): Promise<string> {
    try {
      await this.buys.buyMpesa(msisdn, slipId, code);
      return M.paidWithVoucher(slipId);
    } catch (err) {
      if (!(err instanceof DomainError) || err.status >= 500) throw err;
      if (err.code === 'SLIP_NOT_FOUND' || err.code === 'SLIP_NOT_ON_SALE') return M.notOnSale();
      if (err.code === ProcessorErrorCode.ALREADY_BOUGHT) return M.alreadyBought(slipId);
      return M.refused(err.message);
    }
  }

  /**
   * The `ussd-stk-push` job: the web's M-Pesa buy for the dialling phone. A refusal (no longer on
   * sale, the gate, a prompt already open, Daraja refusing) is final and logged: the job is not
   * retried, so no second prompt follows; its message is returned (the processor texts it to
   * the buyer with the paybill: docs/PRODUCT-RULES.md R181). Other errors throw (the job retries).
   */
  async push(
    payload: UssdPushPayload,
  ): Promise<{ outcome: 'sent' } | { outcome: 'refused'; reason: string }> {
    try {
      await this.buys.buyMpesa(payload.msisdn, payload.slipId);
      return { outcome: 'sent' };
    } catch (err) {
      if (!(err instanceof DomainError)) throw err;
      this.logger.warn(
        {
          slipId: payload.slipId,
          sessionId: payload.sessionId,
          status: err.status,
          reason: err.message,
        },
        'ussd stk push refused',
      );
      return { outcome: 'refused', reason: err.message };
    }
  }
}

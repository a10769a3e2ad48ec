import { Inject, Injectable, Logger } from '@nestjs/common';
import { Clock, CLOCK } from '../../../common/clock/clock';
import { AppConfig } from '../../../config/app-config';
import {
  C2B_CONFIRMATION_PATH,
  C2B_VALIDATION_PATH,
} from '../../../modules/processor/rails/c2b/c2b.rail';
import { answer, ProviderAnswer } from '../../common/provider-answer';
import { OutboundService } from '../../outbound/outbound.service';
import { SmsInboxRepository } from '../../phone/sms-inbox.repository';
import { MPESA_SMS_SENDER, OUTBOUND_KIND, SANDBOX_MERCHANT_NAME } from '../../sandbox.constants';
import { SandboxError, SandboxErrorCode } from '../../sandbox.errors';
import { DarajaSandboxRepository } from '../daraja-sandbox.repository';
import { mpesaReceipt } from '../../common/ids';
import { stkConfirmationSms, transactionDate } from '../domain/daraja-rules';
import { C2bSandboxRepository, C2bUrls } from './c2b-sandbox.repository';

/** How long the sandbox waits for a validation answer before ResponseType applies (ms). */
const VALIDATION_TIMEOUT_MS = 8_000;

/** What the sandbox phone's "Pay bill" did. */
export interface PayBillResult {
  status: 'paid' | 'refused';
  transId: string;
  /** The validation answer's ResultCode ('0' when accepted or not asked). */
  resultCode: string;
  resultDesc: string;
}

/** The payer as Daraja shows it in C2B results: `25470****149` (docs/PROVIDERS.md "Daraja C2B"). */
export const maskMsisdn = (msisdn: string): string =>
  `${msisdn.slice(0, 5)}****${msisdn.slice(-3)}`;

/**
 * Daraja C2B in the sandbox (docs/PROVIDERS.md "Daraja C2B"): Register URL, and the phone's
 * "Pay bill" that sends the validation request (when MPESA_C2B_VALIDATION is on) then, unless it is
 * refused, the confirmation (queued with retries like every sandbox callback) to the URLs
 * registered for the business number. Before any registration, the app's own paybill uses the
 * app's own C2B URLs, so `npm start` works without running `c2b:register`.
 */
@Injectable()
export class C2bSandboxService {
  private readonly logger = new Logger('Sandbox');

  constructor(
    private readonly repo: C2bSandboxRepository,
    private readonly daraja: DarajaSandboxRepository,
    private readonly outbound: OutboundService,
    private readonly inbox: SmsInboxRepository,
    private readonly config: AppConfig,
    @Inject(CLOCK) private readonly clock: Clock,
  ) {}

  /** `POST /mpesa/c2b/{v1|v2}/registerurl`: Bearer token, then the four fields. */
  async registerUrl(
    authorization: string | undefined,
    body: unknown,
    version: string,
  ): Promise<ProviderAnswer> {
    const match = /^Bearer\s+(\S+)\s*$/i.exec(authorization ?? '');
    if (!match || !(await this.daraja.isTokenValid(match[1]))) {
      return answer(401, {
        requestId: transactionDate(this.clock.now()),
        errorCode: '404.001.03',
        errorMessage: 'Invalid Access Token',
      });
    }
    const b = (typeof body === 'object' && body !== null ? body : {}) as Record<string, unknown>;
    const shortCode = String(b.ShortCode ?? '');
    const bad = (field: string) =>
      answer(400, {
        requestId: transactionDate(this.clock.now()),
        errorCode: '400.002.02',
        errorMessage: `Bad Request - Invalid ${field}`,
      });
    if (!/^\d{5,7}$/.test(shortCode)) return bad('ShortCode');
    if (b.ResponseType !== 'Completed' && b.ResponseType !== 'Cancelled')
      return bad('ResponseType');
    for (const field of ['ConfirmationURL', 'ValidationURL']) {
      const url = b[field];
      if (
        typeof url !== 'string' ||
        !/^https?:\/\/\S+$/.test(url) ||
        /m-?pesa|safaricom|exe|cmd|sql|query/i.test(url)
      )
        return bad(field);
    }
    await this.repo.register({
      shortCode,
      responseType: b.ResponseType,
      confirmationUrl: b.ConfirmationURL as string,
      validationUrl: b.ValidationURL as string,
      version,
    });
    return answer(200, {
      OriginatorCoversationID: `sandbox-${this.clock.now().getTime()}`,
      ResponseCode: '0',
      ResponseDescription: 'Success',
    });
  }

  /**
   * The phone `msisdn` pays `amount` Ksh to business `business` with account `account`.
   * @throws SandboxError INVALID_PIN, INVALID_PAY_BILL (400) for a form M-Pesa itself refuses.
   */
  async payBill(
    msisdn: string,
    input: { business?: unknown; account?: unknown; amount?: unknown; pin?: unknown },
  ): Promise<PayBillResult> {
    if (typeof input.pin !== 'string' || !/^\d{4}$/.test(input.pin))
      throw new SandboxError(SandboxErrorCode.INVALID_PIN);
    const business = String(input.business ?? '').trim();
    const account = String(input.account ?? '').trim();
    const amount = Number(String(input.amount ?? '').trim());
    if (
      !/^\d{5,7}$/.test(business) ||
      !/^[A-Za-z0-9 -]{1,20}$/.test(account) ||
      !Number.isSafeInteger(amount) ||
      amount < 1 ||
      amount > 250_000
    ) {
      throw new SandboxError(SandboxErrorCode.INVALID_PAY_BILL);
    }
    const now = this.clock.now();
    const transId = mpesaReceipt(now);
    const urls = (await this.repo.urlsOf(business)) ?? this.defaultUrls(business);
    if (!urls) return this.refuse(msisdn, transId, 'C2B00015', 'Invalid business number');
    const body = {
      TransactionType: 'Pay Bill',
      TransID: transId,
      TransTime: transactionDate(now),
      TransAmount: `${amount}.00`,
      BusinessShortCode: business,
      BillRefNumber: account,
      InvoiceNumber: '',
      OrgAccountBalance: '',
      ThirdPartyTransID: '',
      MSISDN: maskMsisdn(msisdn),
      FirstName: 'Sandbox',
      MiddleName: '',
      LastName: 'Payer',
    };
    if (this.config.mpesaC2b.validation) {
      const verdict = await this.validate(urls, body);
      if (verdict.resultCode !== '0')
        return this.refuse(msisdn, transId, verdict.resultCode, verdict.resultDesc);
    }
    await this.daraja.dataSource.transaction(async (db) => {
      await this.inbox.add(db, {
        msisdn,
        sender: MPESA_SMS_SENDER,
        body: stkConfirmationSms({
          receipt: transId,
          amountKsh: `${amount}.00`,
          merchant: SANDBOX_MERCHANT_NAME,
          accountReference: account,
          at: now,
        }),
      });
      await this.outbound.enqueue(db, {
        kind: OUTBOUND_KIND.C2B_CONFIRMATION,
        reference: transId,
        url: urls.confirmationUrl,
        contentType: 'application/json',
        body: JSON.stringify(body),
      });
    });
    this.outbound.notify();
    return { status: 'paid', transId, resultCode: '0', resultDesc: 'Accepted' };
  }

  /**
   * Sends the validation request; no answer in time (or an unreadable one) counts as the
   * registered ResponseType says: Completed → accepted, Cancelled → refused.
   */
  private async validate(
    urls: C2bUrls,
    body: Record<string, unknown>,
  ): Promise<{ resultCode: string; resultDesc: string }> {
    try {
      const res = await fetch(urls.validationUrl, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'user-agent': 'tips-sandbox/1' },
        body: JSON.stringify(body),
        redirect: 'manual',
        signal: AbortSignal.timeout(VALIDATION_TIMEOUT_MS),
      });
      const answerBody = (await res.json().catch(() => null)) as {
        ResultCode?: unknown;
        ResultDesc?: unknown;
      } | null;
      if (res.ok && answerBody && answerBody.ResultCode !== undefined) {
        return {
          resultCode: String(answerBody.ResultCode),
          resultDesc: String(answerBody.ResultDesc ?? ''),
        };
      }
      this.logger.warn({ status: res.status }, 'C2B validation answer unreadable');
    } catch (err) {
      this.logger.warn({ err: (err as Error).message }, 'C2B validation not answered');
    }
    return urls.responseType === 'Cancelled'
      ? { resultCode: 'C2B00016', resultDesc: 'Validation not answered' }
      : { resultCode: '0', resultDesc: 'Accepted (validation not answered)' };
  }

  /** A refused payment: M-Pesa's failure SMS on the phone, nothing taken, no confirmation. */
  private async refuse(
    msisdn: string,
    transId: string,
    resultCode: string,
    resultDesc: string,
  ): Promise<PayBillResult> {
    await this.inbox.add(this.daraja.dataSource, {
      msisdn,
      sender: MPESA_SMS_SENDER,
      body: `${transId} Failed. The payment was not accepted by ${SANDBOX_MERCHANT_NAME}: check the account number and the amount (${resultCode}).`,
    });
    return { status: 'refused', transId, resultCode, resultDesc };
  }

  /** The app's own C2B URLs for its own paybill, before any Register URL call. */
  private defaultUrls(business: string): C2bUrls | null {
    if (business !== this.config.mpesaC2b.paybill) return null;
    const url = (path: string) =>
      `${this.config.publicUrl}${path}/${this.config.mpesa.callbackToken}`;
    return {
      shortCode: business,
      responseType: this.config.mpesaC2b.responseType,
      confirmationUrl: url(C2B_CONFIRMATION_PATH),
      validationUrl: url(C2B_VALIDATION_PATH),
      version: 'v2',
    };
  }
}

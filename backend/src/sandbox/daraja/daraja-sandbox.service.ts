import { randomInt } from 'node:crypto';
import { Injectable, Logger } from '@nestjs/common';
import { EntityManager } from 'typeorm';
import { Clock, systemClock } from '../../common/clock/clock';
import { AppConfig } from '../../config/app-config';
import {
  checkoutRequestId,
  conversationId,
  darajaAccessToken,
  merchantRequestId,
  mpesaReceipt,
} from '../common/ids';
import { answer, ProviderAnswer } from '../common/provider-answer';
import { iso } from '../common/sql';
import { FaultRepository } from '../faults/fault.repository';
import { OutboundService } from '../outbound/outbound.service';
import { SmsInboxRepository } from '../phone/sms-inbox.repository';
import { MPESA_SMS_SENDER, OUTBOUND_KIND, SANDBOX_MERCHANT_NAME } from '../sandbox.constants';
import { SandboxError, SandboxErrorCode } from '../sandbox.errors';
import { SandboxSettings } from '../sandbox.settings';
import { DarajaSandboxRepository, StkRow } from './daraja-sandbox.repository';
import {
  b2cConfirmationSms,
  b2cOutcome,
  b2cResultBody,
  DARAJA_REJECTIONS,
  DarajaRejection,
  faultRejection,
  stkCallbackBody,
  stkConfirmationSms,
  stkPromptText,
  stkQueryBody,
  StkResolution,
  stkResult,
  transactionDate,
  transactionStatusResultBody,
  accountBalanceResultBody,
  validateAccountBalance,
  validateB2c,
  validateStkPush,
  validateStkQuery,
  validateTransactionStatus,
} from './domain/daraja-rules';

/** Seconds a sandbox access token lives (§1.2: 3599, sent as a string). */
const TOKEN_TTL_SECONDS = 3599;
/** Rows handled per sweep and kind. */
const SWEEP_BATCH = 100;

/** A pending STK prompt as the phone shows it (GET /sandbox/api/phones/{msisdn} `prompts`). */
export interface PromptView {
  checkoutRequestId: string;
  merchantRequestId: string;
  /** Ksh, `'200.00'`. */
  amount: string;
  accountReference: string;
  transactionDesc: string | null;
  businessShortCode: string;
  merchant: string;
  text: string;
  createdAt: string;
  expiresAt: string;
}

/** What the phone did with a prompt. */
export type PromptAction = 'accept' | 'decline' | 'wrong-pin';

/** Result of answering a prompt. */
export interface PromptAnswer {
  checkoutRequestId: string;
  status: StkResolution;
  resultCode: number;
  resultDesc: string;
  /** M-Pesa receipt, when accepted. */
  receipt?: string;
}

/**
 * The Daraja (M-Pesa) simulator (docs/PROVIDERS.md §1.11): OAuth, STK push with a prompt on the
 * sandbox phone, STK query, B2C with its result callback. Deadlines (auto-accept, 1037 timeout,
 * B2C result) are stored and carried out by the sweeper, so they survive restarts.
 */
@Injectable()
export class DarajaSandboxService {
  private readonly logger = new Logger('Sandbox');
  /** Time source for receipts and dates (due times use the database clock). */
  clock: Clock = systemClock;
  /** Tokens known to be valid, with when to ask the database again (ms). */
  private readonly validTokens = new Map<string, number>();

  constructor(
    private readonly repo: DarajaSandboxRepository,
    private readonly outbound: OutboundService,
    private readonly faults: FaultRepository,
    private readonly inbox: SmsInboxRepository,
    private readonly config: AppConfig,
    private readonly settings: SandboxSettings,
  ) {}

  /**
   * `GET /oauth/v1/generate?grant_type=client_credentials` (§1.2): Basic auth with our consumer
   * key and secret → `{access_token, expires_in: "3599"}`.
   */
  async issueToken(authorization: string | undefined, grantType: unknown): Promise<ProviderAnswer> {
    const fault = await this.faults.consume('daraja.oauth');
    if (fault !== null) return this.reject(faultRejection(fault));
    const match = /^Basic\s+([A-Za-z0-9+/=]+)\s*$/i.exec(authorization ?? '');
    if (!match) return this.reject(DARAJA_REJECTIONS.invalidAuthentication);
    if (grantType !== 'client_credentials') return this.reject(DARAJA_REJECTIONS.invalidGrantType);
    const { consumerKey, consumerSecret } = this.config.mpesa;
    if (Buffer.from(match[1], 'base64').toString('utf8') !== `${consumerKey}:${consumerSecret}`) {
      return this.reject(DARAJA_REJECTIONS.invalidAuthentication);
    }
    const token = darajaAccessToken();
    await this.repo.insertToken(token, TOKEN_TTL_SECONDS);
    return answer(200, { access_token: token, expires_in: String(TOKEN_TTL_SECONDS) });
  }

  /** `POST /mpesa/stkpush/v1/processrequest` (§1.3): validates, stores the prompt, answers at once. */
  async stkPush(authorization: string | undefined, body: unknown): Promise<ProviderAnswer> {
    const refused = await this.checkBearer(authorization, 'daraja.stkpush');
    if (refused) return refused;
    const checked = validateStkPush(body, this.credentials());
    if (!checked.ok) return this.reject(checked.rejection);
    const stk = checked.value;
    const merchantId = merchantRequestId();
    for (let attempt = 0; attempt < 5; attempt++) {
      const checkoutId = checkoutRequestId(this.clock.now(), stk.phoneNumber);
      const stored = await this.repo.insertStk({
        ...stk,
        checkoutRequestId: checkoutId,
        merchantRequestId: merchantId,
        timeoutMs: this.settings.stkTimeoutMs,
        autoAcceptMs: this.settings.autoAccept ? this.settings.autoAcceptDelayMs : null,
      });
      if (stored) {
        return answer(200, {
          MerchantRequestID: merchantId,
          CheckoutRequestID: checkoutId,
          ResponseCode: '0',
          ResponseDescription: 'Success. Request accepted for processing',
          CustomerMessage: 'Success. Request accepted for processing',
        });
      }
    }
    return this.reject(DARAJA_REJECTIONS.internal);
  }

  /**
   * `POST /mpesa/stkpushquery/v1/query` (§1.7): "being processed" (HTTP 500) while pending, the
   * string ResultCode once resolved, `400.002.02` for an unknown CheckoutRequestID.
   */
  async stkQuery(authorization: string | undefined, body: unknown): Promise<ProviderAnswer> {
    const refused = await this.checkBearer(authorization, 'daraja.stkquery');
    if (refused) return refused;
    const checked = validateStkQuery(body, this.credentials());
    if (!checked.ok) return this.reject(checked.rejection);
    const stk = await this.repo.findStk(checked.value);
    if (!stk) return this.reject(DARAJA_REJECTIONS.invalid('CheckoutRequestID'));
    if (stk.status === 'pending') return this.reject(DARAJA_REJECTIONS.beingProcessed);
    return answer(
      200,
      stkQueryBody({
        merchantRequestId: stk.merchant_request_id,
        checkoutRequestId: stk.checkout_request_id,
        resolution: stk.status,
      }),
    );
  }

  /**
   * `POST /mpesa/transactionstatus/v1/query` (§1.9) about an STK payment's receipt: synchronous
   * acknowledgement, then the `Result` (`Completed`, or 2001 for a wrong initiator) posted to
   * ResultURL at once; an unknown receipt is refused with `400.002.02`.
   */
  async transactionStatus(
    authorization: string | undefined,
    body: unknown,
  ): Promise<ProviderAnswer> {
    const refused = await this.checkBearer(authorization, 'daraja.transactionstatus');
    if (refused) return refused;
    const checked = validateTransactionStatus(body);
    if (!checked.ok) return this.reject(checked.rejection);
    const q = checked.value;
    const stk = await this.repo.findStkByReceipt(q.transactionId);
    if (!stk?.receipt) return this.reject(DARAJA_REJECTIONS.invalid('TransactionID'));
    const now = this.clock.now();
    const conversation = conversationId(now);
    const originator = q.originatorConversationId ?? `sandbox-${conversation.slice(-12)}`;
    const { initiatorName, securityCredential } = this.config.mpesa;
    const result = transactionStatusResultBody({
      originatorConversationId: originator,
      conversationId: conversation,
      initiatorValid:
        q.initiatorName === initiatorName && q.securityCredential === securityCredential,
      stk: {
        receipt: stk.receipt,
        amountKsh: stk.amount_ksh,
        msisdn: stk.msisdn,
        shortcode: stk.business_short_code,
        transactionDate: stk.transaction_date,
      },
      at: now,
    });
    await this.outbound.enqueue(this.repo.dataSource.manager, {
      kind: OUTBOUND_KIND.STATUS_RESULT,
      reference: originator,
      url: q.resultUrl,
      contentType: 'application/json',
      body: JSON.stringify(result),
    });
    this.outbound.notify();
    return answer(200, {
      OriginatorConversationID: originator,
      ConversationID: conversation,
      ResponseCode: '0',
      ResponseDescription: 'Accept the service request successfully.',
    });
  }

  /**
   * `POST /mpesa/accountbalance/v1/query` (§1.12): synchronous acknowledgement, then the `Result`
   * (the Utility Account holding SANDBOX_B2C_FLOAT_KSH; 2001 for a wrong initiator) posted to
   * ResultURL at once.
   */
  async accountBalance(authorization: string | undefined, body: unknown): Promise<ProviderAnswer> {
    const refused = await this.checkBearer(authorization, 'daraja.accountbalance');
    if (refused) return refused;
    const checked = validateAccountBalance(body);
    if (!checked.ok) return this.reject(checked.rejection);
    const now = this.clock.now();
    const conversation = conversationId(now);
    const originator = `sandbox-${conversation.slice(-12)}`;
    const { initiatorName, securityCredential } = this.config.mpesa;
    const result = accountBalanceResultBody({
      originatorConversationId: originator,
      conversationId: conversation,
      initiatorValid:
        checked.value.initiatorName === initiatorName &&
        checked.value.securityCredential === securityCredential,
      utilityKsh: this.settings.b2cFloatKsh,
      at: now,
    });
    await this.outbound.enqueue(this.repo.dataSource.manager, {
      kind: OUTBOUND_KIND.BALANCE_RESULT,
      reference: conversation,
      url: checked.value.resultUrl,
      contentType: 'application/json',
      body: JSON.stringify(result),
    });
    this.outbound.notify();
    return answer(200, {
      OriginatorConversationID: originator,
      ConversationID: conversation,
      ResponseCode: '0',
      ResponseDescription: 'Accept the service request successfully.',
    });
  }

  /**
   * `POST /mpesa/b2c/{v1,v3}/paymentrequest` (§1.8): synchronous acknowledgement; the Result goes
   * to ResultURL after SANDBOX_B2C_RESULT_DELAY_MS. A repeated OriginatorConversationID is refused
   * with `500.002.1001`. Failures are triggered as documented in sandbox.constants.ts.
   */
  async b2c(
    authorization: string | undefined,
    body: unknown,
    version: 'v1' | 'v3',
  ): Promise<ProviderAnswer> {
    const refused = await this.checkBearer(authorization, 'daraja.b2c');
    if (refused) return refused;
    const checked = validateB2c(body, version);
    if (!checked.ok) return this.reject(checked.rejection);
    const b2c = checked.value;
    const { initiatorName, securityCredential } = this.config.mpesa;
    const outcome = b2cOutcome({
      amount: b2c.amount,
      partyB: b2c.partyB,
      initiatorValid:
        b2c.initiatorName === initiatorName && b2c.securityCredential === securityCredential,
    });
    const conversation = conversationId(this.clock.now());
    const originator = b2c.originatorConversationId ?? `sandbox-${conversation.slice(-12)}`;
    const stored = await this.repo.insertB2c({
      conversationId: conversation,
      originatorConversationId: originator,
      initiatorName: b2c.initiatorName,
      commandId: b2c.commandId,
      amountKsh: `${b2c.amount}.00`,
      partyA: b2c.partyA,
      partyB: b2c.partyB,
      remarks: b2c.remarks,
      occasion: b2c.occasion,
      resultUrl: b2c.resultUrl,
      queueTimeoutUrl: b2c.queueTimeoutUrl,
      resultCode: outcome.code,
      resultDesc: outcome.desc,
      delayMs: this.settings.b2cResultDelayMs,
    });
    if (!stored) return this.reject(DARAJA_REJECTIONS.duplicateOriginator);
    return answer(200, {
      ConversationID: conversation,
      OriginatorConversationID: originator,
      ResponseCode: '0',
      ResponseDescription: 'Accept the service request successfully.',
    });
  }

  /**
   * The phone owner answers a prompt: accept (any 4-digit PIN) → ResultCode 0, receipt and the
   * M-Pesa SMS; decline → 1032; wrong PIN → 2001. The callback goes to CallBackURL unless
   * `sendCallback` is false (then it is recorded as dropped, to test reconciliation).
   * @throws SandboxError INVALID_PIN, PROMPT_NOT_FOUND, PROMPT_ANSWERED.
   */
  async answerPrompt(
    msisdn: string,
    checkoutRequestId: string,
    action: PromptAction,
    pin: unknown,
    sendCallback = true,
  ): Promise<PromptAnswer> {
    if (action === 'accept' && (typeof pin !== 'string' || !/^\d{4}$/.test(pin))) {
      throw new SandboxError(SandboxErrorCode.INVALID_PIN);
    }
    const resolution: StkResolution =
      action === 'accept' ? 'accepted' : action === 'decline' ? 'declined' : 'wrong_pin';
    const result = await this.repo.dataSource.transaction(async (db) => {
      const stk = await this.repo.lockStk(db, checkoutRequestId);
      if (!stk || stk.msisdn !== msisdn) throw new SandboxError(SandboxErrorCode.PROMPT_NOT_FOUND);
      if (stk.status !== 'pending')
        throw new SandboxError(SandboxErrorCode.PROMPT_ANSWERED, { status: stk.status });
      // Past its deadline the prompt is gone from the phone; the sweeper sends the 1037.
      if (new Date(stk.expires_at).getTime() <= this.clock.now().getTime()) {
        throw new SandboxError(SandboxErrorCode.PROMPT_ANSWERED, { status: 'timed_out' });
      }
      return this.resolve(db, stk, resolution, sendCallback);
    });
    this.outbound.notify();
    return result;
  }

  /** Sends the latest STK callback of a prompt again (idempotency tests). */
  async resendStkCallback(checkoutRequestId: string): Promise<void> {
    if (!(await this.outbound.resend(OUTBOUND_KIND.STK_CALLBACK, checkoutRequestId))) {
      throw new SandboxError(SandboxErrorCode.PROMPT_NOT_FOUND);
    }
  }

  /** A prompt's state (debug and tests). */
  async stkState(checkoutRequestId: string): Promise<Record<string, unknown>> {
    const stk = await this.repo.findStk(checkoutRequestId);
    if (!stk) throw new SandboxError(SandboxErrorCode.PROMPT_NOT_FOUND);
    return {
      checkoutRequestId: stk.checkout_request_id,
      merchantRequestId: stk.merchant_request_id,
      msisdn: stk.msisdn,
      amount: stk.amount_ksh,
      accountReference: stk.account_reference,
      status: stk.status,
      resultCode: stk.result_code,
      resultDesc: stk.result_desc,
      receipt: stk.receipt,
      createdAt: iso(stk.created_at),
      expiresAt: iso(stk.expires_at),
      resolvedAt: iso(stk.resolved_at),
    };
  }

  /** A B2C request's state (debug and tests). */
  async b2cState(conversationId: string): Promise<Record<string, unknown>> {
    const b2c = await this.repo.findB2c(conversationId);
    if (!b2c) throw new SandboxError(SandboxErrorCode.TRANSACTION_NOT_FOUND);
    return {
      conversationId: b2c.conversation_id,
      originatorConversationId: b2c.originator_conversation_id,
      amount: b2c.amount_ksh,
      partyB: b2c.party_b,
      status: b2c.status,
      resultCode: b2c.result_code,
      resultDesc: b2c.result_desc,
      transactionId: b2c.transaction_id,
    };
  }

  /** Pending prompts on a phone, newest first. */
  async prompts(msisdn: string): Promise<PromptView[]> {
    return (await this.repo.pendingFor(msisdn)).map((stk) => this.promptView(stk));
  }

  /** Recent prompts and payouts for the index page. */
  async recent(
    limit: number,
  ): Promise<{ stk: StkRow[]; b2c: Awaited<ReturnType<DarajaSandboxRepository['recentB2c']>> }> {
    const [stk, b2c] = await Promise.all([this.repo.recentStk(limit), this.repo.recentB2c(limit)]);
    return { stk, b2c };
  }

  /**
   * One pass of the timers (called by the sweeper): auto-accepts due prompts, times out prompts
   * left alone (1037), completes due B2C payouts. Returns how many rows it handled.
   */
  async sweep(): Promise<number> {
    const stkCount = await this.repo.dataSource.transaction(async (db) => {
      const due = await this.repo.lockDueStk(db, SWEEP_BATCH);
      for (const stk of due)
        await this.resolve(db, stk, stk.due === 'auto_accept' ? 'accepted' : 'timed_out', true);
      return due.length;
    });
    const b2cCount = await this.repo.dataSource.transaction(async (db) => {
      const due = await this.repo.lockDueB2c(db, SWEEP_BATCH);
      for (const b2c of due) {
        const now = this.clock.now();
        const transactionId = mpesaReceipt(now);
        const paid = b2c.result_code === 0;
        await this.repo.completeB2c(
          db,
          b2c.conversation_id,
          paid ? 'completed' : 'failed',
          transactionId,
        );
        if (paid) {
          await this.inbox.add(db, {
            msisdn: b2c.party_b,
            sender: MPESA_SMS_SENDER,
            body: b2cConfirmationSms({
              receipt: transactionId,
              amountKsh: b2c.amount_ksh,
              merchant: SANDBOX_MERCHANT_NAME,
              at: now,
            }),
          });
        }
        await this.outbound.enqueue(db, {
          kind: OUTBOUND_KIND.B2C_RESULT,
          reference: b2c.conversation_id,
          url: b2c.result_url,
          contentType: 'application/json',
          body: JSON.stringify(
            b2cResultBody({
              originatorConversationId: b2c.originator_conversation_id,
              conversationId: b2c.conversation_id,
              transactionId,
              resultCode: b2c.result_code,
              resultDesc: b2c.result_desc,
              amountKsh: b2c.amount_ksh,
              partyB: b2c.party_b,
              completedAt: now,
            }),
          ),
        });
      }
      return due.length;
    });
    if (stkCount + b2cCount > 0) this.outbound.notify();
    return stkCount + b2cCount;
  }

  /** Resolves a locked pending prompt inside `db`: state, M-Pesa SMS (accepted) and the callback. */
  private async resolve(
    db: EntityManager,
    stk: StkRow,
    resolution: StkResolution,
    sendCallback: boolean,
  ): Promise<PromptAnswer> {
    const now = this.clock.now();
    const accepted = resolution === 'accepted';
    const receipt = accepted ? mpesaReceipt(now) : null;
    const date = accepted ? transactionDate(now) : null;
    const result = stkResult(resolution);
    await this.repo.resolveStk(db, stk.checkout_request_id, {
      status: resolution,
      resultCode: result.code,
      resultDesc: result.desc,
      receipt,
      transactionDate: date,
    });
    if (accepted && receipt) {
      await this.inbox.add(db, {
        msisdn: stk.msisdn,
        sender: MPESA_SMS_SENDER,
        body: stkConfirmationSms({
          receipt,
          amountKsh: stk.amount_ksh,
          merchant: SANDBOX_MERCHANT_NAME,
          accountReference: stk.account_reference,
          at: now,
        }),
      });
    }
    await this.outbound.enqueue(
      db,
      {
        kind: OUTBOUND_KIND.STK_CALLBACK,
        reference: stk.checkout_request_id,
        url: stk.callback_url,
        contentType: 'application/json',
        body: JSON.stringify(
          stkCallbackBody({
            merchantRequestId: stk.merchant_request_id,
            checkoutRequestId: stk.checkout_request_id,
            resolution,
            amountKsh: stk.amount_ksh,
            receipt,
            transactionDate: date,
            msisdn: stk.msisdn,
          }),
        ),
      },
      { drop: !sendCallback || this.losesCallback() },
    );
    this.logger.debug(`STK ${stk.checkout_request_id} ${resolution}`);
    return {
      checkoutRequestId: stk.checkout_request_id,
      status: resolution,
      resultCode: result.code,
      resultDesc: result.desc,
      ...(receipt ? { receipt } : {}),
    };
  }

  private promptView(stk: StkRow): PromptView {
    return {
      checkoutRequestId: stk.checkout_request_id,
      merchantRequestId: stk.merchant_request_id,
      amount: stk.amount_ksh,
      accountReference: stk.account_reference,
      transactionDesc: stk.transaction_desc,
      businessShortCode: stk.business_short_code,
      merchant: SANDBOX_MERCHANT_NAME,
      text: stkPromptText({
        amountKsh: stk.amount_ksh,
        merchant: SANDBOX_MERCHANT_NAME,
        accountReference: stk.account_reference,
      }),
      createdAt: iso(stk.created_at) as string,
      expiresAt: iso(stk.expires_at) as string,
    };
  }

  /** Whether this STK callback is "lost" (SANDBOX_STK_CALLBACK_LOSS_PERCENT; docs/PROVIDERS.md §1.11). */
  private losesCallback(): boolean {
    const percent = this.settings.stkCallbackLossPercent;
    return percent > 0 && randomInt(100) < percent;
  }

  private credentials(): { shortcode: string; passkey: string } {
    return { shortcode: this.config.mpesa.shortcode, passkey: this.config.mpesa.passkey };
  }

  /** Bearer check (§1.11: unknown or expired token → `404.001.03`), then an injected fault. */
  private async checkBearer(
    authorization: string | undefined,
    target:
      | 'daraja.stkpush'
      | 'daraja.stkquery'
      | 'daraja.b2c'
      | 'daraja.transactionstatus'
      | 'daraja.accountbalance',
  ): Promise<ProviderAnswer | null> {
    const match = /^Bearer\s+(\S+)\s*$/i.exec(authorization ?? '');
    if (!match || !(await this.isTokenValid(match[1])))
      return this.reject(DARAJA_REJECTIONS.invalidToken);
    const fault = await this.faults.consume(target);
    return fault === null ? null : this.reject(faultRejection(fault));
  }

  /** Token check, remembering valid tokens in this process until they expire. */
  private async isTokenValid(token: string): Promise<boolean> {
    const expiresAt = this.validTokens.get(token);
    if (expiresAt !== undefined && expiresAt > Date.now()) return true;
    if (!(await this.repo.isTokenValid(token))) return false;
    if (this.validTokens.size > 10_000) this.validTokens.clear();
    // Remembered for a minute at most: the database decides about expiry after that.
    this.validTokens.set(token, Date.now() + 60_000);
    return true;
  }

  private reject(rejection: DarajaRejection): ProviderAnswer {
    return answer(rejection.status, {
      requestId: merchantRequestId(),
      errorCode: rejection.errorCode,
      errorMessage: rejection.errorMessage,
    });
  }
}

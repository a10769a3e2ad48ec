import { Injectable } from '@nestjs/common';
import { DarajaSandboxService, PromptAction, PromptAnswer } from '../daraja/daraja-sandbox.service';
import { FlutterwaveSandboxService } from '../flutterwave/flutterwave-sandbox.service';
import { SandboxError, SandboxErrorCode } from '../sandbox.errors';
import { phoneKey } from './domain/phone-key';
import { SandboxOverview } from './sandbox-index.page';
import { PhoneView } from './phone-page';
import { SmsInboxRepository } from './sms-inbox.repository';

/** Messages a phone shows. */
const INBOX_LIMIT = 100;
/** Rows per list on the index page. */
const RECENT_LIMIT = 30;

/** Use cases of the sandbox phone (page and JSON API) and the sandbox index. */
@Injectable()
export class PhoneService {
  constructor(
    private readonly daraja: DarajaSandboxService,
    private readonly flutterwave: FlutterwaveSandboxService,
    private readonly inbox: SmsInboxRepository,
  ) {}

  /**
   * The phone's pending prompts and inbox (newest first).
   * @throws SandboxError INVALID_PHONE when `msisdn` is not a phone number.
   */
  async view(msisdn: string): Promise<PhoneView> {
    const key = this.key(msisdn);
    const [prompts, messages] = await Promise.all([
      this.daraja.prompts(key),
      this.inbox.inbox(key, INBOX_LIMIT),
    ]);
    return { msisdn: key, prompts, messages };
  }

  /**
   * Accept (4-digit PIN), decline or wrong PIN on a prompt of this phone.
   * @throws SandboxError INVALID_PHONE, INVALID_PIN, PROMPT_NOT_FOUND, PROMPT_ANSWERED.
   */
  answer(
    msisdn: string,
    checkoutRequestId: string,
    action: PromptAction,
    pin: unknown,
    sendCallback = true,
  ): Promise<PromptAnswer> {
    return this.daraja.answerPrompt(this.key(msisdn), checkoutRequestId, action, pin, sendCallback);
  }

  /** Recent phones, checkouts, prompts and payouts for /sandbox. */
  async overview(): Promise<SandboxOverview> {
    const [phones, checkouts, recent] = await Promise.all([
      this.inbox.recentPhones(RECENT_LIMIT),
      this.flutterwave.recent(RECENT_LIMIT),
      this.daraja.recent(RECENT_LIMIT),
    ]);
    return {
      phones,
      checkouts: checkouts.map((c) => ({ ...c, link: this.flutterwave.checkoutLink(c.token) })),
      stk: recent.stk,
      b2c: recent.b2c,
    };
  }

  /** The inbox key of `msisdn`. @throws SandboxError INVALID_PHONE. */
  key(msisdn: string): string {
    const key = phoneKey(msisdn);
    if (!key) throw new SandboxError(SandboxErrorCode.INVALID_PHONE);
    return key;
  }
}

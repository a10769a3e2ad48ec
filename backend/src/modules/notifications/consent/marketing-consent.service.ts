import { Inject, Injectable, Logger } from '@nestjs/common';
import { createHmac } from 'crypto';
import { Clock, CLOCK } from '../../../common/clock/clock';
import { AppConfig } from '../../../config/app-config';
import type { AtIncomingMessage } from '../../../providers/africastalking/incoming-message';
import { ConsentError, ConsentErrorCode } from './consent.errors';
import { SMS_OPT_IN_TEXT, UNSUBSCRIBE_PATH } from './consent.constants';
import {
  consentRecipient,
  isStopReply,
  MarketingChannel,
  mayReceiveMarketing,
  signUnsubscribeToken,
  verifyUnsubscribeToken,
} from './domain/consent-rules';
import { ConsentRow, MarketingConsentRepository } from './marketing-consent.repository';

/** Who an opt-in or opt-out is for: a phone (`sms`) or an e-mail address (`email`), and the account if known. */
export interface ConsentRecipient {
  channel: MarketingChannel;
  /** A phone in any form docs/PRODUCT-RULES.md R136 accepts, or an e-mail address. */
  to: string;
  userId?: number | null;
}

/**
 * Marketing consent (docs/PRODUCT-RULES.md R230-R234): records opt-ins (time, text shown,
 * source) and opt-outs (STOP reply, unsubscribe link, account), and answers whether a marketing
 * message may go to a recipient. Transactional messages (picks, codes) never ask it.
 */
@Injectable()
export class MarketingConsentService {
  private readonly logger = new Logger(MarketingConsentService.name);

  constructor(
    private readonly consents: MarketingConsentRepository,
    private readonly config: AppConfig,
    @Inject(CLOCK) private readonly clock: Clock,
  ) {}

  /** Whether a marketing message may go to `to` on `channel` now (R230). An invalid recipient → false. */
  async canSendMarketing(to: string, channel: MarketingChannel): Promise<boolean> {
    const recipient = consentRecipient(channel, to);
    if (!recipient) return false;
    return mayReceiveMarketing(await this.consents.find(channel, recipient));
  }

  /**
   * Records an opt-in (R231): `consentText` is the wording the person saw and ticked, verbatim;
   * `source` where (`register-form`, `checkout`…). A later opt-in replaces the text and source.
   * @throws ConsentError INVALID_RECIPIENT (400), INVALID_CONSENT_TEXT (400) when the text is empty.
   */
  async optIn(who: ConsentRecipient, consentText: string, source: string): Promise<void> {
    const recipient = this.recipient(who);
    if (typeof consentText !== 'string' || !consentText.trim())
      throw new ConsentError(ConsentErrorCode.INVALID_CONSENT_TEXT);
    await this.consents.optIn(
      who.channel,
      recipient,
      who.userId ?? null,
      consentText.trim(),
      source,
      this.clock.now(),
    );
  }

  /**
   * Checks the opt-in wording a form sent (docs/PRODUCT-RULES.md R276): absent (undefined, null,
   * false, '') means the box was not ticked → false; the exact SMS_OPT_IN_TEXT → true.
   * @throws ConsentError UNKNOWN_CONSENT_TEXT (400) for any other value.
   */
  smsOptInTicked(shown: unknown): boolean {
    if (shown === undefined || shown === null || shown === false || shown === '') return false;
    if (shown !== SMS_OPT_IN_TEXT) throw new ConsentError(ConsentErrorCode.UNKNOWN_CONSENT_TEXT);
    return true;
  }

  /**
   * Records the SMS opt-in a form's ticked box gave for `phone` (R276) with SMS_OPT_IN_TEXT, the
   * clock's time and `source`. A number that is not a phone (docs/PRODUCT-RULES.md R136) is not recorded (returns false).
   */
  async optInSmsFromForm(
    phone: string,
    source: string,
    userId: number | null = null,
  ): Promise<boolean> {
    if (!consentRecipient('sms', phone)) return false;
    await this.optIn({ channel: 'sms', to: phone, userId }, SMS_OPT_IN_TEXT, source);
    return true;
  }

  /**
   * Records an opt-out (R233, R234) at the clock's time; idempotent. Returns whether the recipient
   * was opted in until now.
   * @throws ConsentError INVALID_RECIPIENT (400).
   */
  async optOut(who: ConsentRecipient, source: string): Promise<boolean> {
    return this.consents.optOut(who.channel, this.recipient(who), source, this.clock.now());
  }

  /**
   * An incoming SMS (docs/PROVIDERS.md §3.7): STOP, STOP ALL or UNSUBSCRIBE from a phone opts it
   * out of marketing SMS (R233); any other text is ignored. Returns what was done.
   */
  async applyIncomingSms(message: AtIncomingMessage): Promise<'opted-out' | 'ignored'> {
    if (!isStopReply(message.text)) return 'ignored';
    const recipient = consentRecipient('sms', message.from);
    if (!recipient) {
      this.logger.warn({ messageId: message.id }, 'STOP from a number that is not a phone');
      return 'ignored';
    }
    await this.consents.optOut('sms', recipient, 'sms-stop', this.clock.now());
    return 'opted-out';
  }

  /**
   * The unsubscribe link of a recipient (R234): PUBLIC_URL + UNSUBSCRIBE_PATH `?token=` an HMAC
   * token naming channel and recipient; no login needed to use it.
   * @throws ConsentError INVALID_RECIPIENT (400).
   */
  unsubscribeUrl(who: ConsentRecipient): string {
    const token = signUnsubscribeToken(this.linkKey(), who.channel, this.recipient(who));
    return `${this.config.publicUrl.replace(/\/$/, '')}${UNSUBSCRIBE_PATH}?token=${token}`;
  }

  /**
   * Opts out the recipient a link's token names (R234); idempotent.
   * @throws ConsentError INVALID_UNSUBSCRIBE_TOKEN (400) for a malformed or forged token.
   */
  async unsubscribe(token: unknown): Promise<{ channel: MarketingChannel }> {
    const named = verifyUnsubscribeToken(this.linkKey(), token);
    if (!named) throw new ConsentError(ConsentErrorCode.INVALID_UNSUBSCRIBE_TOKEN);
    await this.consents.optOut(
      named.channel,
      named.recipient,
      'unsubscribe-link',
      this.clock.now(),
    );
    return { channel: named.channel };
  }

  /** The consent rows recorded for an account (its data export). */
  forUser(userId: number): Promise<ConsentRow[]> {
    return this.consents.forUser(userId);
  }

  private recipient(who: ConsentRecipient): string {
    const recipient = consentRecipient(who.channel, who.to);
    if (!recipient) throw new ConsentError(ConsentErrorCode.INVALID_RECIPIENT);
    return recipient;
  }

  /**
   * The links' HMAC key, derived from JWT_ACCESS_SECRET under its own label (R234): no new secret
   * to deploy; rotating that secret invalidates links already sent.
   */
  private linkKey(): string {
    return createHmac('sha256', this.config.jwt.accessSecret)
      .update('marketing-unsubscribe-link')
      .digest('hex');
  }
}

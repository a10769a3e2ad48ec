import { Injectable } from '@nestjs/common';
import { findToutWord } from '../../../common/content/tout-words';
import { TransactionRunner } from '../../../database/transaction-runner';
import { EmailOutboxService } from '../email-outbox.service';
import { SmsService } from '../sms/sms.service';
import { ConsentError, ConsentErrorCode } from './consent.errors';
import { MARKETING_PURPOSE } from './consent.constants';
import { consentRecipient, MarketingChannel, marketingText } from './domain/consent-rules';
import { MarketingConsentService } from './marketing-consent.service';

/** A marketing message: a phone (`sms`) or an address (`email`), the body, and the e-mail's subject. */
export interface MarketingMessage {
  channel: MarketingChannel;
  /** A phone in any form docs/PRODUCT-RULES.md R136 accepts, or an e-mail address. */
  to: string;
  body: string;
  /** E-mail only. */
  subject?: string;
}

const escapeHtml = (text: string): string =>
  text.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] as string,
  );

/**
 * The one way a marketing message leaves the platform (docs/PRODUCT-RULES.md R230-R235): refused
 * without a recorded opt-in, refused when its text holds a tout word or an income claim (R85,
 * R235), and sent with the required warning, the STOP line (SMS) or the unsubscribe link
 * (e-mail). Picks, codes and other transactional messages go through SmsService and
 * EmailOutboxService directly and are never affected.
 */
@Injectable()
export class MarketingSender {
  constructor(
    private readonly consent: MarketingConsentService,
    private readonly sms: SmsService,
    private readonly email: EmailOutboxService,
    private readonly tx: TransactionRunner,
  ) {}

  /**
   * Queues one marketing message and dispatches it; returns the outbox row id.
   * @throws ConsentError INVALID_RECIPIENT (400), MARKETING_TOUT_WORD (400, naming the word),
   *         NO_MARKETING_CONSENT (409: no opt-in, or opted out since).
   */
  async send(message: MarketingMessage): Promise<string> {
    const recipient = consentRecipient(message.channel, message.to);
    if (!recipient) throw new ConsentError(ConsentErrorCode.INVALID_RECIPIENT);
    const word = findToutWord(`${message.subject ?? ''} ${message.body}`);
    if (word)
      throw new ConsentError(
        ConsentErrorCode.MARKETING_TOUT_WORD,
        `A marketing message must not contain "${word}"`,
      );
    if (!(await this.consent.canSendMarketing(recipient, message.channel)))
      throw new ConsentError(ConsentErrorCode.NO_MARKETING_CONSENT);

    if (message.channel === 'sms')
      return this.sms.queue(recipient, marketingText('sms', message.body), MARKETING_PURPOSE);
    const text = marketingText(
      'email',
      message.body,
      this.consent.unsubscribeUrl({ channel: 'email', to: recipient }),
    );
    const id = await this.tx.run((m) =>
      this.email.add(m, {
        kind: MARKETING_PURPOSE,
        to: recipient,
        subject: message.subject ?? 'News from the marketplace',
        text,
        html: text
          .split('\n')
          .map((line) => `<p>${escapeHtml(line)}</p>`)
          .join(''),
      }),
    );
    this.email.dispatch(id);
    return id;
  }
}

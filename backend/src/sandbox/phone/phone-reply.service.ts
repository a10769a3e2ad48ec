import { Inject, Injectable } from '@nestjs/common';
import { ApiProperty } from '@nestjs/swagger';
import { Clock, CLOCK } from '../../common/clock/clock';
import { AppConfig } from '../../config/app-config';
import { atInboundSmsPath } from '../../modules/notifications/consent/consent.constants';
import { atMessageId } from '../common/ids';
import { AT_DEFAULT_SENDER } from '../sandbox.constants';
import { SandboxError, SandboxErrorCode } from '../sandbox.errors';
import { phoneKey } from './domain/phone-key';

/** The phone page's reply form (docs/PRODUCT-RULES.md R233). */
export class PhoneReplyDto {
  @ApiProperty({ example: 'STOP', maxLength: 459 }) text: string;
}

/** Longest reply the sandbox phone sends (one concatenated SMS). */
const MAX_REPLY = 459;

/**
 * The sandbox phone's replies (docs/PROVIDERS.md §3.7, docs/PRODUCT-RULES.md R233): a text typed on
 * the phone page is posted to this server's incoming-SMS callback exactly as Africa's Talking
 * posts it (form fields `from`, `to`, `text`, `date`, `id`, `linkId`, `networkCode` 99999), so
 * replying STOP opts the phone out under `npm start`.
 */
@Injectable()
export class PhoneReplyService {
  constructor(
    private readonly config: AppConfig,
    @Inject(CLOCK) private readonly clock: Clock,
  ) {}

  /**
   * Sends `text` from `msisdn`; returns the callback's answer (`opted-out` or `ignored`).
   * @throws SandboxError INVALID_PHONE; NOT_FOUND when the text is empty or too long.
   */
  async reply(msisdn: string, text: unknown): Promise<{ status: string }> {
    const key = phoneKey(msisdn);
    if (!key) throw new SandboxError(SandboxErrorCode.INVALID_PHONE);
    if (typeof text !== 'string' || !text.trim() || text.length > MAX_REPLY)
      throw new SandboxError(SandboxErrorCode.NOT_FOUND);
    const date = this.clock.now().toISOString().replace('T', ' ').slice(0, 19);
    const form = new URLSearchParams({
      linkId: '',
      text,
      to: AT_DEFAULT_SENDER,
      id: atMessageId(),
      date,
      from: `+${key}`,
      networkCode: '99999',
    });
    const url = `${this.config.publicUrl.replace(/\/$/, '')}${atInboundSmsPath(this.config.africasTalking.callbackToken)}`;
    const res = await fetch(url, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: form.toString(),
      signal: AbortSignal.timeout(10_000),
    });
    const body = (await res.json().catch(() => ({}))) as { status?: string };
    return { status: body.status ?? `http-${res.status}` };
  }
}

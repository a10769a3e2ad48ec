import { Injectable } from '@nestjs/common';
import { randomBytes } from 'crypto';
import { AppConfig } from '../../config/app-config';
import { USSD_CALLBACK_PATH } from '../sandbox.constants';

/** One screen of the sandbox USSD phone. */
export interface UssdScreen {
  sessionId: string;
  /** The answers so far, joined by `*` (AT's `text`). */
  text: string;
  /** The screen without its `CON ` / `END ` prefix. */
  body: string;
  /** true: the menu waits for an answer (`CON`); false: the session ended. */
  open: boolean;
}

/** How long the phone waits for our answer, like Africa's Talking (docs/PROVIDERS.md "Africa's Talking USSD"). */
const ANSWER_TIMEOUT_MS = 15_000;

/**
 * The sandbox USSD phone (docs/PROVIDERS.md "Africa's Talking USSD", simulator): plays Africa's
 * Talking's gateway, posting its form body to our real callback with USSD_CALLBACK_KEY, so every
 * screen a buyer sees comes from the endpoint AT calls.
 */
@Injectable()
export class UssdPhoneService {
  constructor(private readonly config: AppConfig) {}

  /** The code this server's menu answers on (USSD_SERVICE_CODE). */
  get serviceCode(): string {
    return this.config.ussd.serviceCode;
  }

  /** A new session id in AT's style. */
  newSession(): string {
    return `ATUid_${randomBytes(12).toString('hex')}`;
  }

  /**
   * One step of session `sessionId` from phone `msisdn` (2547XXXXXXXX) with the answers `text`:
   * the screen our callback answers, or the network's own END line when it does not answer a
   * readable screen in time.
   */
  async step(msisdn: string, sessionId: string, text: string): Promise<UssdScreen> {
    const key = this.config.ussd.callbackKey;
    const url = `${this.config.publicUrl.replace(/\/+$/, '')}${USSD_CALLBACK_PATH}${key ? `?key=${encodeURIComponent(key)}` : ''}`;
    const body = new URLSearchParams({
      sessionId,
      serviceCode: this.serviceCode,
      phoneNumber: `+${msisdn}`,
      networkCode: '99999',
      text,
    });
    let answer = '';
    try {
      const res = await fetch(url, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: body.toString(),
        signal: AbortSignal.timeout(ANSWER_TIMEOUT_MS),
      });
      answer = res.ok
        ? await res.text()
        : `END Connection problem or invalid MMI code (HTTP ${res.status}).`;
    } catch {
      answer = 'END Connection problem or invalid MMI code.';
    }
    const open = answer.startsWith('CON ');
    const readable = open || answer.startsWith('END ');
    return {
      sessionId,
      text,
      body: readable ? answer.slice(4) : 'Connection problem or invalid MMI code.',
      open,
    };
  }
}

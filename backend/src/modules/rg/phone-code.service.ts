import { Inject, Injectable } from '@nestjs/common';
import { createHash, randomInt, timingSafeEqual } from 'crypto';
import { Clock, CLOCK } from '../../common/clock/clock';
import { toRgPhone } from '../../common/msisdn/msisdn';
import { SmsService } from '../notifications/sms/sms.service';
import { RG_CODE_MAX_ATTEMPTS, RG_CODE_RESEND_MS, RG_CODE_TTL_MS } from './domain/rg-rules';
import { RgError, RgErrorCode } from './rg.errors';
import { CodePurpose, RgRepository } from './rg.repository';

export type { CodePurpose } from './rg.repository';

const hashCode = (phone: string, code: string): string =>
  createHash('sha256').update(`${phone}:${code}`).digest('hex');

/** The SMS of each purpose's code (docs/PRODUCT-RULES.md "Records and responsible gambling", R160). */
const CODE_SMS: Record<CodePurpose, { text: (code: string) => string; smsPurpose: string }> = {
  rg: {
    text: (code) =>
      `Your code for betting limits: ${code}. It expires in 10 minutes. 18+ only. Gambling is addictive, play responsibly.`,
    smsPurpose: 'rg-code',
  },
  buyer: {
    text: (code) =>
      `Your code to see your tips: ${code}. It expires in 10 minutes. Do not share it with anyone.`,
    smsPurpose: 'buyer-code',
  },
  data: {
    text: (code) =>
      `Your code to download or erase your data: ${code}. It expires in 10 minutes. Do not share it with anyone.`,
    smsPurpose: 'data-code',
  },
};

/**
 * One-time SMS codes that prove holding a phone (docs/PRODUCT-RULES.md "Records and responsible
 * gambling", R160): 6 digits, stored hashed (`rg_code`), valid RG_CODE_TTL_MS, dead after
 * RG_CODE_MAX_ATTEMPTS wrong guesses, at most one per RG_CODE_RESEND_MS per phone and purpose. A
 * code proves its own purpose only: a buyer-history code never changes a spend cap.
 */
@Injectable()
export class PhoneCodeService {
  constructor(
    private readonly repo: RgRepository,
    private readonly sms: SmsService,
    @Inject(CLOCK) private readonly clock: Clock,
  ) {}

  /**
   * Texts a fresh code of `purpose` to the phone → {message: 'Code sent'}, the same answer for
   * every valid phone, known to us or not.
   * @throws RgError INVALID_PHONE (400), CODE_TOO_SOON (429) within RG_CODE_RESEND_MS of the last code of this purpose.
   */
  async send(phoneInput: unknown, purpose: CodePurpose): Promise<{ message: string }> {
    const phone = this.phone(phoneInput);
    const now = this.clock.now();
    const last = await this.repo.latestCode(phone, purpose);
    if (last && now.getTime() - last.createdAt.getTime() < RG_CODE_RESEND_MS)
      throw new RgError(RgErrorCode.CODE_TOO_SOON);
    const code = String(randomInt(0, 1_000_000)).padStart(6, '0');
    await this.repo.insertCode(
      phone,
      purpose,
      hashCode(phone, code),
      new Date(now.getTime() + RG_CODE_TTL_MS),
      now,
    );
    await this.sms.queue(phone, CODE_SMS[purpose].text(code), CODE_SMS[purpose].smsPurpose);
    return { message: 'Code sent' };
  }

  /**
   * Checks `code` against the newest code of `purpose` sent to `phone` (international digits):
   * unused, unexpired, fewer than RG_CODE_MAX_ATTEMPTS wrong guesses. A wrong guess is counted
   * (committed on its own). Does not use the code up: the caller does (RgRepository.markUsed) when
   * the proof allows one change only.
   * @returns the code's id.
   * @throws RgError INVALID_CODE (400).
   */
  async check(phone: string, code: unknown, purpose: CodePurpose): Promise<string> {
    const guess = typeof code === 'string' || typeof code === 'number' ? String(code).trim() : '';
    const now = this.clock.now();
    const last = await this.repo.latestCode(phone, purpose);
    const live =
      last &&
      !last.usedAt &&
      last.expiresAt.getTime() > now.getTime() &&
      last.attempts < RG_CODE_MAX_ATTEMPTS;
    if (!live) throw new RgError(RgErrorCode.INVALID_CODE);
    const expected = Buffer.from(last.codeHash, 'hex');
    const given = Buffer.from(hashCode(phone, guess), 'hex');
    if (!/^\d{6}$/.test(guess) || !timingSafeEqual(expected, given)) {
      await this.repo.countWrongGuess(last.id);
      throw new RgError(RgErrorCode.INVALID_CODE);
    }
    return last.id;
  }

  /**
   * Proof that the caller holds `phoneInput` for reading its own records (docs/PRODUCT-RULES.md
   * R160; R261 with purpose `data`: a buyer's export and erasure): a live code of `purpose`
   * (default `buyer`). The code stays good for further reads (the next page) until it expires or
   * takes RG_CODE_MAX_ATTEMPTS wrong guesses.
   * @returns the phone as international digits (254712345678).
   * @throws RgError INVALID_PHONE, INVALID_CODE (400).
   */
  async proveHolder(
    phoneInput: unknown,
    code: unknown,
    purpose: CodePurpose = 'buyer',
  ): Promise<string> {
    const phone = this.phone(phoneInput);
    await this.check(phone, code, purpose);
    return phone;
  }

  /**
   * A phone from the request as international digits (Kenyan MSISDN, or a Nigerian, Ugandan or
   * Tanzanian number: toRgPhone).
   * @throws RgError INVALID_PHONE (400).
   */
  phone(input: unknown): string {
    const phone =
      typeof input === 'string' || typeof input === 'number' ? toRgPhone(String(input)) : null;
    if (!phone) throw new RgError(RgErrorCode.INVALID_PHONE);
    return phone;
  }
}

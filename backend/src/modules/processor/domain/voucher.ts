import { createHash, randomInt, timingSafeEqual } from 'crypto';
import { preHtml } from '../../../common/content/html-text';
import type { Money } from '../../../common/money/money';

/** Digits in a voucher code: 10^12 codes, typed on a USSD keypad as easily as on the web. */
export const VOUCHER_CODE_DIGITS = 12;
/** How long a voucher may be redeemed, from its issue (docs/PRODUCT-RULES.md R242: 30 days). */
export const VOUCHER_TTL_MS = 30 * 24 * 60 * 60_000;
/** Wrong voucher codes a phone may send per VOUCHER_ATTEMPT_WINDOW_MS before it is locked out (R247). */
export const VOUCHER_MAX_FAILED_ATTEMPTS = 10;
/** The window of VOUCHER_MAX_FAILED_ATTEMPTS: one hour. */
export const VOUCHER_ATTEMPT_WINDOW_MS = 60 * 60_000;

/** Why a voucher was issued (docs/PRODUCT-RULES.md R240, R244, R245, R246). */
export type VoucherReason = 'money-back' | 'void' | 'undelivered' | 'change';
export type VoucherStatus = 'issued' | 'redeemed' | 'expired';

/**
 * A new voucher code (docs/PRODUCT-RULES.md R241): VOUCHER_CODE_DIGITS random digits from the
 * system's CSPRNG (not guessable; short enough for an SMS and a USSD screen).
 */
export const newVoucherCode = (random: (max: number) => number = randomInt): string =>
  Array.from({ length: VOUCHER_CODE_DIGITS }, () => String(random(10))).join('');

/**
 * The code a buyer typed, as stored: digits only (spaces and dashes dropped); null when it is not
 * VOUCHER_CODE_DIGITS digits then.
 */
export const normaliseVoucherCode = (typed: unknown): string | null => {
  if (typeof typed !== 'string' && typeof typed !== 'number') return null;
  const digits = String(typed).replace(/[\s-]/g, '');
  return new RegExp(`^\\d{${VOUCHER_CODE_DIGITS}}$`).test(digits) ? digits : null;
};

/** `1234 5678 9012`: a code grouped by four for an SMS. */
export const formatVoucherCode = (code: string): string => code.replace(/(\d{4})(?=\d)/g, '$1 ');

/**
 * Constant-time comparison of two voucher codes (docs/PRODUCT-RULES.md R247): both are hashed
 * first, so neither their content nor their length shows in the time taken.
 */
export const sameVoucherCode = (a: string, b: string): boolean =>
  timingSafeEqual(createHash('sha256').update(a).digest(), createHash('sha256').update(b).digest());

/** The instant a voucher issued at `issuedAt` stops being accepted (R242). */
export const voucherExpiry = (issuedAt: Date): Date =>
  new Date(issuedAt.getTime() + VOUCHER_TTL_MS);

/**
 * Who may spend a voucher (docs/PRODUCT-RULES.md R241, R283): an MSISDN `2547XXXXXXXX`, or, for a
 * card buyer known only by e-mail, that address in lower case. Exactly one of the two is set.
 */
export type VoucherHolder = { phone: string; email: null } | { phone: null; email: string };

/** The holder of a phone (MSISDN). */
export const phoneHolder = (phone: string): VoucherHolder => ({ phone, email: null });

/** The holder of an e-mail address, compared in lower case (R283). */
export const emailHolder = (email: string): VoucherHolder => ({
  phone: null,
  email: email.trim().toLowerCase(),
});

/**
 * The holder a refund voucher goes to (docs/PRODUCT-RULES.md R243, R283): the purchase's phone
 * (the M-Pesa phone, else the account phone behind its e-mail), else its e-mail; null when the
 * purchase has neither (no one to send a voucher to).
 */
export const refundHolder = (p: {
  phone: string | null;
  email: string | null;
}): VoucherHolder | null =>
  p.phone ? phoneHolder(p.phone) : p.email ? emailHolder(p.email) : null;

/** True when `a` and `b` name the same holder. */
export const sameHolder = (
  a: { phone: string | null; email: string | null },
  b: VoucherHolder,
): boolean => (b.phone !== null ? a.phone === b.phone : a.email === b.email);

/** A voucher as the redemption rule needs it. */
export interface VoucherToRedeem {
  phone: string | null;
  email: string | null;
  status: VoucherStatus;
  expiresAt: Date;
  amountKsh: Money;
}

/** Why a voucher may not pay: each answers its own 4xx (processor.errors.ts). */
export type VoucherRefusal =
  'unknown' | 'other-phone' | 'other-email' | 'redeemed' | 'expired' | 'too-small';

/**
 * Whether `voucher` (null: no voucher has the code) may pay a price of `priceKsh` for `holder`
 * at `now` (docs/PRODUCT-RULES.md R246, R247, R283): it must be the holder's, not redeemed, not
 * expired, and worth at least the price. Null when it may. Pure.
 */
export const voucherRefusal = (
  voucher: VoucherToRedeem | null,
  holder: VoucherHolder,
  priceKsh: Money,
  now: Date,
): VoucherRefusal | null => {
  if (!voucher) return 'unknown';
  if (!sameHolder(voucher, holder)) return holder.phone !== null ? 'other-phone' : 'other-email';
  if (voucher.status === 'redeemed') return 'redeemed';
  if (voucher.status === 'expired' || now.getTime() >= voucher.expiresAt.getTime())
    return 'expired';
  if (voucher.amountKsh.lt(priceKsh)) return 'too-small';
  return null;
};

/** `Ksh 150.00` (or `NGN 1,200.00`): a voucher's amount as its SMS shows it. */
const amountText = (amount: Money, currency: string): string =>
  `${currency === 'KES' ? 'Ksh' : currency} ${amount.toDecimal()}`;

/** Why the SMS says the voucher came (R240, R244, R245, R246). */
const REASON_TEXT: Record<VoucherReason, string> = {
  'money-back': 'money-back slip {slip} lost',
  void: 'slip {slip} was void',
  undelivered: 'the picks of slip {slip} did not reach you',
  change: 'change from your last voucher',
};

/**
 * The voucher SMS (docs/PRODUCT-RULES.md R241): the code, the value, why, until when (a
 * Nairobi date), and how to use it. Pure; at most 2 SMS parts.
 */
export const voucherSms = (
  v: { code: string; amount: Money; currency: string; reason: VoucherReason; expiresAt: Date },
  slipId: number | null,
  site: string,
): string => {
  const why = REASON_TEXT[v.reason].replace('{slip}', String(slipId ?? ''));
  const until = v.expiresAt.toLocaleDateString('en-GB', {
    timeZone: 'Africa/Nairobi',
    day: 'numeric',
    month: 'short',
    year: 'numeric',
  });
  return `Voucher ${formatVoucherCode(v.code)}: ${amountText(v.amount, v.currency)} (${why}). Use it to buy any slip before ${until} at ${site}`;
};

/**
 * The voucher e-mail to a holder known only by e-mail (docs/PRODUCT-RULES.md R283): the text of
 * the voucher SMS, then how to spend it (on the card buy page, with this e-mail address). Pure.
 */
export const voucherEmail = (
  v: { code: string; amount: Money; currency: string; reason: VoucherReason; expiresAt: Date },
  slipId: number | null,
  site: string,
): { subject: string; text: string; html: string } => {
  const text = [
    voucherSms(v, slipId, site),
    '',
    'To use it, choose a slip, pay by card or wallet, and type this code in "Voucher code" with',
    'this e-mail address. A voucher that covers the price pays the slip at once.',
  ].join('\n');
  return {
    subject: `Your voucher: ${amountText(v.amount, v.currency)}`,
    text,
    html: preHtml(text),
  };
};

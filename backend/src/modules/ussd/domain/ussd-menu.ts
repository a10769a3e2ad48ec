import { normaliseVoucherCode } from '../../processor/domain/voucher';
import { slipIdOfUssdCode } from '../../slip/domain/ussd-code';

/**
 * The USSD menu as a pure walk over the buyer's answers (docs/PRODUCT-RULES.md R170-R181, R278). The
 * session is stateless on our side: Africa's Talking sends every answer so far, joined by `*`, on
 * each request, and the screen to show is found by replaying them from the main menu.
 */

/** Slips per "Today's top slips" screen. */
export const SLIPS_PER_SCREEN = 5;
/** Longest `text` read (characters): about 40 answers; longer is refused (R171). */
export const MAX_TEXT_CHARS = 160;
/** Largest daily cap typed in the menu (whole Ksh, as the web form: docs/PRODUCT-RULES.md "Records and responsible gambling"). */
export const MAX_CAP_KSH = 1_000_000;
export const EXCLUSION_CHOICES = { '1': '1m', '2': '6m', '3': '1y' } as const;
export type UssdExclusionPeriod = (typeof EXCLUSION_CHOICES)[keyof typeof EXCLUSION_CHOICES];

/** Where the answers lead: the screen to show or the action to take. */
export type UssdState =
  | { kind: 'main' }
  | { kind: 'top'; page: number }
  | { kind: 'top-slip'; index: number }
  | { kind: 'top-buy'; index: number }
  | { kind: 'top-paybill'; index: number }
  | { kind: 'top-voucher'; index: number; retry: boolean }
  | { kind: 'top-voucher-pay'; index: number; code: string }
  | { kind: 'mine' }
  | { kind: 'mine-resend'; index: number }
  | { kind: 'code'; retry: boolean }
  | { kind: 'code-slip'; slipId: number }
  | { kind: 'code-buy'; slipId: number }
  | { kind: 'code-paybill'; slipId: number }
  | { kind: 'code-voucher'; slipId: number; retry: boolean }
  | { kind: 'code-voucher-pay'; slipId: number; code: string }
  | { kind: 'rg' }
  | { kind: 'rg-cap'; retry: boolean }
  | { kind: 'rg-cap-code'; capKsh: number }
  | { kind: 'rg-cap-set'; capKsh: number; code: string }
  | { kind: 'rg-excl' }
  | { kind: 'rg-excl-code'; period: UssdExclusionPeriod }
  | { kind: 'rg-excl-set'; period: UssdExclusionPeriod; code: string }
  | { kind: 'help' }
  | { kind: 'unreadable' };

/** States after which the session ends: a further answer is unreadable. */
const FINAL: ReadonlySet<UssdState['kind']> = new Set([
  'top-buy',
  'top-paybill',
  'top-voucher-pay',
  'mine-resend',
  'code-buy',
  'code-paybill',
  'code-voucher-pay',
  'rg-cap-set',
  'rg-excl-set',
  'help',
  'unreadable',
]);

/**
 * The answers in `text` (AT's `text`: '' on the first request, then answers joined by `*`), or
 * null when it is not a string, longer than MAX_TEXT_CHARS or holds anything but digits, `*` and
 * `#` (R171: such a request ends the session with a readable line).
 */
export const parseAnswers = (text: unknown): string[] | null => {
  if (text === undefined || text === null) return [];
  if (typeof text !== 'string' || text.length > MAX_TEXT_CHARS || !/^[0-9*#]*$/.test(text))
    return null;
  return text === '' ? [] : text.split('*');
};

/** One answer applied to a state; an unknown choice leaves the state as it is (its screen again). */
const step = (s: UssdState, a: string, topCount: number): UssdState => {
  const choice = /^[1-9]$/.test(a) ? Number(a) : null;
  switch (s.kind) {
    case 'main':
      return a === '1'
        ? { kind: 'top', page: 0 }
        : a === '2'
          ? { kind: 'mine' }
          : a === '3'
            ? { kind: 'code', retry: false }
            : a === '4'
              ? { kind: 'rg' }
              : a === '0'
                ? { kind: 'help' }
                : s;
    case 'top': {
      if (a === '9' && (s.page + 1) * SLIPS_PER_SCREEN < topCount)
        return { kind: 'top', page: s.page + 1 };
      if (a === '0') return s.page > 0 ? { kind: 'top', page: s.page - 1 } : { kind: 'main' };
      const index = s.page * SLIPS_PER_SCREEN + (choice ?? 0) - 1;
      return choice !== null && choice <= SLIPS_PER_SCREEN && index < topCount
        ? { kind: 'top-slip', index }
        : s;
    }
    case 'top-slip':
      return a === '1'
        ? { kind: 'top-buy', index: s.index }
        : a === '2'
          ? { kind: 'top-paybill', index: s.index }
          : a === '3'
            ? { kind: 'top-voucher', index: s.index, retry: false }
            : a === '0'
              ? { kind: 'top', page: Math.floor(s.index / SLIPS_PER_SCREEN) }
              : s;
    case 'top-voucher': {
      if (a === '0') return { kind: 'top-slip', index: s.index };
      const code = normaliseVoucherCode(a);
      return code
        ? { kind: 'top-voucher-pay', index: s.index, code }
        : { kind: 'top-voucher', index: s.index, retry: true };
    }
    case 'mine':
      return a === '0'
        ? { kind: 'main' }
        : choice !== null && choice <= SLIPS_PER_SCREEN
          ? { kind: 'mine-resend', index: choice - 1 }
          : s;
    case 'code': {
      if (a === '0') return { kind: 'main' };
      const slipId = slipIdOfUssdCode(a);
      return slipId === null ? { kind: 'code', retry: true } : { kind: 'code-slip', slipId };
    }
    case 'code-slip':
      return a === '1'
        ? { kind: 'code-buy', slipId: s.slipId }
        : a === '2'
          ? { kind: 'code-paybill', slipId: s.slipId }
          : a === '3'
            ? { kind: 'code-voucher', slipId: s.slipId, retry: false }
            : a === '0'
              ? { kind: 'main' }
              : s;
    case 'code-voucher': {
      if (a === '0') return { kind: 'code-slip', slipId: s.slipId };
      const code = normaliseVoucherCode(a);
      return code
        ? { kind: 'code-voucher-pay', slipId: s.slipId, code }
        : { kind: 'code-voucher', slipId: s.slipId, retry: true };
    }
    case 'rg':
      return a === '1'
        ? { kind: 'rg-cap', retry: false }
        : a === '2'
          ? { kind: 'rg-excl' }
          : a === '0'
            ? { kind: 'main' }
            : s;
    case 'rg-cap':
      return /^\d{1,7}$/.test(a) && Number(a) <= MAX_CAP_KSH
        ? { kind: 'rg-cap-code', capKsh: Number(a) }
        : { kind: 'rg-cap', retry: true };
    case 'rg-cap-code':
      return { kind: 'rg-cap-set', capKsh: s.capKsh, code: a };
    case 'rg-excl':
      if (a === '0') return { kind: 'rg' };
      return a in EXCLUSION_CHOICES
        ? { kind: 'rg-excl-code', period: EXCLUSION_CHOICES[a as keyof typeof EXCLUSION_CHOICES] }
        : s;
    case 'rg-excl-code':
      return { kind: 'rg-excl-set', period: s.period, code: a };
    default:
      return { kind: 'unreadable' };
  }
};

/**
 * The state `answers` lead to from the main menu, `topCount` being the number of slips in
 * today's top list (for next / choose on its screens).
 */
export const walk = (answers: readonly string[], topCount: number): UssdState => {
  let s: UssdState = { kind: 'main' };
  for (const a of answers) {
    s = FINAL.has(s.kind) ? { kind: 'unreadable' } : step(s, a, topCount);
  }
  return s;
};

/** Whether reaching `answers` needs today's top list (the walk passes through its screens). */
export const needsTopList = (answers: readonly string[]): boolean => answers[0] === '1';

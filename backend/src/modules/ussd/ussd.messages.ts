/**
 * Every screen of the USSD menu (docs/PRODUCT-RULES.md R170-R181, R277, R278, R284), in one table. A screen starts
 * `CON ` (the menu waits for an answer) or `END ` (the session closes) and is at most
 * USSD_SCREEN_MAX characters (docs/PROVIDERS.md "Africa's Talking USSD"); `ussd.messages.spec.ts`
 * fills each with its longest values. Ksh amounts are whole shillings, odds decimal.
 */

/** Longest screen Africa's Talking shows, `CON ` / `END ` included (characters). */
export const USSD_SCREEN_MAX = 182;

/** Characters of a tipster's name in a list line / on the confirm screen. */
export const LIST_NAME_CHARS = 7;
/** … in the list line of a money-back slip, which ends ` MB` (docs/PRODUCT-RULES.md R277). */
export const LIST_NAME_CHARS_MB = 6;
export const CONFIRM_NAME_CHARS = 20;

/** One slip of the "Today's top slips" list, as a screen line gets it. */
export interface UssdSlipLine {
  tipster: string;
  legs: number;
  /** Total decimal odds, e.g. '12.34' (at most '100.00'). */
  odds: string;
  /** Whole Ksh (at most 1000). */
  priceKsh: number;
  /** Trust rating, percent 0-100. */
  rating: number;
  /** A money-back slip (docs/PRODUCT-RULES.md R240): marked `MB` in the list, `Money-back` on the confirm screen (R277). */
  moneyBack: boolean;
}

const cut = (s: string, n: number): string => (s.length > n ? s.slice(0, n) : s);
const pct = (rating: number): string =>
  `${Math.max(0, Math.min(100, Math.round(Number.isFinite(rating) ? rating : 0)))}%`;

export const USSD_MESSAGES = {
  main: (): string =>
    "CON TipsKE tips by SMS\n1 Today's top slips\n2 Find my tips\n3 Buy by slip code\n4 Betting limits\n0 Help",

  /** Up to 5 slips, numbered 1-5 on the screen; `more`: a next page exists. */
  topSlips: (slips: UssdSlipLine[], more: boolean): string =>
    `CON ${slips
      .map(
        (s, i) =>
          `${i + 1} ${cut(s.tipster, s.moneyBack ? LIST_NAME_CHARS_MB : LIST_NAME_CHARS)} ${s.legs}L ${s.odds} K${s.priceKsh} ${pct(s.rating)}${s.moneyBack ? ' MB' : ''}`,
      )
      .join('\n')}\n${more ? '9 Next ' : ''}0 Back`,
  noSlips: (): string => 'END No slips are on sale right now. Try again later.',

  confirm: (s: UssdSlipLine & { slipId: number }): string =>
    `CON Slip ${s.slipId} by ${cut(s.tipster, CONFIRM_NAME_CHARS)}, trust ${pct(s.rating)}\n${s.legs} games, total odds ${s.odds}\nPrice Ksh ${s.priceKsh}${s.moneyBack ? ', Money-back' : ''}\n1 Pay Ksh ${s.priceKsh} by M-Pesa\n2 Pay by paybill\n3 Pay with voucher\n0 Back`,
  /** "3 Pay with voucher" (docs/PRODUCT-RULES.md R278): the 12-digit code asked for; `retry` after one that is not 12 digits. */
  askVoucher: (retry: boolean): string =>
    `CON ${retry ? 'That is not a voucher code. ' : ''}Enter the 12-digit voucher code from your SMS\n0 Back`,
  /** The slip paid by the voucher, no M-Pesa prompt (R278). */
  paidWithVoucher: (slipId: number): string =>
    `END Paid with your voucher. The tips of slip ${slipId} come by SMS.`,
  willPrompt: (priceKsh: number): string =>
    `END You will get an M-Pesa prompt for Ksh ${priceKsh}. Enter your PIN to pay. The tips come by SMS.`,
  /**
   * The paybill reference issued for the slip (docs/PRODUCT-RULES.md R180): business number
   * (MPESA_PAYBILL, 5-7 digits), account (our ≤ 12-character reference), whole Ksh.
   */
  paybill: (paybill: string, account: string, priceKsh: number): string =>
    `END Pay bill ${paybill}, account ${account}, Ksh ${priceKsh}. Use M-Pesa Pay Bill within 24 hours; the tips come by SMS to this phone.`,
  notOnSale: (): string => 'END This slip is no longer on sale.',
  refused: (reason: string): string => `END ${cut(reason, USSD_SCREEN_MAX - 4)}`,
  /** The phone has paid for this slip already: no second payment (docs/PRODUCT-RULES.md R284). */
  alreadyBought: (slipId: number): string =>
    `END You have already bought slip ${slipId}. Get its tips again by SMS with 2 Find my tips.`,
  promptOpen: (): string =>
    'END A payment request for this slip is already on your phone. Enter your M-Pesa PIN there, or try again in 2 minutes.',
  tooManyPrompts: (minutes: number): string =>
    `END Too many payment requests for this phone. Try again in ${minutes} minute${minutes === 1 ? '' : 's'}.`,

  myTips: (items: { slipId: number; code: string }[]): string =>
    `CON Get your tips again by SMS\n${items.map((p, i) => `${i + 1} Slip ${p.slipId} ${p.code}`).join('\n')}\n0 Back`,
  noTips: (): string => 'END No paid tips for this phone yet. Buy a slip with option 1 or 3.',
  resent: (slipId: number): string => `END The tips of slip ${slipId} are on their way by SMS.`,

  askCode: (retry: boolean): string =>
    `CON ${retry ? 'That code is not right. ' : ''}Enter the slip code shown on the slip\n0 Back`,

  rgMenu: (): string =>
    'CON Betting limits\n1 Set a daily spend limit\n2 Stop buying for a while\n0 Back',
  askCap: (retry: boolean): string =>
    `CON ${retry ? 'Enter whole Ksh, 0 to 1000000. ' : ''}Daily limit in Ksh (0 = no buying)`,
  askPeriod: (): string => 'CON Stop buying tips for\n1 1 month\n2 6 months\n3 1 year\n0 Back',
  askSmsCode: (): string => 'CON We sent you a 6-digit code by SMS. Enter it to confirm',
  capSet: (capKsh: string, laterFrom: string | null): string =>
    laterFrom
      ? `END Your new limit of Ksh ${capKsh} starts ${laterFrom} (a higher limit waits 24 hours).`
      : `END Your daily limit is now Ksh ${capKsh}.`,
  excluded: (until: string): string => `END You cannot buy tips until ${until}. Help: 1190 (free).`,
  rgFailed: (message: string): string => `END ${cut(message, USSD_SCREEN_MAX - 4)}`,

  help: (serviceCode: string): string =>
    `END Dial ${serviceCode}: 1 top slips, 3 a slip's code. Pay by M-Pesa, tips come by SMS. 4 sets limits. 18+ only. Play responsibly.`,
  unreadable: (serviceCode: string): string =>
    `END Sorry, we could not read that. Dial ${serviceCode} to start again.`,
  busy: (): string => 'END Sorry, the service is busy. Please try again in a minute.',
} as const;

/** SMS segment budget of the buyer SMS (docs/PRODUCT-RULES.md "Messages": under 3 segments). */
export const BUYER_SMS_MAX = 459;

/** One game of a bought slip, in tip order, with its pick and odd (the buyer SMS, find-slip). */
export interface SaleLeg {
  /** The fixture; undefined when it is no longer known. */
  game:
    | {
        homeTeam: string;
        awayTeam: string;
        league: string;
        /** Kick-off on the shown calendar (UTC instant). */ gameDate?: Date;
      }
    | undefined;
  /** The market's label, e.g. 'HOME WIN'. */
  pick: string;
  /** Decimal odds as quoted at publishing, e.g. '2.00'. */
  odd: string;
}

/** What the buyer texts and e-mails name of a purchase: our code, and the rail's reference. */
export interface SaleRef {
  /** Our 8-character purchase code. */
  code: string;
  /** The buyer's e-mail (Flutterwave), or null (M-Pesa). */
  email: string | null;
  /** Flutterwave tx_ref, or null. */
  txRef: string | null;
}

/**
 * The first word of a find-tip code, trimmed and upper-cased (docs/PRODUCT-RULES.md R72):
 * '  sjk7abc123 Confirmed.' → 'SJK7ABC123'; '' when there is none.
 */
export const firstWord = (code: string | null | undefined): string =>
  (code ?? '').trim().split(/\s+/)[0]?.toUpperCase() ?? '';

/**
 * Where and with what a buyer finds a bought slip again, by the rail they paid on
 * (docs/PRODUCT-RULES.md R72, R74, R104):
 * - M-Pesa (Kenya, a phone on record): /find_tip with their phone and our purchase code (find-slip
 *   matches the code or the M-Pesa receipt);
 * - Flutterwave (Nigeria, Uganda: an e-mail, no phone): /find_tip_ng with their e-mail and the
 *   checkout's tx_ref (find-slip-ng matches it), linked with ?tx_ref= so the page fills it in.
 */
export const findAgainLine = (purchase: SaleRef, site = ''): string =>
  purchase.email && purchase.txRef
    ? `Find it again: ${site}/find_tip_ng?tx_ref=${encodeURIComponent(purchase.txRef)}` +
      ` with your e-mail and reference ${purchase.txRef}`
    : `Find it again: ${site}/find_tip with your phone and code ${purchase.code}`;

/**
 * The line of a money-back slip's picks SMS (docs/PRODUCT-RULES.md R244, R277): a lost slip
 * refunds the price paid as a voucher by SMS. Part of the text like the legs (names are shortened
 * for it), never dropped.
 */
export const MONEY_BACK_LINE =
  'Money-back: if this slip loses, you get the price back as a voucher by SMS.';

/** MONEY_BACK_LINE for a buyer whose voucher would come by e-mail (no phone known: R283). */
export const MONEY_BACK_EMAIL_LINE =
  'Money-back: if this slip loses, you get the price back as a voucher by e-mail.';

/** The line pointing a phone buyer to all their purchases (docs/PRODUCT-RULES.md R164). */
export const historyLine = (site = ''): string => `All your tips: ${site}/my-tips`;

/**
 * The buyer SMS, also the text of the Nigerian / Ugandan picks e-mail (docs/PRODUCT-RULES.md
 * "Messages"): slip id, each game 'Home v Away - PICK @odd', total odds, our purchase code and
 * where to find it again (`findLine`, by default the Kenyan /find_tip line: findAgainLine); team
 * names shortened when over BUYER_SMS_MAX (459) characters. `extraLine` (the my-tips line of
 * R164) closes the text when the whole still fits BUYER_SMS_MAX, names shortened as usual; else
 * it is left out. A money-back slip (`slip.moneyBack`) carries MONEY_BACK_LINE after the total
 * odds (docs/PRODUCT-RULES.md R277), MONEY_BACK_EMAIL_LINE for a buyer whose refund voucher
 * would come by e-mail (`slip.voucherByEmail`: R283).
 */
export const buyerSms = (
  slip: { id: number; accumulator: string; moneyBack?: boolean; voucherByEmail?: boolean },
  legs: SaleLeg[],
  code: string,
  site = '',
  findLine = findAgainLine({ code, email: null, txRef: null }, site),
  extraLine?: string,
): string => {
  const build = (max: number, extra: string[]): string => {
    const cut = (s: string) => (s.length > max ? s.slice(0, max) : s);
    const lines = legs.map((l) => {
      const game = l.game ? `${cut(l.game.homeTeam)} v ${cut(l.game.awayTeam)}` : 'Game';
      return `${game} - ${l.pick} @${l.odd}`;
    });
    const total = `Total odds ${slip.accumulator}`;
    const moneyBack = slip.moneyBack
      ? [slip.voucherByEmail ? MONEY_BACK_EMAIL_LINE : MONEY_BACK_LINE]
      : [];
    return [`Slip ${slip.id} code ${code}`, ...lines, total, ...moneyBack, findLine, ...extra].join(
      '\n',
    );
  };
  for (const extra of extraLine ? [[extraLine], []] : [[]]) {
    for (const max of [100, 20, 14, 10, 8]) {
      const text = build(max, extra);
      if (text.length <= BUYER_SMS_MAX) return text;
    }
  }
  return build(6, []);
};

/** The SMS to a buyer of a slip that settled cancelled (docs/PRODUCT-RULES.md "Money"). */
export const cancelledSms = (slipId: number, code: string): string =>
  `Slip ${slipId} (code ${code}) was cancelled: all its games were called off. No result to play.`;

/**
 * The SMS that offer M-Pesa paybill when an STK prompt did not work (docs/PRODUCT-RULES.md R181,
 * R205). Pure texts; `paybill-offer.spec.ts` fills each with its longest values. Ksh in whole
 * shillings.
 */

/** A paybill reference as the texts need it: business number, account, whole Ksh. */
export interface PaybillOfferLine {
  /** MPESA_PAYBILL (5-7 digits). */
  paybill: string;
  /** Our reference (≤ 12 characters, docs/PRODUCT-RULES.md R200). */
  account: string;
  /** Whole Ksh (at most 1000 for a slip). */
  priceKsh: number;
}

/** One SMS segment (GSM-7), the budget of the missed-prompt SMS. */
export const MISSED_PROMPT_SMS_MAX = 160;
/** Two segments: the refused-push SMS carries the refusal's own message. */
export const PUSH_REFUSED_SMS_MAX = 306;
/** Characters of a refusal message kept in the refused-push SMS. */
const REASON_CHARS = 150;

/** `Pay bill N, account R, Ksh P` (the line the USSD screen, the web and the SMS share). */
export const paybillLine = (o: PaybillOfferLine): string =>
  `Pay bill ${o.paybill}, account ${o.account}, Ksh ${o.priceKsh}`;

/** The SMS after a timed-out or cancelled STK prompt for slip `slipId` (R205). */
export const missedPromptSms = (slipId: number, o: PaybillOfferLine): string =>
  `No prompt? ${paybillLine(o)} on M-Pesa within 24 hours for slip ${slipId}. The tips come by SMS.`;

/**
 * The SMS when the STK push of a USSD buy of slip `slipId` was refused (R181): why (`reason`, the
 * purchase path's message, cut to REASON_CHARS) and the paybill when one was issued.
 */
export const pushRefusedSms = (
  slipId: number,
  reason: string,
  o: PaybillOfferLine | null,
): string => {
  const cut = reason.length > REASON_CHARS ? `${reason.slice(0, REASON_CHARS - 3)}...` : reason;
  const why = /[.!?]$/.test(cut) ? cut : `${cut}.`;
  const head = `Slip ${slipId}: no M-Pesa prompt was sent. ${why}`;
  return o ? `${head} Instead: ${paybillLine(o)} on M-Pesa within 24 hours.` : head;
};

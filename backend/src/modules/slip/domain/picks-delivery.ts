import { preHtml } from '../../../common/content/html-text';

/**
 * Pure rules of "picks that always arrive" (docs/PRODUCT-RULES.md R220–R226): where a bought
 * slip's picks SMS stands, and the one next step the delivery check takes. No clock, no I/O:
 * `now` and the outbox states are arguments.
 */

/**
 * Delivery state of a purchase's picks (docs/PRODUCT-RULES.md R225):
 * - `queued`: the picks SMS is in the outbox, Africa's Talking has not accepted it yet;
 * - `sent`: accepted, no final delivery report yet;
 * - `delivered`: a picks SMS (first or re-sent) was reported `Success`;
 * - `failed`: the current picks SMS failed finally or timed out (R220, R221); the next check
 *   re-sends it or, after the re-send, tells the buyer where to read the picks;
 * - `resent`: the one re-send (R222) is out, waiting for its report;
 * - `fallback-notified`: the re-send failed too; the buyer got the "read your picks here" SMS
 *   and, with an e-mail, the e-mail (R223);
 * - `undelivered`: first kick-off passed with the picks delivered by no channel (R224).
 */
export type PicksDeliveryState =
  'queued' | 'sent' | 'delivered' | 'failed' | 'resent' | 'fallback-notified' | 'undelivered';

export const PICKS_DELIVERY_STATES: readonly PicksDeliveryState[] = [
  'queued',
  'sent',
  'delivered',
  'failed',
  'resent',
  'fallback-notified',
  'undelivered',
];

/**
 * Africa's Talking delivery-report statuses that end a message undelivered (docs/PROVIDERS.md
 * §3.3): `Failed`, `Rejected`, and the newer `AbsentSubscriber` (phone off or out of coverage)
 * and `Expired` (discarded by the telco). The failure reasons (`UserInBlackList`,
 * `DeliveryFailure`…) come with `Failed`/`Rejected`.
 */
export const FAILED_REPORT_STATUSES: ReadonlySet<string> = new Set([
  'Failed',
  'Rejected',
  'AbsentSubscriber',
  'Expired',
]);

/**
 * Send answers that mean this message will not reach the phone soon (docs/PROVIDERS.md §3.2):
 * 406 `UserInBlacklist` (permanent) and 405 `InsufficientBalance` (the outbox keeps retrying, the
 * buyer keeps waiting), as the outbox records them in `last_error` ('406 UserInBlacklist').
 */
const FAILED_SEND_ERRORS = /^(405|406)\b|InsufficientBalance|UserInBlacklist/i;

/** An outbox SMS as the check reads it (SmsService.statuses). */
export interface SmsView {
  /** Outbox status: queued, sending, sent, delivered, failed. */
  status: string;
  deliveryStatus: string | null;
  lastError: string | null;
}

/** What one picks SMS has come to: delivered, failed for good, accepted by AT, or not handed over yet. */
export type SmsOutcome = 'delivered' | 'failed' | 'accepted' | 'pending';

/** The outcome of one outbox SMS (R221); a missing row counts as pending. */
export const smsOutcome = (sms: SmsView | undefined): SmsOutcome => {
  if (!sms) return 'pending';
  if (sms.status === 'delivered') return 'delivered';
  if (sms.status === 'failed') return 'failed';
  if (sms.deliveryStatus && FAILED_REPORT_STATUSES.has(sms.deliveryStatus)) return 'failed';
  if (sms.lastError && FAILED_SEND_ERRORS.test(sms.lastError)) return 'failed';
  return sms.status === 'sent' ? 'accepted' : 'pending';
};

/** One purchase's delivery as the check sees it. */
export interface PicksDeliveryView {
  state: PicksDeliveryState;
  /** When the current picks SMS (first or re-send) times out (queued + timeout, R220). */
  dueAt: Date;
  /** The first game's kick-off; null when unknown (then never `undelivered`). */
  firstKickoffAt: Date | null;
  /** Whether the one re-send was queued. */
  resent: boolean;
}

/** What the check sees of the channels: each picks SMS's outcome, and whether the picks e-mail went out. */
export interface ChannelsView {
  first: SmsOutcome;
  /** The re-send's outcome; null before there is one. */
  resend: SmsOutcome | null;
  /** The picks e-mail (Nigeria / Uganda) was accepted by the mail server. */
  emailSent: boolean;
}

/**
 * The one step the delivery check takes for a purchase (R220–R226):
 * - `mark-sent`: queued → sent (Africa's Talking accepted the SMS);
 * - `delivered`: a picks SMS was reported `Success` (closes the row);
 * - `failed`: the current SMS failed finally (R221) or timed out (R220);
 * - `resend`: failed → resent, one new SMS with the same text (R222);
 * - `fallback`: failed after the re-send → the "read your picks here" SMS and e-mail (R223);
 * - `undelivered`: first kick-off passed, no channel delivered (R224; closes the row);
 * - `close`: first kick-off passed and the picks e-mail went out: nothing more to do;
 * - `none`: wait.
 */
export type PicksDeliveryStep =
  'none' | 'mark-sent' | 'delivered' | 'failed' | 'resend' | 'fallback' | 'undelivered' | 'close';

const OPEN: ReadonlySet<PicksDeliveryState> = new Set([
  'queued',
  'sent',
  'failed',
  'resent',
  'fallback-notified',
]);

/** The next step for `d` at `now` given what its channels say (see PicksDeliveryStep). */
export const nextPicksDeliveryStep = (
  d: PicksDeliveryView,
  channels: ChannelsView,
  now: Date,
): PicksDeliveryStep => {
  if (!OPEN.has(d.state)) return 'none';
  if (channels.first === 'delivered' || channels.resend === 'delivered') return 'delivered';
  if (d.firstKickoffAt && now.getTime() >= d.firstKickoffAt.getTime())
    return channels.emailSent ? 'close' : 'undelivered';
  if (d.state === 'fallback-notified') return 'none';
  if (d.state === 'failed') return d.resent ? 'fallback' : 'resend';
  const current = d.resent ? (channels.resend ?? 'pending') : channels.first;
  if (current === 'failed' || now.getTime() >= d.dueAt.getTime()) return 'failed';
  if (d.state === 'queued' && current === 'accepted') return 'mark-sent';
  return 'none';
};

/** The state a step leads to; null when the state does not change (`none`, `close`). */
export const stateAfter = (step: PicksDeliveryStep): PicksDeliveryState | null => {
  switch (step) {
    case 'mark-sent':
      return 'sent';
    case 'delivered':
      return 'delivered';
    case 'failed':
      return 'failed';
    case 'resend':
      return 'resent';
    case 'fallback':
      return 'fallback-notified';
    case 'undelivered':
      return 'undelivered';
    default:
      return null;
  }
};

/** The buyer history page (docs/PRODUCT-RULES.md R223), named in the fallback texts. */
export const MY_TIPS_PATH = '/my-tips';

/**
 * The short "read your picks without SMS" text (R223), one SMS (160 GSM characters) for a site
 * origin of up to 38 characters: /find_tip with the buyer's phone and our purchase code, and the
 * buyer history page.
 */
export const fallbackSms = (slipId: number, code: string, site: string): string =>
  `Slip ${slipId}: picks SMS not delivered. Read them at ${site}/find_tip (phone + code ${code}) or ${site}${MY_TIPS_PATH}`;

/** The fallback e-mail (R223): subject, text and HTML, for buyers with an e-mail (Nigeria / Uganda purchases). */
export const fallbackEmail = (
  slipId: number,
  findLine: string,
  site: string,
): { subject: string; text: string; html: string } => {
  const text = [
    `Our SMS with the picks of slip ${slipId} did not reach your phone.`,
    `You can read them at any time:`,
    findLine,
    `Your purchases: ${site}${MY_TIPS_PATH}`,
  ].join('\n');
  return {
    subject: `Your tip slip ${slipId}: read your picks online`,
    text,
    html: preHtml(text),
  };
};

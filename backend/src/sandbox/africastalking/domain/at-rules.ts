import { fromScaled } from '../../../common/decimal/decimal';
import { AT_TEST_NUMBERS } from '../../sandbox.constants';

/**
 * Pure rules of the Africa's Talking SMS sandbox (docs/PROVIDERS.md §3.2, §3.3, §3.6): per-recipient
 * status codes, message parts and cost, network codes of delivery reports.
 */

/** Numbers the sandbox delivers to: Kenya +2547/+2541, Uganda +256, Nigeria +234. */
const DELIVERABLE = /^\+(254[17]\d{8}|256\d{9}|234\d{10})$/;

/** GSM 03.38 basic character set; the extension table characters count twice. */
const GSM_BASIC = new Set(
  '@£$¥èéùìòÇ\nØø\rÅåΔ_ΦΓΛΩΠΨΣΘΞÆæßÉ !"#¤%&\'()*+,-./0123456789:;<=>?¡ABCDEFGHIJKLMNOPQRSTUVWXYZÄÖÑÜ§¿abcdefghijklmnopqrstuvwxyzäöñüà',
);
const GSM_EXTENSION = new Set('^{}\\[~]|€\f');

/** Parts an SMS is split into (§3.2): 160 GSM-7 chars, 153 per part when concatenated; Unicode 70/67. */
export const smsParts = (message: string): number => {
  let septets = 0;
  let gsm = true;
  for (const ch of message) {
    if (GSM_BASIC.has(ch)) septets += 1;
    else if (GSM_EXTENSION.has(ch)) septets += 2;
    else {
      gsm = false;
      break;
    }
  }
  if (gsm) return septets <= 160 ? 1 : Math.ceil(septets / 153);
  const units = message.length; // UTF-16 code units, as the handset counts them
  return units <= 70 ? 1 : Math.ceil(units / 67);
};

/** Price of one part per destination, in 1/10 000 of the currency (`KES 0.8000`). */
const PRICE_PER_PART: { prefix: string; currency: string; scaled: bigint }[] = [
  { prefix: '+254', currency: 'KES', scaled: 8_000n },
  { prefix: '+256', currency: 'UGX', scaled: 300_000n },
  { prefix: '+234', currency: 'NGN', scaled: 40_000n },
];

/** One entry of `SMSMessageData.Recipients` (§3.2), plus what the sandbox does with it. */
export interface RecipientOutcome {
  number: string;
  statusCode: number;
  status: string;
  cost: string;
  costCurrency: string | null;
  costScaled: bigint;
  messageParts: number;
  /** Lands in the phone inbox and gets delivery reports. */
  accepted: boolean;
  /** Its delivery reports end in `Failed` instead of `Success`. */
  deliveryFails: boolean;
}

/** The `to` form field as a list of numbers ('+' added to bare digits). */
export const parseRecipients = (to: string): string[] =>
  to
    .split(',')
    .map((n) => n.trim().replace(/[\s-]/g, ''))
    .filter(Boolean)
    .map((n) => (/^\d+$/.test(n) ? `+${n}` : n));

/** What happens to one recipient (status codes of §3.2; test numbers of sandbox.constants.ts). */
export const recipientOutcome = (number: string, message: string): RecipientOutcome => {
  const none = {
    cost: '0',
    costCurrency: null,
    costScaled: 0n,
    messageParts: 0,
    accepted: false,
    deliveryFails: false,
  };
  if (!DELIVERABLE.test(number))
    return { number, statusCode: 403, status: 'InvalidPhoneNumber', ...none };
  if (number === AT_TEST_NUMBERS.blacklisted)
    return { number, statusCode: 406, status: 'UserInBlacklist', ...none };
  if (number === AT_TEST_NUMBERS.insufficientBalance)
    return { number, statusCode: 405, status: 'InsufficientBalance', ...none };
  const parts = smsParts(message);
  const price = PRICE_PER_PART.find((p) => number.startsWith(p.prefix)) ?? PRICE_PER_PART[0];
  const scaled = price.scaled * BigInt(parts);
  return {
    number,
    statusCode: 101,
    status: 'Success',
    cost: `${price.currency} ${fromScaled(scaled, 4)}`,
    costCurrency: price.currency,
    costScaled: scaled,
    messageParts: parts,
    accepted: true,
    deliveryFails: number === AT_TEST_NUMBERS.deliveryFails,
  };
};

/** `SMSMessageData.Message`: `Sent to 1/2 Total Cost: KES 0.8000`. */
export const summaryMessage = (outcomes: RecipientOutcome[]): string => {
  const sent = outcomes.filter((o) => o.accepted);
  if (!sent.length) return `Sent to 0/${outcomes.length} Total Cost: 0`;
  const currency = sent[0].costCurrency as string;
  const total = sent
    .filter((o) => o.costCurrency === currency)
    .reduce((sum, o) => sum + o.costScaled, 0n);
  return `Sent to ${sent.length}/${outcomes.length} Total Cost: ${currency} ${fromScaled(total, 4)}`;
};

/** Operator code of a delivery report (§3.3); `99999` (sandbox) when unknown. */
export const networkCode = (number: string): string => {
  const n = number.replace(/^\+/, '');
  if (n.startsWith('254')) {
    const p = n.slice(3, 6);
    if (/^(73|75|78|10)/.test(p)) return '63903'; // Airtel Kenya
    if (/^77/.test(p)) return '63907'; // Telkom Kenya
    if (/^76[3-6]/.test(p)) return '63999'; // Equitel
    return '63902'; // Safaricom
  }
  if (n.startsWith('256')) return /^25677|^25678|^25676/.test(n) ? '64110' : '64101';
  if (n.startsWith('234')) return '62130';
  return '99999';
};

/** The form-encoded delivery report body (§3.3). */
export const deliveryReportBody = (report: {
  id: string;
  status: string;
  phoneNumber: string;
}): string => {
  const fields = new URLSearchParams({
    id: report.id,
    status: report.status,
    phoneNumber: report.phoneNumber,
    networkCode: networkCode(report.phoneNumber),
  });
  if (report.status === 'Failed' || report.status === 'Rejected')
    fields.set('failureReason', 'DeliveryFailure');
  fields.set('retryCount', '0');
  return fields.toString();
};

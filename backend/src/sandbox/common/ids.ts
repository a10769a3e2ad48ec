import { randomBytes, randomInt } from 'node:crypto';
import { formatInTimeZone } from 'date-fns-tz';

/**
 * Identifier formats the real providers use (docs/PROVIDERS.md §1.11, §2.4, §3.2), built from a
 * random source so tests can pin them. Times are Africa/Nairobi local time, as Safaricom's.
 */

const NAIROBI_TZ = 'Africa/Nairobi';
const UPPER_ALNUM = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789';

/** A random integer in [0, max). */
export type RandomInt = (max: number) => number;
export const cryptoRandomInt: RandomInt = (max) => randomInt(max);

const pick = (alphabet: string, length: number, random: RandomInt): string =>
  Array.from({ length }, () => alphabet[random(alphabet.length)]).join('');
const hex = (length: number, random: RandomInt): string => pick('0123456789abcdef', length, random);
const digits = (length: number, random: RandomInt): string => pick('0123456789', length, random);

/** Daraja `MerchantRequestID` / `requestId`, e.g. `7d41-4c8a-9b21-0e5f33a1c2d84410921`. */
export const merchantRequestId = (random: RandomInt = cryptoRandomInt): string =>
  `${hex(4, random)}-${hex(4, random)}-${hex(4, random)}-${hex(12, random)}${digits(7, random)}`;

/**
 * Daraja `CheckoutRequestID`: `ws_CO_` + ddMMyyyyHHmmss (Nairobi) + 6 random digits + the
 * MSISDN without 254, e.g. `ws_CO_14112025103512345678712345678`.
 */
export const checkoutRequestId = (
  at: Date,
  msisdn: string,
  random: RandomInt = cryptoRandomInt,
): string =>
  `ws_CO_${formatInTimeZone(at, NAIROBI_TZ, 'ddMMyyyyHHmmss')}${digits(6, random)}${msisdn.slice(3)}`;

/**
 * An M-Pesa receipt (`MpesaReceiptNumber`, B2C `TransactionID`): 10 upper-case letters/digits.
 * Like Safaricom's, the first three encode the Nairobi date — year letter (2006 = A, so 2025 = T),
 * month letter (A = January), day (1–9, then A = 10 … V = 31) — e.g. `TKE4H7Q2ZP` on 14 Nov 2025.
 */
export const mpesaReceipt = (at: Date, random: RandomInt = cryptoRandomInt): string => {
  const [year, month, day] = formatInTimeZone(at, NAIROBI_TZ, 'yyyy-M-d').split('-').map(Number);
  const yearLetter = String.fromCharCode(65 + ((((year - 2006) % 26) + 26) % 26));
  const monthLetter = String.fromCharCode(64 + month);
  const dayChar = day < 10 ? String(day) : String.fromCharCode(65 + day - 10);
  return `${yearLetter}${monthLetter}${dayChar}${pick(UPPER_ALNUM, 7, random)}`;
};

/** B2C `ConversationID`: `AG_YYYYMMDD_` + 20 hex. */
export const conversationId = (at: Date, random: RandomInt = cryptoRandomInt): string =>
  `AG_${formatInTimeZone(at, NAIROBI_TZ, 'yyyyMMdd')}_${hex(20, random)}`;

/** A Daraja OAuth access token: 28 letters and digits. */
export const darajaAccessToken = (random: RandomInt = cryptoRandomInt): string =>
  pick('ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789', 28, random);

/** Africa's Talking `messageId`: `ATXid_` + 32 hex. */
export const atMessageId = (random: RandomInt = cryptoRandomInt): string =>
  `ATXid_${hex(32, random)}`;

/** Flutterwave `flw_ref` of a test transaction: `FLW-MOCK-` + 16 hex. */
export const flwRef = (random: RandomInt = cryptoRandomInt): string =>
  `FLW-MOCK-${hex(16, random)}`;

/** The unguessable token of a hosted checkout link (24 hex, 96 bits). */
export const checkoutToken = (): string => randomBytes(12).toString('hex');

import { createHmac, timingSafeEqual } from 'crypto';
import { toRgPhone } from '../../../../common/msisdn/msisdn';

/** The channels a marketing message can go out on (docs/PRODUCT-RULES.md R230). */
export type MarketingChannel = 'sms' | 'email';
export const MARKETING_CHANNELS: readonly MarketingChannel[] = ['sms', 'email'];

/**
 * The warning every marketing message ends with (docs/PRODUCT-RULES.md R232): the BCLB's
 * "Gambling is addictive! Play responsibly" and the 18+ line.
 */
export const MARKETING_WARNING = 'Gambling is addictive! Play responsibly. 18+';
/** The opt-out line of a marketing SMS (docs/PRODUCT-RULES.md R233). */
export const SMS_OPT_OUT_LINE = 'Reply STOP to opt out';

/** The consent state of one recipient on one channel: the times of the last opt-in and opt-out. */
export interface ConsentTimes {
  optedInAt: Date | null;
  optedOutAt: Date | null;
}

/**
 * Whether a marketing message may go out (docs/PRODUCT-RULES.md R230): an opt-in is recorded and
 * no opt-out came after it. No record = no consent.
 */
export const mayReceiveMarketing = (times: ConsentTimes | null): boolean =>
  !!times?.optedInAt &&
  (!times.optedOutAt || times.optedOutAt.getTime() < times.optedInAt.getTime());

/**
 * The recipient key a consent is stored under (docs/PRODUCT-RULES.md R230): for `sms` the phone in
 * international digits (Kenyan numbers in any R136 form, Nigerian/Ugandan/Tanzanian numbers with
 * their code; `+254712345678` → `254712345678`); for `email` the address trimmed and lower-cased.
 * Null when it is neither.
 */
export const consentRecipient = (channel: MarketingChannel, input: unknown): string | null => {
  if (typeof input !== 'string' || input.length > 254) return null;
  if (channel === 'sms') return toRgPhone(input);
  const email = input.trim().toLowerCase();
  return /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(email) ? email : null;
};

/** The words a reply may be to opt out (docs/PRODUCT-RULES.md R233), compared case-insensitively. */
export const STOP_WORDS: readonly string[] = ['stop', 'stop all', 'unsubscribe'];

/**
 * Whether an incoming SMS asks to stop marketing (docs/PRODUCT-RULES.md R233): the whole text is
 * STOP, STOP ALL or UNSUBSCRIBE in any case, with surrounding spaces and trailing punctuation
 * ignored ("stop", " Stop all! ", "UNSUBSCRIBE."). A sentence that merely contains the word is not.
 */
export const isStopReply = (text: string): boolean => {
  const words = text
    .toLowerCase()
    .replace(/[.!,;:?]+\s*$/g, '')
    .trim()
    .split(/\s+/)
    .join(' ');
  return STOP_WORDS.includes(words);
};

/**
 * The marketing text as sent (docs/PRODUCT-RULES.md R232, R233): the body, then the warning; an
 * SMS also says how to opt out, an e-mail carries its unsubscribe link.
 */
export const marketingText = (
  channel: MarketingChannel,
  body: string,
  unsubscribeUrl?: string,
): string =>
  channel === 'sms'
    ? `${body.trim()}\n${MARKETING_WARNING} ${SMS_OPT_OUT_LINE}`
    : `${body.trim()}\n\n${MARKETING_WARNING}\nUnsubscribe: ${unsubscribeUrl ?? ''}`.trimEnd();

const b64url = (buf: Buffer): string => buf.toString('base64url');

/**
 * The unsubscribe link's token (docs/PRODUCT-RULES.md R234): `base64url("<channel>:<recipient>")`
 * `.` HMAC-SHA256 of that part under `key`. It never expires: an opt-out link works as long as
 * the key is the same.
 */
export const signUnsubscribeToken = (
  key: string,
  channel: MarketingChannel,
  recipient: string,
): string => {
  const payload = b64url(Buffer.from(`${channel}:${recipient}`, 'utf8'));
  return `${payload}.${b64url(createHmac('sha256', key).update(payload).digest())}`;
};

/**
 * Reads an unsubscribe token (signUnsubscribeToken), checking its MAC in constant time. Null for
 * anything malformed, forged or naming an unknown channel.
 */
export const verifyUnsubscribeToken = (
  key: string,
  token: unknown,
): { channel: MarketingChannel; recipient: string } | null => {
  if (typeof token !== 'string' || token.length > 600) return null;
  const match = /^([A-Za-z0-9_-]+)\.([A-Za-z0-9_-]{43})$/.exec(token);
  if (!match) return null;
  const expected = createHmac('sha256', key).update(match[1]).digest();
  const given = Buffer.from(match[2], 'base64url');
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
  const decoded = Buffer.from(match[1], 'base64url').toString('utf8');
  const colon = decoded.indexOf(':');
  const channel = decoded.slice(0, colon) as MarketingChannel;
  if (colon < 0 || !MARKETING_CHANNELS.includes(channel)) return null;
  const recipient = consentRecipient(channel, decoded.slice(colon + 1));
  return recipient ? { channel, recipient } : null;
};

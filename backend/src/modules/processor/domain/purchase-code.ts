import { randomInt } from 'crypto';

/** Letters and digits that cannot be misread (no 0/O, 1/I/L, 5/S, 8/B, 2/Z). */
export const PURCHASE_CODE_ALPHABET = 'ACDEFGHJKMNPQRTUVWXY34679';
/** Length of a purchase code: 25^8 ≈ 1.5e11 codes, not guessable by brute force under rate limits. */
export const PURCHASE_CODE_LENGTH = 8;

/**
 * A new short purchase code (docs/PRODUCT-RULES.md "Finding a bought slip again"): sent in the buyer SMS,
 * accepted by find-slip in place of the M-Pesa receipt. Also the STK AccountReference (≤ 12).
 */
export const newPurchaseCode = (random: (max: number) => number = randomInt): string =>
  Array.from(
    { length: PURCHASE_CODE_LENGTH },
    () => PURCHASE_CODE_ALPHABET[random(PURCHASE_CODE_ALPHABET.length)],
  ).join('');

/** True when `text` (trimmed, upper-cased) has the shape of a purchase code. */
export const isPurchaseCode = (text: string): boolean =>
  new RegExp(`^[${PURCHASE_CODE_ALPHABET}]{${PURCHASE_CODE_LENGTH}}$`).test(
    text.trim().toUpperCase(),
  );

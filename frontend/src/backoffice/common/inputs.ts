import { regex } from 'react-admin';

/** Ksh with at most 2 decimals, kept as text so no float arithmetic touches it (server re-checks). */
export const kshAmount = regex(
  /^\d{1,7}(\.\d{1,2})?$/,
  'Enter an amount in Ksh with at most 2 decimals',
);

/** Whole Ksh (slip and jackpot prices). */
export const wholeKsh = regex(/^\d{1,7}$/, 'Enter a whole amount in Ksh');

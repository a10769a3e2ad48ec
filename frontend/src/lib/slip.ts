import type { Slip } from '../api/types';

/** The tipster data of a slip card (docs/PRODUCT-RULES.md R114: `meta`). */
export const slipMeta = (slip: Slip) => slip.meta;

/** True once the slip has a result (W, L or cancelled): finished slips show every pick. */
export const isFinished = (slip: Slip): boolean => slip.slip_result !== null;

/** Earliest kick-off of the slip's games, ms since the epoch (NaN without games). */
export const firstKickOff = (slip: Slip): number =>
  Math.min(
    ...slip.tips.map((tip) =>
      tip.game_date === null ? Number.NaN : new Date(tip.game_date).getTime(),
    ),
  );

/**
 * A slip is on sale until its first game kicks off (docs/PRODUCT-RULES.md); a finished slip never is.
 */
export const isOnSale = (slip: Slip, now: Date = new Date()): boolean =>
  !isFinished(slip) && slip.tips.length > 0 && firstKickOff(slip) > now.getTime();

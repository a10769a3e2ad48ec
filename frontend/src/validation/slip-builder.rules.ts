import type { SlipLimits } from '../api/types';
import type { RuleResult } from './common';

/**
 * Slip building at /dashboard/add_tips (docs/PRODUCT-RULES.md R135), exact messages. The limits and
 * their messages come from GET /api/slip/limits (useSlipLimits), the server's own; the server
 * checks the same rules again (docs/PRODUCT-RULES.md "Slips and what a visitor may see"). Only the
 * price field's typing messages live here.
 */
export const SLIP_BUILDER_MESSAGES = {
  priceEmpty: "Can't be empty",
  priceNotNumber: 'Numbers only',
} as const;

/** Adding a game: once per slip, at most `max_tips` games. */
export const addGameError = (
  limits: SlipLimits,
  gameIds: readonly (number | string)[],
  gameId: number | string,
): RuleResult => {
  if (gameIds.some((id) => String(id) === String(gameId))) return limits.messages.duplicate_game;
  return gameIds.length >= limits.max_tips ? limits.messages.too_many_tips : null;
};

/** The price field as typed: empty, non-numeric, above the maximum price (Ksh). */
export const priceFieldError = (limits: SlipLimits, price: string): RuleResult => {
  const value = price.trim();
  if (value === '') return SLIP_BUILDER_MESSAGES.priceEmpty;
  if (!/^\d+(\.\d+)?$/.test(value)) return SLIP_BUILDER_MESSAGES.priceNotNumber;
  return Number(value) > limits.max_price_ksh ? limits.messages.price_too_high : null;
};

/**
 * Publishing: `min_tips` to `max_tips` tips, total odds within the served range as the server's
 * quote says (POST /api/slip/quote `accumulator_in_range`; undefined while it is not known, and
 * publishing checks again), the typed price (whole Ksh) within the served range, all inclusive.
 * First failing rule's message. The browser multiplies no odds.
 */
export const publishError = (
  limits: SlipLimits,
  tipCount: number,
  accumulatorInRange: boolean | undefined,
  price: string,
): RuleResult => {
  if (tipCount < limits.min_tips) return limits.messages.too_few_tips;
  if (tipCount > limits.max_tips) return limits.messages.too_many_tips;
  if (accumulatorInRange === false) return limits.messages.total_odds;
  const amount = Number(price);
  if (!Number.isFinite(amount) || amount < limits.min_price_ksh || amount > limits.max_price_ksh) {
    return limits.messages.price_range;
  }
  return null;
};

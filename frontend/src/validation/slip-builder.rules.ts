import {
  MAX_PRICE_KSH,
  MAX_TIPS_PER_SLIP,
  MAX_TOTAL_ODDS,
  MIN_PRICE_KSH,
  MIN_TIPS_PER_SLIP,
  MIN_TOTAL_ODDS,
} from '../lib/constants';
import type { DecimalValue } from '../lib/money';
import { accumulatorOdds } from '../lib/odds';
import type { RuleResult } from './common';

/**
 * Slip building at /dashboard/add_tips (spec §5, Slip building), exact messages. The back office
 * screen uses these; the server checks the same rules again (docs/PRODUCT-RULES.md "Slips and what a visitor may see").
 */
export const SLIP_BUILDER_MESSAGES = {
  duplicateGame: 'Game already in slip',
  tooManyGames: 'Maximum number of 5 games reached',
  tooFewTips: "Publish at least '3' tip",
  totalOdds: 'Total odds must be within 1.6 and 100.00 . A minimum of 1.6 and a maximum of 100.0',
  priceRange: 'Price range Ksh. [50-1000]',
  priceEmpty: "Can't be empty",
  priceNotNumber: 'Numbers only',
  priceTooHigh: 'Max Amount: 1000',
} as const;

/** Adding a game: once per slip, at most 5 games. */
export const addGameError = (gameIds: readonly (number | string)[], gameId: number | string): RuleResult => {
  if (gameIds.some((id) => String(id) === String(gameId))) return SLIP_BUILDER_MESSAGES.duplicateGame;
  return gameIds.length >= MAX_TIPS_PER_SLIP ? SLIP_BUILDER_MESSAGES.tooManyGames : null;
};

/** The price field as typed: empty, non-numeric, above 1000. */
export const priceFieldError = (price: string): RuleResult => {
  const value = price.trim();
  if (value === '') return SLIP_BUILDER_MESSAGES.priceEmpty;
  if (!/^\d+(\.\d+)?$/.test(value)) return SLIP_BUILDER_MESSAGES.priceNotNumber;
  return Number(value) > MAX_PRICE_KSH ? SLIP_BUILDER_MESSAGES.priceTooHigh : null;
};

/**
 * Publishing: 3 to 5 tips, total odds (product truncated to 2 decimals) within 1.6 and 100,
 * price within Ksh 50 and 1000. First failing rule's message.
 */
export const publishError = (odds: readonly DecimalValue[], price: DecimalValue): RuleResult => {
  if (odds.length < MIN_TIPS_PER_SLIP) return SLIP_BUILDER_MESSAGES.tooFewTips;
  if (odds.length > MAX_TIPS_PER_SLIP) return SLIP_BUILDER_MESSAGES.tooManyGames;
  const total = accumulatorOdds(odds);
  if (total === null || total < MIN_TOTAL_ODDS || total > MAX_TOTAL_ODDS) return SLIP_BUILDER_MESSAGES.totalOdds;
  const amount = Number(price);
  if (!Number.isFinite(amount) || amount < MIN_PRICE_KSH || amount > MAX_PRICE_KSH) {
    return SLIP_BUILDER_MESSAGES.priceRange;
  }
  return null;
};

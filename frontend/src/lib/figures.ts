/**
 * How the tipster figures the server computes are written on screen (docs/PRODUCT-RULES.md
 * "Tipster statistics"): profit, ROI and the profit curve arrive computed (the profile's `figures`,
 * a card's `meta`, a leaderboard row); this file only formats them and adds nothing up.
 */

/** A profit in units as the server sends it (2 decimals), signed: '+3.45' / '-1.00' / '0.00'. */
export const formatProfit = (value: number): string => `${value > 0 ? '+' : ''}${value.toFixed(2)}`;

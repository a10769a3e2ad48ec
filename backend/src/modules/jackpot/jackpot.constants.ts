/** Fewest games a jackpot slip may have (docs/PRODUCT-RULES.md "Jackpots": real jackpots have 13-17; a short week may have fewer). */
export const MIN_JACKPOT_TIPS = 10;
/** Most games a jackpot slip may have (docs/PRODUCT-RULES.md "Jackpots": typically 13-17 games). */
export const MAX_JACKPOT_TIPS = 17;
/** Largest total odds the numeric(8,2) accumulator column holds, in hundredths (999999.99). */
export const MAX_JACKPOT_ODDS_HUNDREDTHS = 99_999_999;
/** Longest title and description (migration 1764600000000 checks). */
export const MAX_JACKPOT_TITLE_LENGTH = 120;
export const MAX_JACKPOT_DESCRIPTION_LENGTH = 2000;
/** Rounds per page of GET /api/jackpot/history by default, and at most (docs/PRODUCT-RULES.md "Jackpots"). */
export const HISTORY_LIMIT = 20;
export const MAX_HISTORY_LIMIT = 50;

/**
 * Jackpot score rule (docs/PRODUCT-RULES.md "Jackpots"). Pure: no framework, no I/O.
 */

/** A game's result as slip settlement writes it on the tip: W won, L lost, V void; null while undecided. */
export type JackpotTipResult = 'W' | 'L' | 'V' | null;

/** A finished round's score: tips won, tips counted (void games left out of both), void games. */
export interface JackpotScore {
  won: number;
  counted: number;
  void: number;
  /** As shown: '11/17', or '11/16 (1 void)' when games were void. */
  text: string;
}

/**
 * The score of a jackpot from its tips' results, or null while any game is undecided (also for a
 * jackpot without tips). Void games (postponed, abandoned, cancelled: docs/PRODUCT-RULES.md
 * "Settlement") count in neither number and are named apart: W W L V → '2/3 (1 void)'; a round
 * whose every game is void scores '0/0 (n void)'.
 */
export const jackpotScore = (results: readonly JackpotTipResult[]): JackpotScore | null => {
  if (!results.length || results.some((r) => r !== 'W' && r !== 'L' && r !== 'V')) return null;
  const won = results.filter((r) => r === 'W').length;
  const voids = results.filter((r) => r === 'V').length;
  const counted = results.length - voids;
  return { won, counted, void: voids, text: `${won}/${counted}${voids ? ` (${voids} void)` : ''}` };
};

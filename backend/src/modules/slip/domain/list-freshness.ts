import type { MatchPhase } from '../../fixtures/domain/match-timeline';

/** What of a game decides when a slip card showing it changes: its state and its shown kick-off. */
export interface ShownGame {
  /** Kick-off on the shown calendar (UTC instant). */
  gameDate: Date;
  state: { phase: MatchPhase };
}

/**
 * How long (ms from `now`, epoch ms) slip cards showing `games` stay exactly as rendered, as far as
 * the games go: a game's card part (teams, kick-off, `game_result`) changes when it kicks off and
 * while it is live or awaiting its result, never once it is decided (finished or void). So: until
 * the first upcoming game's kick-off; 0 when a game is live or awaiting its result; Infinity when
 * every game is decided (or there is none). Publish and settlement are not counted here: they drop
 * the lists' cache themselves.
 */
export const unchangedForMs = (games: Iterable<ShownGame>, now: number): number => {
  let until = Number.POSITIVE_INFINITY;
  for (const g of games) {
    const phase = g.state.phase;
    if (phase === 'finished' || phase === 'void') continue;
    if (phase !== 'upcoming') return 0;
    until = Math.min(until, g.gameDate.getTime());
  }
  return Math.max(0, until - now);
};

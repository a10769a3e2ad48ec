import type { MatchPhase } from '../../fixtures/domain/match-timeline';
import { unchangedForMs } from './list-freshness';

const NOW = Date.parse('2026-11-23T09:00:00Z');
const game = (phase: MatchPhase, minutesFromNow = 0) => ({
  gameDate: new Date(NOW + minutesFromNow * 60_000),
  state: { phase },
});

describe('unchangedForMs (how long a rendered slip list page stays the same)', () => {
  it('lasts until the first upcoming game kicks off', () => {
    expect(
      unchangedForMs([game('upcoming', 90), game('upcoming', 30), game('finished', -300)], NOW),
    ).toBe(30 * 60_000);
  });

  it('is 0 while a game is live or awaiting its result', () => {
    expect(unchangedForMs([game('upcoming', 90), game('live', -10)], NOW)).toBe(0);
    expect(unchangedForMs([game('awaiting-result', -200)], NOW)).toBe(0);
    expect(unchangedForMs([game('upcoming', -1)], NOW)).toBe(0);
  });

  it('is unbounded when every game is decided, or there is none', () => {
    expect(unchangedForMs([game('finished', -300), game('void', -60)], NOW)).toBe(
      Number.POSITIVE_INFINITY,
    );
    expect(unchangedForMs([], NOW)).toBe(Number.POSITIVE_INFINITY);
  });
});

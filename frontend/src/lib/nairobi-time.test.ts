import { describe, expect, it } from 'vitest';
import {
  gameTimeLabel,
  gameTimingState,
  isLive,
  nairobiDay,
  topGameTimeLabel,
} from './nairobi-time';

// Friday 15 May 2026, 09:00 in Nairobi (06:00 UTC).
const now = new Date('2026-05-15T09:00:00+03:00');

describe('gameTimeLabel', () => {
  it('says Today with hh:mm in Nairobi for a game on the same Nairobi day', () => {
    expect(gameTimeLabel('2026-05-15T19:45:00+03:00', now)).toBe('Today 19:45');
    expect(gameTimeLabel('2026-05-15T14:00:00Z', now)).toBe('Today 17:00');
  });

  it('uses the weekday name for other days', () => {
    expect(gameTimeLabel('2026-05-16T17:30:00+03:00', now)).toBe('Saturday 17:30');
    // 22:30 UTC on the 15th is already Saturday 01:30 in Nairobi.
    expect(gameTimeLabel('2026-05-15T22:30:00Z', now)).toBe('Saturday 01:30');
  });

  it('uses the Nairobi day, not UTC', () => {
    expect(nairobiDay('2026-05-15T21:30:00Z')).toBe('2026-05-16');
  });
});

describe('top game label', () => {
  it('shows Live with minute and score when both goals are known', () => {
    const game = {
      game_date: '2026-05-15T08:00:00+03:00',
      home_goals: 1,
      away_goals: 0,
      game_status_time: 67,
    };
    expect(isLive(game)).toBe(true);
    expect(topGameTimeLabel(game, now)).toBe("Live 67' 1 - 0");
  });

  it('shows Live with a 0-0 score (zero is not null)', () => {
    expect(
      topGameTimeLabel({ game_date: now.toISOString(), home_goals: 0, away_goals: 0 }, now),
    ).toBe('Live 0 - 0');
  });

  it('shows the kick-off label when a goal count is null', () => {
    const game = { game_date: '2026-05-15T20:00:00+03:00', home_goals: 1, away_goals: null };
    expect(isLive(game)).toBe(false);
    expect(topGameTimeLabel(game, now)).toBe('Today 20:00');
  });
});

describe('gameTimingState', () => {
  it('is not started before kick-off', () => {
    expect(gameTimingState('2026-05-15T09:00:01+03:00', now)).toBe('not_started');
  });

  it('is in play from kick-off up to 3 hours after', () => {
    expect(gameTimingState('2026-05-15T09:00:00+03:00', now)).toBe('in_play');
    expect(gameTimingState('2026-05-15T06:00:00+03:00', now)).toBe('in_play');
  });

  it('is played after 3 hours', () => {
    expect(gameTimingState('2026-05-15T05:59:59+03:00', now)).toBe('played');
  });
});

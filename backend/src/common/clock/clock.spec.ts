import { fixedClock, freshAt } from './clock';

describe('freshAt', () => {
  it.each([
    ['before until, within the lifetime', 1_000, 5_000, 5_000, true],
    ['at until', 5_000, 5_000, 5_000, false],
    ['past until', 6_000, 5_000, 5_000, false],
    ['until exactly one lifetime ahead', 0, 5_000, 5_000, true],
    ['until more than one lifetime ahead (clock moved back)', -1, 5_000, 5_000, false],
  ])('%s', (_name, now, until, lifetime, expected) => {
    expect(freshAt(now, until, lifetime)).toBe(expected);
  });
});

describe('fixedClock', () => {
  it('returns the instant, a fresh Date each call', () => {
    const clock = fixedClock('2026-11-23T12:00:00+03:00');
    const a = clock.now();
    a.setTime(0);
    expect(clock.now().toISOString()).toBe('2026-11-23T09:00:00.000Z');
  });

  it('rejects an invalid date', () => {
    expect(() => fixedClock('not a date')).toThrow(RangeError);
  });
});

/**
 * The one source of "now" for services and jobs (docs/CONTRIBUTING.md §9: services take a Clock, tests pin it).
 * Domain functions never read the clock: they take `now` as an argument.
 */
export interface Clock {
  /** Current instant (a UTC Date). */
  now(): Date;
}

/** Wall-clock time of this process. */
export const systemClock: Clock = {
  now: () => new Date(),
};

/**
 * A clock frozen at `iso` (an ISO-8601 instant with offset, e.g. '2026-05-15T09:00:00+03:00').
 * Each call returns a fresh Date so callers cannot move the clock by mutating it.
 * Throws RangeError when `iso` is not a valid date.
 */
export const fixedClock = (iso: string): Clock => {
  const ms = Date.parse(iso);
  if (Number.isNaN(ms)) throw new RangeError(`fixedClock: invalid ISO date '${iso}'`);
  return { now: () => new Date(ms) };
};

/**
 * True while `now` is before `until` and `until` is at most `lifetimeMs` ahead of it (epoch ms of
 * the application clock): a cache entry is fresh, and a clock pinned or moved back never stretches
 * an entry's lifetime past `lifetimeMs`.
 */
export const freshAt = (now: number, until: number, lifetimeMs: number): boolean =>
  now < until && until - now <= lifetimeMs;

/**
 * Injection token of the application's one Clock (an AdjustableClock, provided by the global
 * ClockModule): every module that reads "now" injects it, so tests, benchmarks and the demo pin
 * time for all of them at once.
 */
export const CLOCK = 'CLOCK';

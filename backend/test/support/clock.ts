import type { Type } from '@nestjs/common';
import { AdjustableClock } from '../../src/common/clock/adjustable-clock';
import { fixedClock } from '../../src/common/clock/clock';

/** Anything that can hand out the application's providers: a TestContext (`t`), or a Nest app / module ref. */
export interface ClockHolder {
  get<T>(token: Type<T>): T;
}

const clockOf = (holder: ClockHolder): AdjustableClock => holder.get(AdjustableClock);

/**
 * Pins the application's one clock (token CLOCK, docs/ARCHITECTURE.md "One clock") at `at` (an
 * ISO-8601 instant with offset, e.g. '2026-11-24T22:30:00+03:00', or a Date): every service, job
 * and cache reads that instant until the clock is pinned again, advanced or reset.
 */
export const pinClock = (holder: ClockHolder, at: string | Date): void =>
  clockOf(holder).set(fixedClock(typeof at === 'string' ? at : at.toISOString()));

/**
 * Moves the application's clock `ms` forward (pinning it first at the current instant when it was
 * not pinned), so caches and rules see the time pass without the test sleeping: an entry kept
 * TTL ms is expired after `advanceClock(t, TTL)`. Returns the new instant.
 */
export const advanceClock = (holder: ClockHolder, ms: number): Date => {
  const clock = clockOf(holder);
  const next = new Date(clock.now().getTime() + ms);
  clock.set(fixedClock(next.toISOString()));
  return next;
};

/** The application clock's current instant. */
export const clockNow = (holder: ClockHolder): Date => clockOf(holder).now();

/** Back to the system clock. */
export const resetClock = (holder: ClockHolder): void => clockOf(holder).reset();

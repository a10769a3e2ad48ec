import { IN_PLAY_WINDOW_MS } from './constants';

/** Business time zone (docs/PRODUCT-RULES.md, Time). */
export const NAIROBI_TIME_ZONE = 'Africa/Nairobi';

/** A game's timing on a slip card (docs/PRODUCT-RULES.md R13). */
export type GameTimingState = 'not_started' | 'in_play' | 'played';

export const GAME_TIMING_LABEL: Record<GameTimingState, string> = {
  not_started: 'Not started',
  in_play: 'In play',
  played: 'Played',
};

const dayKeyFormat = new Intl.DateTimeFormat('en-CA', {
  timeZone: NAIROBI_TIME_ZONE,
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
});
const weekdayFormat = new Intl.DateTimeFormat('en-GB', {
  timeZone: NAIROBI_TIME_ZONE,
  weekday: 'long',
});
const clockFormat = new Intl.DateTimeFormat('en-GB', {
  timeZone: NAIROBI_TIME_ZONE,
  hour: '2-digit',
  minute: '2-digit',
  hourCycle: 'h23',
});
const dateFormat = new Intl.DateTimeFormat('en-GB', {
  timeZone: NAIROBI_TIME_ZONE,
  day: 'numeric',
  month: 'short',
  year: 'numeric',
});

const toDate = (value: string | number | Date | null): Date =>
  value instanceof Date ? value : new Date(value ?? Number.NaN);

/** Nairobi calendar day of an instant, 'YYYY-MM-DD'. */
export const nairobiDay = (value: string | number | Date): string =>
  dayKeyFormat.format(toDate(value));

/** hh:mm (24 h) in Nairobi. */
export const nairobiClock = (value: string | number | Date): string =>
  clockFormat.format(toDate(value));

/** e.g. '5 Mar 2026' in Nairobi, for blog posts, payments and slip dates. */
export const nairobiDate = (value: string | number | Date): string =>
  dateFormat.format(toDate(value));

/**
 * Kick-off label (docs/PRODUCT-RULES.md R123): 'Today hh:mm' when the game is on the current
 * Nairobi day, otherwise the weekday name plus hh:mm, e.g. 'Saturday 17:30'. `now` is injected for
 * tests.
 */
export const gameTimeLabel = (
  gameDate: string | number | Date | null,
  now: Date = new Date(),
): string => {
  const date = toDate(gameDate);
  if (Number.isNaN(date.getTime())) return '';
  const day = nairobiDay(date) === nairobiDay(now) ? 'Today' : weekdayFormat.format(date);
  return `${day} ${nairobiClock(date)}`;
};

/** The fields of a top game that decide its label (docs/PRODUCT-RULES.md R116). */
export interface GameClock {
  /** Kick-off; null when the game is unknown (a tip whose fixture is gone): no label. */
  game_date: string | null;
  home_goals?: number | null;
  away_goals?: number | null;
  game_status_time?: string | number | null;
}

/** True when both home and away goals are non-null (docs/PRODUCT-RULES.md R123). */
export const isLive = (game: GameClock): boolean =>
  game.home_goals !== null &&
  game.home_goals !== undefined &&
  game.away_goals !== null &&
  game.away_goals !== undefined;

/**
 * Label of an upcoming top game: "Live 67' 1 - 0" (minute and score) while live,
 * else the kick-off label of gameTimeLabel.
 */
export const topGameTimeLabel = (game: GameClock, now: Date = new Date()): string => {
  if (!isLive(game)) return gameTimeLabel(game.game_date, now);
  const minute =
    game.game_status_time === null ||
    game.game_status_time === undefined ||
    game.game_status_time === ''
      ? ''
      : ` ${String(game.game_status_time).replace(/'$/, '')}'`;
  return `Live${minute} ${game.home_goals} - ${game.away_goals}`;
};

/**
 * Timing state of a game on a slip card (docs/PRODUCT-RULES.md R13): not started while kick-off is
 * in the future, in play up to and including 3 hours after kick-off, played after that.
 */
export const gameTimingState = (
  gameDate: string | number | Date | null,
  now: Date = new Date(),
): GameTimingState => {
  const start = toDate(gameDate).getTime();
  const current = now.getTime();
  if (start > current) return 'not_started';
  if (current - start <= IN_PLAY_WINDOW_MS) return 'in_play';
  return 'played';
};

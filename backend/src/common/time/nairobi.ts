/** Business time zone (docs/PRODUCT-RULES.md, Time): "today", "this month", "this week" are Nairobi's. EAT = UTC+3, no DST. */
export const NAIROBI_TZ = 'Africa/Nairobi';

/**
 * Nairobi's offset from UTC: +03:00 all year (East Africa Time has no daylight saving; the tz
 * database gives Africa/Nairobi +03:00 from 1942 on), so Nairobi wall time is plain arithmetic —
 * no time-zone database lookup per call (date-fns-tz's `formatInTimeZone` costs ~40 µs a call
 * against ~1 µs for this).
 */
export const NAIROBI_OFFSET_MS = 3 * 3_600_000;

const DAY_MS = 86_400_000;
const DAY_KEY = /^(\d{4})-(\d{2})-(\d{2})$/;

/**
 * THE Nairobi time formatter: instant `d` as ISO-8601 Nairobi wall time with its offset,
 * 'yyyy-MM-ddTHH:mm:ss+03:00' (milliseconds dropped), e.g. 2026-11-23T19:00:00Z →
 * '2026-11-23T22:00:00+03:00' — `game_date` and `date_created` on the wire
 * (docs/PRODUCT-RULES.md R113). Every other Nairobi date or time string (day keys, M-Pesa
 * timestamps) is cut from this one. Same output as date-fns-tz `formatInTimeZone(d,
 * 'Africa/Nairobi', "yyyy-MM-dd'T'HH:mm:ssXXX")` for every instant from 1942 to 9999 (tested hour
 * by hour over the data's range).
 * @throws RangeError for an invalid Date (as date-fns-tz does).
 */
export const toNairobiIso = (d: Date): string => {
  const t = d.getTime();
  if (Number.isNaN(t)) throw new RangeError('Invalid time value');
  return `${new Date(t + NAIROBI_OFFSET_MS).toISOString().slice(0, 19)}+03:00`;
};

/**
 * The UTC instant of 00:00 Nairobi time on `dayKey` ('YYYY-MM-DD').
 * Throws RangeError when `dayKey` is not a real calendar date.
 */
export const nairobiMidnight = (dayKey: string): Date => {
  const m = DAY_KEY.exec(dayKey);
  if (!m) throw new RangeError(`nairobiMidnight: expected 'YYYY-MM-DD', got '${dayKey}'`);
  const [y, mo, d] = [Number(m[1]), Number(m[2]), Number(m[3])];
  const utcMidnight = Date.UTC(y, mo - 1, d);
  const check = new Date(utcMidnight);
  if (check.getUTCFullYear() !== y || check.getUTCMonth() !== mo - 1 || check.getUTCDate() !== d) {
    throw new RangeError(`nairobiMidnight: '${dayKey}' is not a calendar date`);
  }
  return new Date(utcMidnight - NAIROBI_OFFSET_MS);
};

/** The Nairobi calendar day of instant `d`, as 'YYYY-MM-DD'. */
export const nairobiDayKey = (d: Date): string => toNairobiIso(d).slice(0, 10);

/** Start (00:00 Nairobi) of the Nairobi day containing `d`, as a UTC instant. */
export const nairobiDayStart = (d: Date): Date => nairobiMidnight(nairobiDayKey(d));

/** Start (1st, 00:00 Nairobi) of the Nairobi month containing `d`, as a UTC instant. */
export const nairobiMonthStart = (d: Date): Date =>
  nairobiMidnight(`${toNairobiIso(d).slice(0, 7)}-01`);

/**
 * Start (Monday 00:00 Nairobi) of the ISO week containing `d`, as a UTC instant
 * (docs/PRODUCT-RULES.md, Time: "this week" is the ISO week, Monday start).
 */
export const isoWeekStart = (d: Date): Date => {
  const dayStart = nairobiDayStart(d);
  // The UTC weekday of (Nairobi midnight + 3 h) is the Nairobi weekday; 0 = Sunday … 6 = Saturday.
  const isoWeekday = ((new Date(dayStart.getTime() + NAIROBI_OFFSET_MS).getUTCDay() + 6) % 7) + 1; // 1 = Monday … 7 = Sunday
  // Nairobi has no DST, so a day is always 24 h.
  return new Date(dayStart.getTime() - (isoWeekday - 1) * DAY_MS);
};

/** Nairobi wall time of `d` as digits only, 'yyyyMMddHHmmss' (Daraja `Timestamp` / `TransactionDate`). */
export const nairobiCompactTimestamp = (d: Date): string => {
  const iso = toNairobiIso(d);
  return (
    iso.slice(0, 4) +
    iso.slice(5, 7) +
    iso.slice(8, 10) +
    iso.slice(11, 13) +
    iso.slice(14, 16) +
    iso.slice(17, 19)
  );
};

import { formatInTimeZone, fromZonedTime } from 'date-fns-tz';

/** Business time zone (product.md, Time): "today", "this month", "this week" are Nairobi's. EAT = UTC+3, no DST. */
export const NAIROBI_TZ = 'Africa/Nairobi';

const DAY_KEY = /^(\d{4})-(\d{2})-(\d{2})$/;

/**
 * The UTC instant of 00:00 Nairobi time on `dayKey` ('YYYY-MM-DD').
 * Throws RangeError when `dayKey` is not a real calendar date.
 */
export const nairobiMidnight = (dayKey: string): Date => {
  const m = DAY_KEY.exec(dayKey);
  if (!m) throw new RangeError(`nairobiMidnight: expected 'YYYY-MM-DD', got '${dayKey}'`);
  const [y, mo, d] = [Number(m[1]), Number(m[2]), Number(m[3])];
  const check = new Date(Date.UTC(y, mo - 1, d));
  if (check.getUTCFullYear() !== y || check.getUTCMonth() !== mo - 1 || check.getUTCDate() !== d) {
    throw new RangeError(`nairobiMidnight: '${dayKey}' is not a calendar date`);
  }
  return fromZonedTime(`${dayKey}T00:00:00`, NAIROBI_TZ);
};

/** The Nairobi calendar day of instant `d`, as 'YYYY-MM-DD'. */
export const nairobiDayKey = (d: Date): string => formatInTimeZone(d, NAIROBI_TZ, 'yyyy-MM-dd');

/** Start (00:00 Nairobi) of the Nairobi day containing `d`, as a UTC instant. */
export const nairobiDayStart = (d: Date): Date => nairobiMidnight(nairobiDayKey(d));

/** Start (1st, 00:00 Nairobi) of the Nairobi month containing `d`, as a UTC instant. */
export const nairobiMonthStart = (d: Date): Date =>
  fromZonedTime(`${formatInTimeZone(d, NAIROBI_TZ, 'yyyy-MM')}-01T00:00:00`, NAIROBI_TZ);

/**
 * Start (Monday 00:00 Nairobi) of the ISO week containing `d`, as a UTC instant
 * (product.md, Time: "this week" is the ISO week, Monday start).
 */
export const isoWeekStart = (d: Date): Date => {
  const isoWeekday = Number(formatInTimeZone(d, NAIROBI_TZ, 'i')); // 1 = Monday … 7 = Sunday
  const dayStart = nairobiDayStart(d);
  // Nairobi has no DST, so a day is always 24 h.
  return new Date(dayStart.getTime() - (isoWeekday - 1) * 86_400_000);
};

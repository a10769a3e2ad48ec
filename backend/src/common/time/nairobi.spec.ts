import { readdirSync, readFileSync } from 'fs';
import { join, resolve } from 'path';
import { formatInTimeZone, fromZonedTime } from 'date-fns-tz';
import { parseFootballDataCsv } from '../../modules/fixtures/domain/football-data-csv';
import {
  isoWeekStart,
  nairobiCompactTimestamp,
  nairobiDayKey,
  nairobiDayStart,
  nairobiMidnight,
  nairobiMonthStart,
  NAIROBI_TZ,
  toNairobiIso,
} from './nairobi';

/**
 * The fixed +03:00 arithmetic against date-fns-tz (the tz database) — the reference it replaced on
 * the hot paths — over every instant the product shows: every kick-off in data/football (replayed
 * onto today's calendar by whole days, so the shown range is covered by the hourly sweep too) and
 * every hour from the earliest data day to the end of 2027.
 */
const DATA_DIR = resolve(__dirname, '../../../../data/football');
const csvFiles = (dir: string): string[] =>
  readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
    e.isDirectory()
      ? csvFiles(join(dir, e.name))
      : e.name.endsWith('.csv')
        ? [join(dir, e.name)]
        : [],
  );
const kickoffs: Date[] = csvFiles(DATA_DIR).flatMap((file) =>
  parseFootballDataCsv(readFileSync(file, 'utf8'), file.slice(file.lastIndexOf('/') + 1)).rows.map(
    (r) => r.kickoff,
  ),
);

const ISO = "yyyy-MM-dd'T'HH:mm:ssXXX";
const HOUR = 3_600_000;
/** The sweep: from the day before the earliest kick-off in the data to the end of 2027 (replayed dates are shown up to today). */
const FROM =
  Math.floor(Math.min(...kickoffs.map((k) => k.getTime())) / 86_400_000) * 86_400_000 - 86_400_000;
const TO = Date.UTC(2028, 0, 1);

/** The reference implementations (what nairobi.ts did with date-fns-tz before). */
const reference = {
  iso: (d: Date) => formatInTimeZone(d, NAIROBI_TZ, ISO),
  dayKey: (d: Date) => formatInTimeZone(d, NAIROBI_TZ, 'yyyy-MM-dd'),
  compact: (d: Date) => formatInTimeZone(d, NAIROBI_TZ, 'yyyyMMddHHmmss'),
  midnight: (key: string) => fromZonedTime(`${key}T00:00:00`, NAIROBI_TZ),
  monthStart: (d: Date) =>
    fromZonedTime(`${formatInTimeZone(d, NAIROBI_TZ, 'yyyy-MM')}-01T00:00:00`, NAIROBI_TZ),
  isoWeekStart: (d: Date) => {
    const weekday = Number(formatInTimeZone(d, NAIROBI_TZ, 'i'));
    return new Date(
      fromZonedTime(
        `${formatInTimeZone(d, NAIROBI_TZ, 'yyyy-MM-dd')}T00:00:00`,
        NAIROBI_TZ,
      ).getTime() -
        (weekday - 1) * 86_400_000,
    );
  },
};

describe('Nairobi time at a fixed +03:00 (same output as date-fns-tz)', () => {
  it('reads thousands of kick-offs from data/football', () => {
    expect(kickoffs.length).toBeGreaterThan(8_000);
  });

  it('formats every kick-off in data/football exactly as date-fns-tz', () => {
    const mismatches = kickoffs.filter((k) => toNairobiIso(k) !== reference.iso(k));
    expect(mismatches).toEqual([]);
  });

  it('formats and keys every hour from the first data day to 2027-12-31 exactly as date-fns-tz', () => {
    const mismatches: string[] = [];
    let checked = 0;
    for (let t = FROM; t < TO; t += HOUR) {
      // Minutes, seconds and milliseconds off the hour, so every field and the truncation of ms are exercised.
      const d = new Date(t + ((checked * 7_919) % HOUR));
      checked += 1;
      const ref = reference.iso(d);
      if (toNairobiIso(d) !== ref)
        mismatches.push(`iso ${d.toISOString()}: ${toNairobiIso(d)} ≠ ${ref}`);
      if (nairobiDayKey(d) !== ref.slice(0, 10)) mismatches.push(`dayKey ${d.toISOString()}`);
      if (nairobiCompactTimestamp(d) !== ref.slice(0, 19).replace(/[-T:]/g, ''))
        mismatches.push(`compact ${d.toISOString()}`);
      if (mismatches.length > 10) break;
    }
    expect(mismatches).toEqual([]);
    expect(checked).toBeGreaterThan(60_000);
  });

  it('starts the day, ISO week and month of both ends of every Nairobi day in the range exactly as date-fns-tz', () => {
    const mismatches: string[] = [];
    // 21:00Z is Nairobi midnight: take the first and the last second of each Nairobi day.
    for (let t = FROM - 3 * HOUR; t < TO; t += 24 * HOUR) {
      for (const d of [new Date(t), new Date(t + 24 * HOUR - 1_000)]) {
        if (nairobiDayStart(d).getTime() !== reference.midnight(reference.dayKey(d)).getTime())
          mismatches.push(`day ${d.toISOString()}`);
        if (nairobiMonthStart(d).getTime() !== reference.monthStart(d).getTime())
          mismatches.push(`month ${d.toISOString()}`);
        if (isoWeekStart(d).getTime() !== reference.isoWeekStart(d).getTime())
          mismatches.push(`week ${d.toISOString()}`);
      }
      if (mismatches.length > 10) break;
    }
    expect(mismatches).toEqual([]);
  });

  it('formats the instants around a Nairobi midnight', () => {
    expect(toNairobiIso(new Date('2026-11-23T19:00:00Z'))).toBe('2026-11-23T22:00:00+03:00');
    expect(toNairobiIso(new Date('2026-11-23T20:59:59.999Z'))).toBe('2026-11-23T23:59:59+03:00');
    expect(toNairobiIso(new Date('2026-11-23T21:00:00Z'))).toBe('2026-11-24T00:00:00+03:00');
    expect(toNairobiIso(new Date('2025-12-31T21:00:00Z'))).toBe('2026-01-01T00:00:00+03:00');
    expect(nairobiCompactTimestamp(new Date('2025-12-31T21:00:00Z'))).toBe('20260101000000');
    expect(toNairobiIso(new Date('2024-02-29T12:34:56.789Z'))).toBe('2024-02-29T15:34:56+03:00');
  });

  it('throws RangeError for an invalid date, as date-fns-tz does', () => {
    expect(() => toNairobiIso(new Date(NaN))).toThrow(RangeError);
    expect(() => reference.iso(new Date(NaN))).toThrow(RangeError);
  });

  it('maps every calendar day key of the range to the same midnight as date-fns-tz, and rejects non-dates', () => {
    for (let t = FROM; t < TO; t += 86_400_000) {
      const key = new Date(t).toISOString().slice(0, 10);
      expect(nairobiMidnight(key).getTime()).toBe(reference.midnight(key).getTime());
    }
    expect(() => nairobiMidnight('2026-02-30')).toThrow(RangeError);
    expect(() => nairobiMidnight('2026-2-3')).toThrow(RangeError);
  });
});

import { copyFileSync, mkdirSync, mkdtempSync, rmSync } from 'fs';
import { tmpdir } from 'os';
import { dirname, join } from 'path';
import { DataSource } from 'typeorm';
import { REPO_ROOT } from '../../src/config/app-config';
import {
  FixturesImportService,
  ImportReport,
} from '../../src/modules/fixtures/fixtures-import.service';
import { ReplayClock } from '../../src/modules/fixtures/replay-clock.service';
import type { TestContext } from '../setup/test-app';
import { pinClock } from '../support/clock';

export { pinClock };

/** The shipped football data (data/football). */
export const SHIPPED_DATA_DIR = join(REPO_ROOT, 'data', 'football');

/**
 * A temporary FOOTBALL_DATA_DIR holding copies of some shipped files (paths relative to
 * data/football, e.g. 'E0-2025-26.csv', 'africa/KEN-….csv'). `remove()` deletes it.
 */
export const dataDirWith = (files: string[]): { dir: string; remove(): void } => {
  const dir = mkdtempSync(join(tmpdir(), 'tips-football-'));
  for (const f of files) {
    mkdirSync(dirname(join(dir, f)), { recursive: true });
    copyFileSync(join(SHIPPED_DATA_DIR, f), join(dir, f));
  }
  return { dir, remove: () => rmSync(dir, { recursive: true, force: true }) };
};

/**
 * Pins the clock at `now` and shows REPLAY_ANCHOR (default 2026-04-20) on Nairobi day `startDay`,
 * so tests do not depend on the machine's date. Default: the anchor is shown on 2026-11-23.
 */
export const startReplay = async (
  t: TestContext,
  now = '2026-11-23T12:00:00+03:00',
  startDay = '2026-11-23',
): Promise<void> => {
  pinClock(t, now);
  await t.get(ReplayClock).restart(startDay);
};

/** Imports every file of the app's FOOTBALL_DATA_DIR. */
export const importFixtures = (t: TestContext): Promise<ImportReport> =>
  t.get(FixturesImportService).importAll();

/** Id of the fixture `home` v `away` on data day `matchDate` ('YYYY-MM-DD'); throws when absent. */
export const fixtureId = async (
  ds: DataSource,
  home: string,
  away: string,
  matchDate: string,
): Promise<string> => {
  const rows: { id: string }[] = await ds.query(
    `SELECT id::text FROM fixture WHERE home_team = $1 AND away_team = $2 AND match_date = $3`,
    [home, away, matchDate],
  );
  if (rows.length !== 1)
    throw new Error(`fixture ${home} v ${away} on ${matchDate}: ${rows.length} rows`);
  return rows[0].id;
};

import { INestApplicationContext } from '@nestjs/common';
import { FixtureImportRunsService } from '../modules/fixtures/fixture-import-runs.service';
import { FixturesImportService } from '../modules/fixtures/fixtures-import.service';
import { ResultSyncService } from '../modules/fixtures/result-sync.service';
import type { SeedStep } from './seed-step';

/**
 * Fixtures (docs/PRODUCT-RULES.md "Fixtures and the replay clock"): imports every file of FOOTBALL_DATA_DIR (or its URL) whose content changed
 * since its last import — all of them on an empty database, none on a later start — then runs one
 * result sync so fixtures already past on the replay clock are decided before the app serves.
 * With API_FOOTBALL_KEY set, loads the next days from API-Football instead. An import that wrote
 * anything is recorded as a done `fixture_import_run` by `seed` (FixtureImportRunsService), so
 * the back office's fixture imports list shows it; a start that changed nothing records nothing.
 */
/** Who the seed's import run is recorded as (fixture_import_run.requested_by). */
export const SEED_IMPORT_BY = 'seed';

export const fixturesSeedStep: SeedStep = {
  name: 'fixtures',
  async run(app: INestApplicationContext): Promise<string> {
    const started = new Date();
    const report = await app.get(FixturesImportService).importAll({ skipUnchanged: true });
    if (report.totals.inserted + report.totals.updated > 0) {
      await app.get(FixtureImportRunsService).recordCompleted(SEED_IMPORT_BY, started, report);
    }
    const sync = await app.get(ResultSyncService).syncResults();
    const t = report.totals;
    return (
      `${report.files.length} source(s) (${t.skipped} unchanged): ${t.rows} rows, ${t.inserted} new, ${t.updated} updated, ` +
      `${t.malformed} malformed rows skipped, in ${report.ms} ms; sync: ${sync.finished} finished, ${sync.live} live, ${sync.voided} void`
    );
  },
};

import { DataSource } from 'typeorm';
import { dataDirWith, importFixtures, startReplay } from '../../factories/fixtures';
import { TippableGame, tippableGames } from '../../factories/slip';
import { createTestContext, TestContext } from '../../setup/test-app';

/** Replay: anchor 2026-04-20 shown on Monday 2026-11-23 (Nairobi); the clock is pinned at noon. */
export const NOW = '2026-11-23T12:00:00+03:00';
/** Games kicking off after this data instant stay upcoming while the clock is pinned at NOW. */
export const DATA_AFTER = new Date('2026-04-22T12:00:00+03:00');

/** A test app on two shipped league files, replayed and imported, with `count` tippable games. */
export const marketContext = async (
  count: number,
  opts: { role?: 'api' | 'all'; listen?: boolean; env?: Record<string, string> } = {},
): Promise<{ t: TestContext; games: TippableGame[]; remove(): void }> => {
  const data = dataDirWith(['E0-2025-26.csv', 'SP1-2025-26.csv']);
  const t = await createTestContext({
    ...opts,
    env: { FOOTBALL_DATA_DIR: data.dir, REPLAY_ANCHOR: '2026-04-20', ...opts.env },
  });
  await startReplay(t, NOW, '2026-11-23');
  await importFixtures(t);
  const games = await tippableGames(t.ds, DATA_AFTER, count);
  return { t, games, remove: () => data.remove() };
};

/** Ids of fixtures kicking off within [from, to) on the data calendar that have a 1X2 home odd. */
export const fixturesBetween = async (
  ds: DataSource,
  from: string,
  to: string,
  limit = 5,
): Promise<string[]> =>
  (
    await ds.query(
      `SELECT f.id::text FROM fixture f WHERE f.kickoff >= $1 AND f.kickoff < $2
          AND EXISTS (SELECT 1 FROM fixture_odds o WHERE o.fixture_id = f.id AND o.market_id = 1)
        ORDER BY f.kickoff, f.id LIMIT $3`,
      [from, to, limit],
    )
  ).map((r: { id: string }) => r.id);

/**
 * Inserts a slip directly (past slips the publish rules would refuse): tips on `fixtureIds` with
 * market 1 at odd 1.50, created at `dateCreated`. Returns its id.
 */
export const insertSlip = async (
  ds: DataSource,
  userId: number,
  fixtureIds: string[],
  opts: { dateCreated: string; premium?: boolean; price?: string; result?: 'W' | 'L' | null },
): Promise<number> =>
  ds.transaction(async (m) => {
    const [row] = await m.query(
      `INSERT INTO slip (user_id, price_ksh, accumulator, date_created, premium, slip_result, settled_at)
       VALUES ($1, $2, '3.37', $3, $4, $5, CASE WHEN $5::char IS NULL THEN NULL ELSE $3::timestamptz + interval '1 day' END) RETURNING id`,
      [userId, opts.price ?? '100', opts.dateCreated, opts.premium ?? false, opts.result ?? null],
    );
    for (const [i, f] of fixtureIds.entries()) {
      await m.query(
        `INSERT INTO tip (slip_id, fixture_id, market_id, odd, position) VALUES ($1, $2, 1, '1.50', $3)`,
        [row.id, f, i],
      );
    }
    return row.id as number;
  });

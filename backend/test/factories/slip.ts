import { DataSource } from 'typeorm';
import { SlipPublishService } from '../../src/modules/slip/slip-publish.service';
import type { TestContext } from '../setup/test-app';

/** An upcoming fixture the server can quote, with its odds by market id. */
export interface TippableGame {
  id: string;
  name: string;
  /** Kick-off on the data calendar. */
  kickoff: Date;
  homeGoals: number;
  awayGoals: number;
  odds: Record<number, string>;
}

/**
 * Upcoming replayed fixtures (kick-off after `dataNow` on the data calendar, result known so the
 * replay can settle them) that have odds for `marketId`, by kick-off. Use after importFixtures.
 */
export const tippableGames = async (
  ds: DataSource,
  dataNow: Date,
  count: number,
  marketId = 1,
): Promise<TippableGame[]> => {
  const rows: {
    id: string;
    home_team: string;
    away_team: string;
    kickoff: Date;
    h: number;
    a: number;
    odds: Record<string, string>;
  }[] = await ds.query(
    `SELECT f.id::text, f.home_team, f.away_team, f.kickoff, f.result_ft_home AS h, f.result_ft_away AS a,
            (SELECT jsonb_object_agg(o.market_id, o.odd::text) FROM fixture_odds o WHERE o.fixture_id = f.id) AS odds
       FROM fixture f
      WHERE f.kickoff > $1 AND f.status = 'NS' AND f.result_ft_home IS NOT NULL
        AND EXISTS (SELECT 1 FROM fixture_odds o WHERE o.fixture_id = f.id AND o.market_id = $3)
      ORDER BY f.kickoff, f.id
      LIMIT $2`,
    [dataNow, count, marketId],
  );
  return rows.map((r) => ({
    id: r.id,
    name: `${r.home_team} v ${r.away_team}`,
    kickoff: new Date(r.kickoff),
    homeGoals: r.h,
    awayGoals: r.a,
    odds: Object.fromEntries(Object.entries(r.odds).map(([k, v]) => [Number(k), v])),
  }));
};

/** Sets a fixture's quoted odd for one market (tests of the accumulator bounds). */
export const setOdd = (
  ds: DataSource,
  fixtureId: string,
  marketId: number,
  odd: string,
): Promise<unknown> =>
  ds.query(`UPDATE fixture_odds SET odd = $3 WHERE fixture_id = $1 AND market_id = $2`, [
    fixtureId,
    marketId,
    odd,
  ]);

/** Publishes a slip through the real service: `games` with market `marketId` each, price Ksh `amount`. */
export const publishSlip = (
  t: TestContext,
  userId: number,
  games: { id: string }[],
  opts: { marketId?: number; amount?: number; moneyBack?: boolean } = {},
): Promise<{ id: number }> =>
  t.get(SlipPublishService).publish(userId, {
    tips: games.map((g) => ({ game: g.id, market: opts.marketId ?? 1 })),
    amount: opts.amount ?? 100,
    ...(opts.moneyBack ? { money_back: true } : {}),
  });

import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import { marketById } from '../fixtures/domain/markets';
import { toGameDate } from '../fixtures/fixtures.mapper';
import { FixturesService } from '../fixtures/fixtures.service';

/** Free tips shown (spec §7 /api/slip/free). */
export const FREE_TIPS_LIMIT = 20;

/** One free tip in the spec's shape. */
export interface FreeTipResponse {
  fixture: { game_date: string; home_team: string; away_team: string; league: string };
  m_market: { type: string; value: string };
}

/** Free tips (product.md "Free tips"): admins add them in the back office; the seed adds a few. */
@Injectable()
export class FreeTipService {
  constructor(
    @InjectDataSource() private readonly ds: DataSource,
    private readonly fixtures: FixturesService,
  ) {}

  /** Free tips on fixtures not yet started, by kick-off, at most 20. */
  async list(): Promise<{ data: FreeTipResponse[] }> {
    const rows: { fixture_id: string; market_id: number }[] = await this.ds.query(
      `SELECT fixture_id::text, market_id FROM free_tip ORDER BY date_created DESC, id DESC LIMIT 200`,
    );
    const games = new Map((await this.fixtures.games([...new Set(rows.map((r) => r.fixture_id))])).map((g) => [g.id, g]));
    const data = rows
      .flatMap((r) => {
        const game = games.get(r.fixture_id);
        const market = marketById(r.market_id);
        return game && market && game.state.phase === 'upcoming' ? [{ game, market }] : [];
      })
      .sort((a, b) => a.game.gameDate.getTime() - b.game.gameDate.getTime())
      .slice(0, FREE_TIPS_LIMIT)
      .map(({ game, market }) => ({
        fixture: { game_date: toGameDate(game.gameDate), home_team: game.homeTeam, away_team: game.awayTeam, league: game.league },
        m_market: { type: market.type, value: market.value },
      }));
    return { data };
  }

  /** Adds a free tip (admin, seed); a repeat of the same fixture and market is ignored. */
  async add(fixtureId: string, marketId: number): Promise<void> {
    await this.ds.query(
      `INSERT INTO free_tip (fixture_id, market_id) VALUES ($1, $2) ON CONFLICT (fixture_id, market_id) DO NOTHING`,
      [fixtureId, marketId],
    );
  }
}

import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import { marketById } from '../fixtures/domain/markets';
import { toGameDate } from '../fixtures/fixtures.mapper';
import { FixturesService } from '../fixtures/fixtures.service';
import { FreeTipRepository } from './free-tip.repository';
import { SlipError, SlipErrorCode } from './slip.errors';

/** Free tips shown (docs/PRODUCT-RULES.md R45; GET /api/slip/free). */
export const FREE_TIPS_LIMIT = 20;

/** One free tip in the spec's shape. */
export interface FreeTipResponse {
  fixture: { game_date: string; home_team: string; away_team: string; league: string };
  m_market: { type: string; value: string };
}

/**
 * Free tips (docs/PRODUCT-RULES.md "Free tips"): admins add them in the back office; the seed adds
 * a few.
 */
@Injectable()
export class FreeTipService {
  constructor(
    private readonly repo: FreeTipRepository,
    private readonly fixtures: FixturesService,
  ) {}

  /** Free tips on fixtures not yet started, by kick-off, at most 20. */
  async list(): Promise<{ data: FreeTipResponse[] }> {
    const rows = await this.repo.latest(200);
    const games = new Map(
      (await this.fixtures.games([...new Set(rows.map((r) => r.fixture_id))])).map((g) => [
        g.id,
        g,
      ]),
    );
    const data = rows
      .flatMap((r) => {
        const game = games.get(r.fixture_id);
        const market = marketById(r.market_id);
        return game && market && game.state.phase === 'upcoming' ? [{ game, market }] : [];
      })
      .sort((a, b) => a.game.gameDate.getTime() - b.game.gameDate.getTime())
      .slice(0, FREE_TIPS_LIMIT)
      .map(({ game, market }) => ({
        fixture: {
          game_date: toGameDate(game.gameDate),
          home_team: game.homeTeam,
          away_team: game.awayTeam,
          league: game.league,
        },
        m_market: { type: market.type, value: market.value },
      }));
    return { data };
  }

  /**
   * Back office `free-tips` create (docs/PRODUCT-RULES.md "Free tips"): one market on one fixture
   * that has not started and has an odd for that market (FixturesService.quote, the rule slips
   * follow), inside the caller's transaction.
   * @throws FixturesError GAME_NOT_FOUND (404), MARKET_NOT_FOUND / GAME_STARTED / GAME_NOT_OFFERED /
   *         ODDS_UNAVAILABLE (400); SlipError FREE_TIP_EXISTS (400) for a repeat of fixture and market.
   * @returns the new free tip's id.
   */
  async create(
    fixtureId: string,
    marketId: number,
    { manager }: { manager?: EntityManager } = {},
  ): Promise<{ id: number }> {
    await this.fixtures.quote([{ fixtureId, marketId }]);
    const id = await this.repo.insert(fixtureId, marketId, manager);
    if (id === null) throw new SlipError(SlipErrorCode.FREE_TIP_EXISTS);
    return { id };
  }

  /**
   * Back office `free-tips` update: moves free tip `id` to another fixture and/or market, checked
   * like `create` (the resulting pair must be tippable now).
   * @throws as `create`; SlipError FREE_TIP_EXISTS (400) when the pair is another free tip already.
   */
  async update(
    id: number,
    change: { fixtureId?: string; marketId?: number },
    { manager }: { manager?: EntityManager } = {},
  ): Promise<void> {
    const current = await this.repo.byId(id, manager);
    const fixtureId = change.fixtureId ?? current.fixtureId;
    const marketId = change.marketId ?? current.marketId;
    if (fixtureId === String(current.fixtureId) && marketId === current.marketId) return;
    await this.fixtures.quote([{ fixtureId, marketId }]);
    const clash = await this.repo.byPair(fixtureId, marketId, manager);
    if (clash && clash.id !== id) throw new SlipError(SlipErrorCode.FREE_TIP_EXISTS);
    await this.repo.move(id, fixtureId, marketId, manager);
  }

  /** Back office `free-tips` delete: removes free tip `id` (no-op when already gone). */
  async remove(id: number, { manager }: { manager?: EntityManager } = {}): Promise<void> {
    await this.repo.remove(id, manager);
  }

  /** Adds a free tip (admin, seed); a repeat of the same fixture and market is ignored. */
  async add(fixtureId: string, marketId: number): Promise<void> {
    await this.repo.insert(fixtureId, marketId);
  }
}

import { Injectable } from '@nestjs/common';
import { EntityManager } from 'typeorm';
import { marketById } from '../fixtures/domain/markets';
import { FixturesService } from '../fixtures/fixtures.service';
import type { SaleLeg } from './domain/slip-sale';
import { SlipSalesRepository } from './slip-sales.repository';

/**
 * The legs of bought slips (each game in tip order with its pick and odd), as the buyer SMS and
 * find-slip show them (docs/PRODUCT-RULES.md "Messages", "Finding a bought slip again").
 */
@Injectable()
export class SlipLegsService {
  constructor(
    private readonly repo: SlipSalesRepository,
    private readonly fixtures: FixturesService,
  ) {}

  /** The legs of slip `slipId` ([] when it has none). */
  async legs(slipId: number, em?: EntityManager): Promise<SaleLeg[]> {
    return (await this.legsOf([slipId], em)).get(slipId) ?? [];
  }

  /**
   * The legs of each slip, in tip order: one query for the tips, one for their games; with `em`
   * read in that transaction (a payment transaction: a second pool connection per job could
   * starve the pool).
   */
  async legsOf(slipIds: number[], em?: EntityManager): Promise<Map<number, SaleLeg[]>> {
    const tips = await this.repo.tipsInOrder(slipIds, em);
    const fixtureIds = [...new Set(tips.map((t) => t.fixtureId))];
    const games = new Map((await this.fixtures.games(fixtureIds, em)).map((g) => [g.id, g]));
    const bySlip = new Map<number, SaleLeg[]>(slipIds.map((id) => [id, []]));
    for (const t of tips) {
      const pick = marketById(t.marketId)?.value ?? String(t.marketId);
      bySlip.get(Number(t.slipId))?.push({ game: games.get(t.fixtureId), pick, odd: t.odd });
    }
    return bySlip;
  }
}

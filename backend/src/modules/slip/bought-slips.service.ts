import { Injectable } from '@nestjs/common';
import { AppConfig } from '../../config/app-config';
import { AVATAR_URL_PATH } from '../account/account.constants';
import { avatarUrl } from '../account/account.mapper';
import { FixturesService } from '../fixtures/fixtures.service';
import { SlipResponse, toSlipResponse } from './slip.mapper';
import { SlipRepository } from './slip.repository';

/**
 * The slips of a buyer's purchases (docs/PRODUCT-RULES.md R161), in the public slip shape
 * (toSlipResponse). The picks (`market_type`, `odd`) of a slip the buyer paid for are shown, as to
 * its tipster; any other slip keeps the public visibility (picksVisible: picks only once settled),
 * so a pending or failed purchase never reveals them.
 */
@Injectable()
export class BoughtSlipsService {
  constructor(
    private readonly repo: SlipRepository,
    private readonly fixtures: FixturesService,
    private readonly config: AppConfig,
  ) {}

  /**
   * Slips `slipIds` by id (unknown ids left out), those in `paidSlipIds` with their picks.
   * Prices in Ksh with their NGN / UGX sale prices; game dates and results as the slip lists show them.
   */
  async forBuyer(
    slipIds: number[],
    paidSlipIds: ReadonlySet<number>,
  ): Promise<Map<number, SlipResponse>> {
    const ids = [...new Set(slipIds)];
    const { slips, tips } = await this.repo.load(ids);
    if (!slips.length) return new Map();
    const fixtureIds = [...new Set(tips.map((t) => t.fixtureId))];
    const [gameList, sources] = await Promise.all([
      this.fixtures.games(fixtureIds),
      this.fixtures.resultSources(fixtureIds),
    ]);
    const base = {
      games: new Map(gameList.map((g) => [g.id, g])),
      rates: this.config.currency,
      avatarUrl: (file: string | null) => avatarUrl(this.config.publicUrl, AVATAR_URL_PATH, file),
      sources,
    };
    return new Map(
      slips.map((s) => {
        const paid = paidSlipIds.has(s.id);
        const ctx = { ...base, isOwner: () => paid };
        return [
          s.id,
          toSlipResponse(
            s,
            tips.filter((t) => t.slipId === s.id),
            ctx,
          ),
        ];
      }),
    );
  }
}

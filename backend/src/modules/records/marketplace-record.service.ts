import { Inject, Injectable } from '@nestjs/common';
import { CLOCK, type Clock, freshAt } from '../../common/clock/clock';
import { ratingOf } from '../tipster-stats/domain/tipster-stats';
import { RecordsRepository } from './records.repository';

/** The marketplace's settled slips and measured hit rate (percent, 2 decimals). */
export interface MarketplaceRecord {
  settled: number;
  won: number;
  lost: number;
  void: number;
  hit_rate: number;
}

/** How long a process reuses the marketplace figures (ms, by the application's clock): they change only at settlement. */
export const MARKETPLACE_TTL_MS = 60_000;

/**
 * The marketplace's record (docs/PRODUCT-RULES.md "Records and responsible gambling"): the sums of
 * every tipster's precomputed record, read at most once per MARKETPLACE_TTL_MS per process.
 */
@Injectable()
export class MarketplaceRecordService {
  private cached: { value: MarketplaceRecord; until: number } | null = null;

  constructor(
    private readonly repo: RecordsRepository,
    @Inject(CLOCK) private readonly clock: Clock,
  ) {}

  /**
   * `GET /api/records/marketplace`: the measured hit rate of every settled slip of the marketplace
   * (won ÷ (won + lost), ratingOf), shown beside the spec's "accuracy of up to 95%" line.
   */
  async marketplace(): Promise<MarketplaceRecord> {
    const now = this.clock.now().getTime();
    if (this.cached && freshAt(now, this.cached.until, MARKETPLACE_TTL_MS))
      return this.cached.value;
    const t = await this.repo.marketplaceTotals();
    const value = {
      settled: t.won + t.lost,
      won: t.won,
      lost: t.lost,
      void: t.cancelled,
      hit_rate: ratingOf(t.won, t.lost),
    };
    this.cached = { value, until: now + MARKETPLACE_TTL_MS };
    return value;
  }
}

import { Module } from '@nestjs/common';
import { TipsterStatRepository } from './tipster-stat.repository';
import { TipsterStatService } from './tipster-stat.service';

/**
 * The tipster statistics (docs/ARCHITECTURE.md "modules/tipster-stats", "Layers": rank 0, below
 * slip and records, because it imports no feature module): their rules (`domain/tipster-stats.ts`)
 * and counters. Slip's publishing and settlement update the counters through `TipsterStatService`
 * inside their own transactions; slip's lists join them through tipster-stat.sql.ts.
 */
@Module({
  providers: [TipsterStatRepository, TipsterStatService],
  exports: [TipsterStatService],
})
export class TipsterStatsModule {}

import { Module } from '@nestjs/common';
import { TipsterStatRepository } from './tipster-stat.repository';
import { TipsterStatService } from './tipster-stat.service';

/**
 * The tipster statistics' counters (docs/ARCHITECTURE.md "Layers": part of records, ranked 1, below
 * slip, because it imports no module above rank 0): slip's publishing and settlement update them
 * through `TipsterStatService` inside their own transactions; slip's lists join them through
 * tipster-stat.sql.ts.
 */
@Module({
  providers: [TipsterStatRepository, TipsterStatService],
  exports: [TipsterStatService],
})
export class RecordsStatsModule {}

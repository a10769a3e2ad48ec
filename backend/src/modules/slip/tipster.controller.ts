import { Controller, Get, Query } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import { Public } from '../../common/decorators/public.decorator';
import { LeaderboardRow, TipsterStatsService } from './tipster-stats.service';

/** GET /v2/api/tipster/data/ (spec §7): the leaderboard. */
@ApiTags('slip')
@Controller('v2/api/tipster')
export class TipsterController {
  constructor(private readonly stats: TipsterStatsService) {}

  /** `?all=1[&weekly=1][&p=]` → `{ results, next }`, 100 a page, rating descending. */
  @Public()
  @Get(['data', 'data//'])
  leaderboard(@Query('weekly') weekly?: string, @Query('p') p?: string): Promise<{ results: LeaderboardRow[]; next: string | null }> {
    return this.stats.leaderboard(weekly === '1', p);
  }
}

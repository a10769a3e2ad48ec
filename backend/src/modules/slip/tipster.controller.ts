import { Controller, Get, Header, Query } from '@nestjs/common';
import { ApiOkResponse, ApiTags } from '@nestjs/swagger';
import { LeaderboardPageDto } from './dto/slip-responses.dto';
import { JsonBytes } from '../../common/cache/hot-json-cache';
import { VisitorFastPath } from '../../common/cache/visitor-response-cache';
import { Public } from '../../common/decorators/public.decorator';
import { SlipListCache } from './slip-list-cache';
import { LeaderboardRow, TipsterStatsService } from './tipster-stats.service';

/** GET /v2/api/tipster/data/ (docs/PRODUCT-RULES.md R142): the leaderboard. */
@ApiTags('slip')
@Controller('v2/api/tipster')
export class TipsterController {
  constructor(private readonly stats: TipsterStatsService) {}

  /** `?all=1[&weekly=1][&p=]` → `{ results, next }`, 100 a page, rating descending (pre-serialised, from the list cache). */
  @Public()
  @VisitorFastPath(SlipListCache)
  @Get(['data', 'data//'])
  @ApiOkResponse({ type: LeaderboardPageDto })
  @Header('Content-Type', 'application/json; charset=utf-8')
  leaderboard(
    @Query('weekly') weekly?: string,
    @Query('p') p?: string,
  ): Promise<JsonBytes<{ results: LeaderboardRow[]; next: string | null }>> {
    return this.stats.leaderboard(weekly === '1', p);
  }
}

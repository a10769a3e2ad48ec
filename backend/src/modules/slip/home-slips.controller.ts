import { Controller, Get, Header } from '@nestjs/common';
import { ApiOkResponse, ApiTags } from '@nestjs/swagger';
import { HomeSlipsResponseDto } from './dto/slip-responses.dto';
import { JsonBytes } from '../../common/cache/hot-json-cache';
import { VisitorFastPath } from '../../common/cache/visitor-response-cache';
import { Public } from '../../common/decorators/public.decorator';
import { SlipListCache } from './slip-list-cache';
import { SlipQueryService } from './slip-query.service';
import { SlipResponse } from './slip.mapper';

/**
 * GET /api/home/active and /api/home/finished (docs/PRODUCT-RULES.md R140; /api/home is shared with
 * fixtures' top-games).
 */
@ApiTags('slip')
@Controller('api/home')
export class HomeSlipsController {
  constructor(private readonly query: SlipQueryService) {}

  /** `{ slips }`: the 12 Popular active slips (best sellers of 7 days, then rating), picks hidden (pre-serialised, from the list cache). */
  @Public()
  @VisitorFastPath(SlipListCache)
  @Get('active')
  @ApiOkResponse({ type: HomeSlipsResponseDto })
  @Header('Content-Type', 'application/json; charset=utf-8')
  active(): Promise<JsonBytes<{ slips: SlipResponse[] }>> {
    return this.query.homeActive();
  }

  /** `{ slips }`: the 12 latest settled slips with picks and results (pre-serialised, from the list cache). */
  @Public()
  @VisitorFastPath(SlipListCache)
  @Get('finished')
  @ApiOkResponse({ type: HomeSlipsResponseDto })
  @Header('Content-Type', 'application/json; charset=utf-8')
  finished(): Promise<JsonBytes<{ slips: SlipResponse[] }>> {
    return this.query.homeFinished();
  }
}

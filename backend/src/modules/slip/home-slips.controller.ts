import { Controller, Get } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import { Public } from '../../common/decorators/public.decorator';
import { SlipQueryService } from './slip-query.service';
import { SlipResponse } from './slip.mapper';

/** GET /api/home/active and /api/home/finished (spec §7; /api/home is shared with fixtures' top-games). */
@ApiTags('slip')
@Controller('api/home')
export class HomeSlipsController {
  constructor(private readonly query: SlipQueryService) {}

  /** `{ slips }`: the 12 newest active slips, picks hidden. */
  @Public()
  @Get('active')
  active(): Promise<{ slips: SlipResponse[] }> {
    return this.query.homeActive();
  }

  /** `{ slips }`: the 12 latest settled slips with picks and results. */
  @Public()
  @Get('finished')
  finished(): Promise<{ slips: SlipResponse[] }> {
    return this.query.homeFinished();
  }
}

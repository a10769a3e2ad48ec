import { Controller, Get, Param, Query } from '@nestjs/common';
import { ApiBadRequestResponse, ApiNotFoundResponse, ApiOkResponse, ApiQuery, ApiTags } from '@nestjs/swagger';
import { Public } from '../../common/decorators/public.decorator';
import { TipsterRecordDto } from './dto/records-responses.dto';
import { RecordsService, TipsterRecord } from './records.service';

/** Public tipster records (docs/PRODUCT-RULES.md "Records and responsible gambling"). */
@ApiTags('records')
@Controller('api/records')
export class RecordsController {
  constructor(private readonly records: RecordsService) {}

  /** `GET /api/records/tipster/{username}[?stake=100]`; 404 `{message}` for an unknown user, 400 for a bad stake. */
  @Public()
  @Get('tipster/:username')
  @ApiQuery({ name: 'stake', required: false, description: 'Whole Ksh staked on each slip for buyer_return (1-1000000, default 100)' })
  @ApiOkResponse({ type: TipsterRecordDto })
  @ApiNotFoundResponse({ description: '{ message: "User not found" }' })
  @ApiBadRequestResponse({ description: '{ message } for a stake that is not whole Ksh 1-1000000' })
  tipster(@Param('username') username: string, @Query('stake') stake?: string): Promise<TipsterRecord> {
    return this.records.tipster(username, stake);
  }
}

import { Controller, Get, Param, Query } from '@nestjs/common';
import {
  ApiBadRequestResponse,
  ApiNotFoundResponse,
  ApiOkResponse,
  ApiQuery,
  ApiTags,
} from '@nestjs/swagger';
import { Public } from '../../common/decorators/public.decorator';
import { MarketplaceRecordDto, TipsterRecordDto } from './dto/records-responses.dto';
import { MarketplaceRecord, MarketplaceRecordService } from './marketplace-record.service';
import { RecordsService, TipsterRecord } from './records.service';

/** Public tipster records (docs/PRODUCT-RULES.md "Records and responsible gambling"). */
@ApiTags('records')
@Controller('api/records')
export class RecordsController {
  constructor(
    private readonly records: RecordsService,
    private readonly marketplaceRecord: MarketplaceRecordService,
  ) {}

  /** `GET /api/records/marketplace`: settled slips of every tipster and the measured hit rate. */
  @Public()
  @Get('marketplace')
  @ApiOkResponse({ type: MarketplaceRecordDto })
  marketplace(): Promise<MarketplaceRecord> {
    return this.marketplaceRecord.marketplace();
  }

  /** `GET /api/records/tipster/{username}[?stake=100]`; 404 `{message}` for an unknown user, 400 for a bad stake. */
  @Public()
  @Get('tipster/:username')
  @ApiQuery({
    name: 'stake',
    required: false,
    description: 'Whole Ksh staked on each slip for buyer_return (1-1000000, default 100)',
  })
  @ApiOkResponse({ type: TipsterRecordDto })
  @ApiNotFoundResponse({ description: '{ message: "User not found" }' })
  @ApiBadRequestResponse({ description: '{ message } for a stake that is not whole Ksh 1-1000000' })
  tipster(
    @Param('username') username: string,
    @Query('stake') stake?: string,
  ): Promise<TipsterRecord> {
    return this.records.tipster(username, stake);
  }
}

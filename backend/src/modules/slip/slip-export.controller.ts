import { applyDecorators, Controller, Get, Header, Query, StreamableFile } from '@nestjs/common';
import {
  ApiBadRequestResponse,
  ApiOkResponse,
  ApiProduces,
  ApiQuery,
  ApiTags,
} from '@nestjs/swagger';
import { Readable } from 'stream';
import { Public } from '../../common/decorators/public.decorator';
import { ExportSlipDto } from './dto/slip-responses.dto';
import { SlipExportService } from './slip-export.service';

/** The export's query parameters in the OpenAPI document. */
const ExportQueryDocs = () =>
  applyDecorators(
    ApiQuery({
      name: 'tipster',
      required: false,
      description: "Only this tipster's slips (username)",
    }),
    ApiQuery({
      name: 'from',
      required: false,
      description: 'Published on or after this Africa/Nairobi day, YYYY-MM-DD',
    }),
    ApiQuery({
      name: 'to',
      required: false,
      description: 'Published on or before this Africa/Nairobi day, YYYY-MM-DD',
    }),
  );

/**
 * Public export of published slips (docs/PRODUCT-RULES.md "Records and responsible gambling"):
 * streamed CSV or JSON, oldest first; finished slips with their legs, slips on sale without.
 */
@ApiTags('slip')
@Controller('api/export')
export class SlipExportController {
  constructor(private readonly exports: SlipExportService) {}

  /** `?tipster=&from=&to=` → CSV (header row, one row per leg; a slip on sale one row without leg columns). 400 {message} on bad dates. */
  @Public()
  @Get('slips.csv')
  @ApiProduces('text/csv')
  @ApiOkResponse({
    description:
      'CSV, RFC 4180: slip_id,tipster,published_at,first_kickoff,price_ksh,accumulator,status,leg,fixture,home_team,away_team,market_id,market_type,market,quoted_odd,closing_odd,result,score,commitment,log_index',
    content: { 'text/csv': { schema: { type: 'string' } } },
  })
  @ApiBadRequestResponse({ description: '{message}: from/to not YYYY-MM-DD, or from after to' })
  @ExportQueryDocs()
  @Header('Content-Disposition', 'attachment; filename="slips.csv"')
  async csv(
    @Query('tipster') tipster?: string,
    @Query('from') from?: string,
    @Query('to') to?: string,
  ): Promise<StreamableFile> {
    const f = await this.exports.filter({ tipster, from, to });
    return new StreamableFile(Readable.from(this.exports.csv(f)), {
      type: 'text/csv; charset=utf-8',
    });
  }

  /** `?tipster=&from=&to=` → a JSON array of slips, streamed. 400 {message} on bad dates. */
  @Public()
  @Get('slips.json')
  @ApiOkResponse({ type: [ExportSlipDto] })
  @ApiBadRequestResponse({ description: '{message}: from/to not YYYY-MM-DD, or from after to' })
  @ExportQueryDocs()
  async json(
    @Query('tipster') tipster?: string,
    @Query('from') from?: string,
    @Query('to') to?: string,
  ): Promise<StreamableFile> {
    const f = await this.exports.filter({ tipster, from, to });
    return new StreamableFile(Readable.from(this.exports.json(f)), {
      type: 'application/json; charset=utf-8',
    });
  }
}

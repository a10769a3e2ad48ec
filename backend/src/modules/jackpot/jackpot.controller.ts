import { Controller, Get, Query } from '@nestjs/common';
import { ApiBadRequestResponse, ApiOkResponse, ApiQuery, ApiTags } from '@nestjs/swagger';
import { JackpotHistoryResponseDto, JackpotsResponseDto } from './dto/jackpot-responses.dto';
import { Public } from '../../common/decorators/public.decorator';
import { JackpotHistoryItem, JackpotResponse } from './jackpot.mapper';
import { JackpotService } from './jackpot.service';

/** Public jackpot routes (docs/PRODUCT-RULES.md R140). */
@ApiTags('jackpot')
@Controller('api/jackpot')
export class JackpotController {
  constructor(private readonly jackpots: JackpotService) {}

  /** GET /api/jackpot/get-all-jackpots → `{ data }`: the current SP/BT Mega and Mid Week jackpots. */
  @Public()
  @Get('get-all-jackpots')
  @ApiOkResponse({ type: JackpotsResponseDto })
  async all(): Promise<{ data: JackpotResponse[] }> {
    return { data: await this.jackpots.currentAll() };
  }

  /**
   * GET /api/jackpot/history[?company=SP|BT&type=MG|MW&before=<id>&limit=1-50] → `{ data, next_before }`:
   * past (scored) rounds newest first; 400 `{message}` for a bad query.
   */
  @Public()
  @Get('history')
  @ApiQuery({ name: 'company', required: false, enum: ['SP', 'BT'] })
  @ApiQuery({ name: 'type', required: false, enum: ['MG', 'MW'] })
  @ApiQuery({
    name: 'before',
    required: false,
    description: 'Jackpot id: rounds entered before it (next_before of the previous page)',
  })
  @ApiQuery({ name: 'limit', required: false, description: 'Rounds per page, 1-50 (default 20)' })
  @ApiOkResponse({ type: JackpotHistoryResponseDto })
  @ApiBadRequestResponse({
    description: '{ message } for an unknown company or type, a bad before or a limit outside 1-50',
  })
  history(
    @Query('company') company?: string,
    @Query('type') type?: string,
    @Query('before') before?: string,
    @Query('limit') limit?: string,
  ): Promise<{ data: JackpotHistoryItem[]; next_before: number | null }> {
    return this.jackpots.history({ company, type, before, limit });
  }
}

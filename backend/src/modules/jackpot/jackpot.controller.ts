import { Controller, Get } from '@nestjs/common';
import { ApiOkResponse, ApiTags } from '@nestjs/swagger';
import { JackpotsResponseDto } from './dto/jackpot-responses.dto';
import { Public } from '../../common/decorators/public.decorator';
import { JackpotResponse } from './jackpot.mapper';
import { JackpotService } from './jackpot.service';

/** Public jackpot routes (spec §7). */
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
}

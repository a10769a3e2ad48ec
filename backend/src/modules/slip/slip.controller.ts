import { Body, Controller, Get, Header, HttpCode, Param, Post } from '@nestjs/common';
import { ApiCreatedResponse, ApiOkResponse, ApiTags } from '@nestjs/swagger';
import {
  CanPostResponseDto,
  FreeTipsResponseDto,
  PublishedSlipResponseDto,
  SlipLimitsResponseDto,
  SlipQuoteResponseDto,
  SlipResponseDto,
} from './dto/slip-responses.dto';
import { CurrentUser } from '../../common/decorators/current-user.decorator';
import { Public } from '../../common/decorators/public.decorator';
import type { AuthUser } from '../../common/guards/auth-user';
import { AccountService } from '../account/account.service';
import { CreateSlipDto, QuoteSlipDto } from './dto/create-slip.dto';
import { CanPost, SlipPublishService, SlipQuote } from './slip-publish.service';
import { SlipQueryService } from './slip-query.service';
import { FreeTipResponse, FreeTipService } from './free-tip.service';
import { SlipError, SlipErrorCode } from './slip.errors';
import { SLIP_LIMITS, SlipLimits } from './slip-limits';
import { SlipResponse } from './slip.mapper';

/** /api/slip routes owned by the slip module (docs/PRODUCT-RULES.md R140). */
@ApiTags('slip')
@Controller('api/slip')
export class SlipController {
  constructor(
    private readonly publisher: SlipPublishService,
    private readonly query: SlipQueryService,
    private readonly freeTips: FreeTipService,
    private readonly accounts: AccountService,
  ) {}

  /**
   * POST /api/slip/create (auth) → 201 `{ message: 'Successfully Published Tips', id }`, plus
   * `access` (a fresh access token of the same session, role `tipster`) when the caller's token
   * still said `user`: the first published slip makes them a tipster (docs/PRODUCT-RULES.md R55),
   * and the frontend stores the new token so the back office shows their slips and earnings at
   * once.
   */
  @Post('create')
  @HttpCode(201)
  @ApiCreatedResponse({ type: PublishedSlipResponseDto })
  async create(
    @CurrentUser() user: AuthUser,
    @Body() body: CreateSlipDto,
  ): Promise<{ message: string; id: number; access?: string }> {
    const { id } = await this.publisher.publish(user.id, body);
    if (user.role !== 'user') return { message: 'Successfully Published Tips', id };
    return {
      message: 'Successfully Published Tips',
      id,
      access: await this.accounts.renewAccessToken(user),
    };
  }

  /**
   * POST /api/slip/quote (auth) `{ tips: [{game, market}] }` → 200 `{ accumulator, accumulator_in_range,
   * tips }`: the odds and total odds publishing would quote now (the slip builder shows them); 400
   * `{error, game}` as POST /api/slip/create for a malformed, repeated or unavailable tip. A read
   * that stores nothing: like can-post it trusts the access token for its life (publishing checks a ban).
   */
  @Post('quote')
  @HttpCode(200)
  @ApiOkResponse({ type: SlipQuoteResponseDto })
  quote(@Body() body: QuoteSlipDto): Promise<SlipQuote> {
    return this.publisher.quote(body);
  }

  /** GET /api/slip/can-post (auth) → `{ can_post, remaining }`. */
  @Get('can-post')
  @ApiOkResponse({ type: CanPostResponseDto })
  canPost(@CurrentUser() user: AuthUser): Promise<CanPost> {
    return this.publisher.canPost(user.id);
  }

  /**
   * GET /api/slip/limits (public) → the slip-building limits and their messages (slip-limits.ts).
   * Constants of the build: browsers and proxies may keep the answer for an hour.
   */
  @Public()
  @Get('limits')
  @Header('Cache-Control', 'public, max-age=3600')
  @ApiOkResponse({ type: SlipLimitsResponseDto })
  limits(): Readonly<SlipLimits> {
    return SLIP_LIMITS;
  }

  /** GET /api/slip/get/{id} → the slip (picks hidden until settled, except for its tipster). 404 when unknown. */
  @Public()
  @Get('get/:id')
  @ApiOkResponse({ type: SlipResponseDto })
  get(
    @Param('id') id: string,
    @CurrentUser({ optional: true }) user?: AuthUser,
  ): Promise<SlipResponse> {
    if (!/^\d{1,9}$/.test(id)) throw new SlipError(SlipErrorCode.SLIP_NOT_FOUND);
    return this.query.one(Number(id), user);
  }

  /** GET /api/slip/free → `{ data: [{ fixture: {game_date, home_team, away_team, league}, m_market: {type, value} }] }`. */
  @Public()
  @Get('free')
  @ApiOkResponse({ type: FreeTipsResponseDto })
  free(): Promise<{ data: FreeTipResponse[] }> {
    return this.freeTips.list();
  }
}

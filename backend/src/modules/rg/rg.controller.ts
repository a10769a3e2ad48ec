import { Body, Controller, HttpCode, Post } from '@nestjs/common';
import { ApiOkResponse, ApiTags } from '@nestjs/swagger';
import { Public } from '../../common/decorators/public.decorator';
import { minutesText, RateLimit, type RateLimitRules } from '../../common/guards/rate-limit.guard';
import { MessageResponse } from '../../common/openapi/api-shapes';
import { RgCodeDto, RgLimitDto, RgSelfExclusionDto, RgViewDto } from './dto/rg-input.dto';
import { RgService, RgView } from './rg.service';

const MINUTE = 60_000;

/** Codes sent per phone and per client address (each code is an SMS we pay for). */
export const RG_CODE_RATE_LIMITS = {
  phone: {
    limit: 5,
    ttlMs: 60 * MINUTE,
    message: (s: number) => `Too many codes for this phone number. Try again in ${minutesText(s)}.`,
  },
  address: { limit: 30, ttlMs: 60 * MINUTE },
} as const satisfies RateLimitRules;

/** Limit and exclusion changes per client address (the code itself allows 5 guesses). */
export const RG_CHANGE_RATE_LIMITS = {
  address: { limit: 60, ttlMs: 10 * MINUTE },
} as const satisfies RateLimitRules;

/**
 * Responsible gambling by phone (docs/PRODUCT-RULES.md "Records and responsible gambling"): a
 * one-time SMS code, then a daily spend cap or a self-exclusion. Public: holding the phone is the proof.
 */
@ApiTags('responsible-gambling')
@Public()
@Controller('api/rg')
export class RgController {
  constructor(private readonly rg: RgService) {}

  /** {phone} → texts a 6-digit code (10 minutes) → {message: 'Code sent'}; 429 within a minute of the last. */
  @Post('code')
  @HttpCode(200)
  @RateLimit(RG_CODE_RATE_LIMITS)
  @ApiOkResponse({ type: MessageResponse })
  code(@Body() body: RgCodeDto): Promise<{ message: string }> {
    return this.rg.sendCode(body.phone);
  }

  /** {phone, code, daily_cap_ksh} → the phone's controls; a lower cap at once, a higher one after 24 h. */
  @Post('limit')
  @HttpCode(200)
  @RateLimit(RG_CHANGE_RATE_LIMITS)
  @ApiOkResponse({ type: RgViewDto })
  limit(@Body() body: RgLimitDto): Promise<RgView> {
    return this.rg.setDailyCap(body.phone, body.code, body.daily_cap_ksh);
  }

  /** {phone, code, period: '1m'|'6m'|'1y'} → the phone's controls; a running exclusion is never shortened. */
  @Post('self-exclusion')
  @HttpCode(200)
  @RateLimit(RG_CHANGE_RATE_LIMITS)
  @ApiOkResponse({ type: RgViewDto })
  selfExclusion(@Body() body: RgSelfExclusionDto): Promise<RgView> {
    return this.rg.selfExclude(body.phone, body.code, body.period);
  }
}

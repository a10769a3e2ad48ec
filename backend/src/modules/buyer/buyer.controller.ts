import { Body, Controller, Get, HttpCode, Post, Query } from '@nestjs/common';
import { ApiOkResponse, ApiQuery, ApiTags } from '@nestjs/swagger';
import { Public } from '../../common/decorators/public.decorator';
import { PHONE_LOOKUP_LIMIT } from '../../common/guards/rate-limit.constants';
import { RateLimit, type RateLimitRules } from '../../common/guards/rate-limit.guard';
import { MessageResponse } from '../../common/openapi/api-shapes';
import { RG_CODE_RATE_LIMITS } from '../rg/rg.controller';
import { BuyerCodeDto, BuyerPurchasesPageDto } from './dto/buyer.dto';
import { BuyerPurchasesPage, BuyerService } from './buyer.service';

/** Codes sent per phone and per client address: as the responsible-gambling codes (each is an SMS we pay for). */
export const BUYER_CODE_RATE_LIMITS = RG_CODE_RATE_LIMITS;

/**
 * History reads per phone, as the subscriber panel (PHONE_LOOKUP_LIMIT); per client address the
 * `ip` throttler (RATE_LIMIT_PER_IP) counts them, the address being the socket's unless TRUST_PROXY names the proxy.
 */
export const BUYER_PURCHASES_RATE_LIMITS = {
  phone: { ...PHONE_LOOKUP_LIMIT, from: { query: 'phone' } },
} as const satisfies RateLimitRules;

/**
 * A buyer's history (docs/PRODUCT-RULES.md R160-R163): a one-time SMS code, then every purchase
 * of the phone. Public: holding the phone is the proof.
 */
@ApiTags('buyer')
@Public()
@Controller('api/buyer')
export class BuyerController {
  constructor(private readonly buyer: BuyerService) {}

  /** {phone} → texts a 6-digit code (10 minutes) → {message: 'Code sent'}; 429 within a minute of the last. */
  @Post('code')
  @HttpCode(200)
  @RateLimit(BUYER_CODE_RATE_LIMITS)
  @ApiOkResponse({ type: MessageResponse })
  code(@Body() body: BuyerCodeDto): Promise<{ message: string }> {
    return this.buyer.sendCode(body.phone);
  }

  /** ?phone=&code=[&before=] → {data: purchases newest first, next}; 400 for a wrong phone, code or cursor. */
  @Get('purchases')
  @RateLimit(BUYER_PURCHASES_RATE_LIMITS)
  @ApiQuery({ name: 'phone', required: true, description: 'the phone the code was sent to' })
  @ApiQuery({
    name: 'code',
    required: true,
    description: 'the 6-digit code of POST /api/buyer/code (good for 10 minutes, for every page)',
  })
  @ApiQuery({ name: 'before', required: false, description: 'the `next` of the previous page' })
  @ApiOkResponse({ type: BuyerPurchasesPageDto })
  purchases(
    @Query('phone') phone?: unknown,
    @Query('code') code?: unknown,
    @Query('before') before?: unknown,
  ): Promise<BuyerPurchasesPage> {
    return this.buyer.purchasesOf(phone, code, before);
  }
}

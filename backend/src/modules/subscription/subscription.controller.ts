import { Body, Controller, Get, HttpCode, Param, Post, Query } from '@nestjs/common';
import { ApiOkResponse, ApiQuery, ApiTags } from '@nestjs/swagger';
import { MessageResponse } from '../../common/openapi/api-shapes';
import {
  SubscriptionKindsResponseDto,
  SubscriptionSlipsResponseDto,
} from './dto/subscription-responses.dto';
import { Public } from '../../common/decorators/public.decorator';
import { PHONE_LOOKUP_LIMIT } from '../../common/guards/rate-limit.constants';
import { RateLimit } from '../../common/guards/rate-limit.guard';
import { STK_PUSH_RATE_LIMITS } from '../processor/stk-push.limits';
import { SubscribeDto } from './dto/subscribe.dto';
import { SubscriptionKindView, SubscriptionService } from './subscription.service';

/** Subscriber panel look-ups per phone (and, by the module's `ip` throttler, per client address). */
export const SUBSCRIPTION_SLIPS_LIMIT = PHONE_LOOKUP_LIMIT;

/**
 * Subscription routes (docs/PRODUCT-RULES.md R140): kinds, the STK purchase and the subscriber
 * panel.
 */
@ApiTags('subscription')
@Public()
@Controller('api')
export class SubscriptionController {
  constructor(private readonly subscriptions: SubscriptionService) {}

  /** → {gold, bronze, silver}, each {price, type, title, description, days}; price in Ksh ('500.00'). */
  @Get('manage/get-subscription-kind')
  @ApiOkResponse({ type: SubscriptionKindsResponseDto })
  kinds(): Promise<Record<string, SubscriptionKindView>> {
    return this.subscriptions.kinds();
  }

  /**
   * {phone, type, days} → STK push for the kind's price → {message: 'Request Sent'}; 409 while a
   * subscription prompt is still open on the phone; 429 past STK_PUSH_RATE_LIMITS.
   */
  @Post('processor/subscribe')
  @ApiOkResponse({ type: MessageResponse })
  @RateLimit(STK_PUSH_RATE_LIMITS)
  @HttpCode(200)
  subscribe(@Body() body: SubscribeDto): Promise<{ message: string }> {
    return this.subscriptions.subscribe(body.phone, body.type);
  }

  /**
   * ?code= the purchase code of the subscription SMS or the payment's M-Pesa receipt →
   * {data: today's premium slips} for an active subscriber; 400 without a code; 404 {message}
   * alike for a phone without subscription and a wrong code; 429 past SUBSCRIPTION_SLIPS_LIMIT.
   */
  @Get('manage/get-subscription-slips/:phone')
  @ApiOkResponse({ type: SubscriptionSlipsResponseDto })
  @RateLimit({ phone: { ...SUBSCRIPTION_SLIPS_LIMIT, from: { param: 'phone' } } })
  @ApiQuery({
    name: 'code',
    required: true,
    description: 'Purchase code from the subscription SMS, or the M-Pesa receipt',
  })
  slips(@Param('phone') phone: string, @Query('code') code?: string): Promise<{ data: unknown[] }> {
    return this.subscriptions.premiumSlips(phone, code);
  }
}

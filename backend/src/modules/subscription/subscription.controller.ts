import { Body, Controller, Get, HttpCode, Param, Post } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import { Public } from '../../common/decorators/public.decorator';
import { SubscribeDto } from './dto/subscribe.dto';
import { SubscriptionKindView, SubscriptionService } from './subscription.service';

/** Spec §7 subscription rows: kinds, the STK purchase and the subscriber panel. */
@ApiTags('subscription')
@Public()
@Controller('api')
export class SubscriptionController {
  constructor(private readonly subscriptions: SubscriptionService) {}

  /** → {gold, bronze, silver}, each {price, type, title, description, days}; price in Ksh ('500.00'). */
  @Get('manage/get-subscription-kind')
  kinds(): Promise<Record<string, SubscriptionKindView>> {
    return this.subscriptions.kinds();
  }

  /** {phone, type, days} → STK push for the kind's price → {message: 'Request Sent'}. */
  @Post('processor/subscribe')
  @HttpCode(200)
  subscribe(@Body() body: SubscribeDto): Promise<{ message: string }> {
    return this.subscriptions.subscribe(body.phone, body.type);
  }

  /** → {data: today's premium slips} for an active subscriber, else 404 {message}. */
  @Get('manage/get-subscription-slips/:phone')
  slips(@Param('phone') phone: string): Promise<{ data: unknown[] }> {
    return this.subscriptions.premiumSlips(phone);
  }
}

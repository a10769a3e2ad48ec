import { Controller, Get, Query } from '@nestjs/common';
import { ApiOkResponse, ApiProperty, ApiQuery, ApiTags } from '@nestjs/swagger';
import { Public } from '../../../common/decorators/public.decorator';
import { UNSUBSCRIBE_PATH } from './consent.constants';
import { MarketingConsentService } from './marketing-consent.service';

/** The answer of the unsubscribe link. */
export class UnsubscribeResultDto {
  @ApiProperty({ example: 'You will receive no more marketing messages on this channel' })
  message: string;
  @ApiProperty({ enum: ['sms', 'email'] }) channel: string;
}

/**
 * The unsubscribe link (docs/PRODUCT-RULES.md R234): `GET /api/notifications/unsubscribe?token=`,
 * no login; the signed token names the channel and recipient. Idempotent; a bad token is 400.
 */
@ApiTags('notifications')
@Public()
@Controller()
export class UnsubscribeController {
  constructor(private readonly consent: MarketingConsentService) {}

  @Get(UNSUBSCRIBE_PATH.replace(/^\//, ''))
  @ApiQuery({ name: 'token', required: true, description: 'The signed token of the link' })
  @ApiOkResponse({ type: UnsubscribeResultDto })
  async unsubscribe(@Query('token') token: unknown): Promise<UnsubscribeResultDto> {
    const { channel } = await this.consent.unsubscribe(token);
    return { message: 'You will receive no more marketing messages on this channel', channel };
  }
}

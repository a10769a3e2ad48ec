import { Body, Controller, HttpCode, NotFoundException, Param, Post } from '@nestjs/common';
import { ApiExcludeController } from '@nestjs/swagger';
import { Public } from '../../../common/decorators/public.decorator';
import { sameSecret } from '../../../common/security/same-secret';
import { AppConfig } from '../../../config/app-config';
import { parseIncomingMessage } from '../../../providers/africastalking/incoming-message';
import { ProviderCallbackError } from '../../../providers/common/provider-errors';
import { ConsentError, ConsentErrorCode } from './consent.errors';
import { AT_INBOUND_SMS_PATH } from './consent.constants';
import { MarketingConsentService } from './marketing-consent.service';

/**
 * Africa's Talking incoming SMS (docs/PROVIDERS.md §3.7): POST form-encoded to
 * `AT_INBOUND_SMS_PATH/{AT_CALLBACK_TOKEN}`; a wrong token is 404 (the path is the secret, as for
 * delivery reports). STOP, STOP ALL or UNSUBSCRIBE opts the sender out of marketing SMS
 * (docs/PRODUCT-RULES.md R233); a body that is not a notification is 400.
 */
@ApiExcludeController()
@Public()
@Controller()
export class SmsInboundController {
  constructor(
    private readonly config: AppConfig,
    private readonly consent: MarketingConsentService,
  ) {}

  @Post(`${AT_INBOUND_SMS_PATH.replace(/^\//, '')}/:token`)
  @HttpCode(200)
  async inbound(@Param('token') token: string, @Body() body: unknown): Promise<{ status: string }> {
    if (!sameSecret(token, this.config.africasTalking.callbackToken)) throw new NotFoundException();
    let message;
    try {
      message = parseIncomingMessage(body);
    } catch (err) {
      if (err instanceof ProviderCallbackError)
        throw new ConsentError(
          ConsentErrorCode.INVALID_INBOUND_SMS,
          `Not an incoming SMS notification: ${err.message.replace(/^.*?: /, '')}`,
        );
      throw err;
    }
    return { status: await this.consent.applyIncomingSms(message) };
  }
}

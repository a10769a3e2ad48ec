import { Body, Controller, HttpCode, NotFoundException, Param, Post } from '@nestjs/common';
import { ApiExcludeController } from '@nestjs/swagger';
import { Public } from '../../../common/decorators/public.decorator';
import { AppConfig } from '../../../config/app-config';
import { parseDeliveryReport } from '../../../providers/africastalking/africastalking.client';
import { ProviderCallbackError } from '../../../providers/common/provider-errors';
import { AT_DELIVERY_REPORT_PATH } from './sms.constants';
import { DeliveryReportBatcher } from './delivery-report-batcher';
import { sameSecret } from '../../../common/security/same-secret';

/**
 * Africa's Talking delivery reports (docs/PROVIDERS.md §3.3): POST form-encoded to
 * `AT_DELIVERY_REPORT_PATH/{AT_CALLBACK_TOKEN}`; a wrong token is 404 (the path is the secret).
 */
@ApiExcludeController()
@Public()
@Controller()
export class SmsDeliveryReportController {
  constructor(
    private readonly config: AppConfig,
    private readonly reports: DeliveryReportBatcher,
  ) {}

  @Post(`${AT_DELIVERY_REPORT_PATH.replace(/^\//, '')}/:token`)
  @HttpCode(200)
  async report(@Param('token') token: string, @Body() body: unknown): Promise<{ status: string }> {
    if (!sameSecret(token, this.config.africasTalking.callbackToken)) throw new NotFoundException();
    let report;
    try {
      report = parseDeliveryReport(body);
    } catch (err) {
      if (err instanceof ProviderCallbackError) return { status: 'ignored' };
      throw err;
    }
    await this.reports.submit(report);
    return { status: 'ok' };
  }
}

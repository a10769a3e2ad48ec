import { Body, Controller, HttpCode, Logger, Post, Res, UseGuards } from '@nestjs/common';
import {
  ApiBody,
  ApiConsumes,
  ApiForbiddenResponse,
  ApiOkResponse,
  ApiProduces,
  ApiProperty,
  ApiPropertyOptional,
  ApiQuery,
  ApiTags,
} from '@nestjs/swagger';
import type { FastifyReply } from 'fastify';
import { Public } from '../../common/decorators/public.decorator';
import { AppConfig } from '../../config/app-config';
import { UssdCallbackGuard } from './ussd-callback.guard';
import { USSD_CALLBACK_PATH } from './ussd.constants';
import { UssdMenuService } from './ussd-menu.service';
import { USSD_MESSAGES } from './ussd.messages';

/** Africa's Talking's USSD request body (form-encoded). */
export class UssdRequestDto {
  @ApiProperty({ example: 'ATUid_8ab2f0c1e7d34b6e' }) sessionId: string;
  @ApiProperty({ example: '*384*123#' }) serviceCode: string;
  @ApiProperty({ example: '+254711082123' }) phoneNumber: string;
  @ApiPropertyOptional({ example: '63902', description: 'Safaricom 63902, Airtel 63903' })
  networkCode?: string;
  @ApiProperty({
    example: '1*2',
    description: "The answers so far joined by '*'; empty on the first request",
  })
  text: string;
}

/**
 * POST /api/ussd/africastalking?key=… (docs/PRODUCT-RULES.md R170-R179): one USSD screen as
 * `text/plain` `CON …` or `END …`. Never a 5xx: an unexpected failure is logged and answered
 * with an END line (AT shows a 5xx as a network error to the buyer).
 */
@ApiTags('ussd')
@Public()
@Controller()
export class UssdController {
  private readonly logger = new Logger(UssdController.name);

  constructor(
    private readonly menu: UssdMenuService,
    private readonly config: AppConfig,
  ) {}

  @Post(USSD_CALLBACK_PATH.replace(/^\//, ''))
  @UseGuards(UssdCallbackGuard)
  @HttpCode(200)
  @ApiQuery({ name: 'key', required: false, description: 'USSD_CALLBACK_KEY' })
  @ApiConsumes('application/x-www-form-urlencoded')
  @ApiBody({ type: UssdRequestDto })
  @ApiProduces('text/plain')
  @ApiOkResponse({
    description: 'CON … (menu goes on) or END … (session ends), at most 182 characters',
    content: {
      'text/plain': {
        schema: { type: 'string', example: "CON TipsKE tips by SMS\n1 Today's top slips" },
      },
    },
  })
  @ApiForbiddenResponse({
    description: 'Wrong or missing key, or an address outside USSD_ALLOWED_IPS',
  })
  async answer(
    @Body() body: unknown,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<string> {
    void reply.type('text/plain; charset=utf-8').header('cache-control', 'no-store');
    const req = body !== null && typeof body === 'object' ? (body as Record<string, unknown>) : {};
    try {
      return await this.menu.answer(req);
    } catch (err) {
      this.logger.error(
        { err: err instanceof Error ? err.message : String(err) },
        'ussd answer failed',
      );
      return USSD_MESSAGES.busy();
    }
  }
}

import { Body, Controller, Delete, Get, HttpCode, Param, Post, Query } from '@nestjs/common';
import {
  ApiAcceptedResponse,
  ApiBody,
  ApiNoContentResponse,
  ApiOkResponse,
  ApiTags,
} from '@nestjs/swagger';
import { MessageResponse } from '../../common/openapi/api-shapes';
import { FaultDto, OutboundViewDto, SANDBOX_RECORD, SetFaultDto } from './sandbox-api.dto';
import { Public } from '../../common/decorators/public.decorator';
import { Fault } from '../faults/fault.repository';
import { OutboundView } from '../outbound/outbound.repository';
import { SandboxAdminService } from './sandbox-admin.service';

/** JSON helpers for tests and debugging under /sandbox/api (never in production). */
@ApiTags('sandbox')
@Public()
@Controller('sandbox/api')
export class SandboxApiController {
  constructor(private readonly admin: SandboxAdminService) {}

  /** Callbacks sent (or queued, or given up), newest first: `?reference=&kind=&limit=`. */
  @Get('deliveries')
  @ApiOkResponse({ type: [OutboundViewDto] })
  deliveries(@Query() query: Record<string, unknown>): Promise<OutboundView[]> {
    return this.admin.deliveries(query);
  }

  @Get('faults')
  @ApiOkResponse({ type: [FaultDto] })
  faults(): Promise<Fault[]> {
    return this.admin.listFaults();
  }

  /** `{target, count, status?}`: make the next calls of a sandbox endpoint fail, or drop callbacks. */
  @Post('faults')
  @HttpCode(200)
  @ApiBody({ type: SetFaultDto })
  @ApiOkResponse({ type: FaultDto })
  setFault(@Body() body: unknown): Promise<Fault> {
    return this.admin.setFault(body);
  }

  @Delete('faults')
  @HttpCode(204)
  @ApiNoContentResponse({ description: 'Every fault cleared' })
  clearFaults(): Promise<void> {
    return this.admin.clearFaults();
  }

  @Get('daraja/stk/:checkoutRequestId')
  @ApiOkResponse({ schema: SANDBOX_RECORD, description: 'The STK push as the sandbox holds it' })
  stk(@Param('checkoutRequestId') checkoutRequestId: string): Promise<Record<string, unknown>> {
    return this.admin.stkState(checkoutRequestId);
  }

  /** Sends the prompt's STK callback again (a repeated delivery). */
  @Post('daraja/stk/:checkoutRequestId/resend-callback')
  @HttpCode(202)
  @ApiAcceptedResponse({ type: MessageResponse })
  async resendStk(
    @Param('checkoutRequestId') checkoutRequestId: string,
  ): Promise<{ message: string }> {
    await this.admin.resendStkCallback(checkoutRequestId);
    return { message: 'Callback queued' };
  }

  @Get('daraja/b2c/:conversationId')
  @ApiOkResponse({ schema: SANDBOX_RECORD, description: 'The B2C payment as the sandbox holds it' })
  b2c(@Param('conversationId') conversationId: string): Promise<Record<string, unknown>> {
    return this.admin.b2cState(conversationId);
  }

  /** Sends a Flutterwave transaction's webhook again. */
  @Post('flutterwave/transactions/:id/resend-webhook')
  @HttpCode(202)
  @ApiAcceptedResponse({ type: MessageResponse })
  async resendWebhook(@Param('id') id: string): Promise<{ message: string }> {
    await this.admin.resendFlutterwaveWebhook(id);
    return { message: 'Webhook queued' };
  }
}

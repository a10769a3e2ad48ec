import { Body, Controller, Get, Headers, Post, Query, Res } from '@nestjs/common';
import { ApiExcludeController } from '@nestjs/swagger';
import type { FastifyReply } from 'fastify';
import { Public } from '../../common/decorators/public.decorator';
import { sendAnswer } from '../common/reply';
import { DarajaSandboxService } from './daraja-sandbox.service';

/**
 * Daraja (M-Pesa) simulator under /sandbox/daraja: the same paths as
 * https://sandbox.safaricom.co.ke (docs/PROVIDERS.md §1.11). Answers are Daraja-shaped, not ours.
 */
@ApiExcludeController()
@Public()
@Controller('sandbox/daraja')
export class DarajaSandboxController {
  constructor(private readonly daraja: DarajaSandboxService) {}

  @Get('oauth/v1/generate')
  async token(
    @Headers('authorization') authorization: string | undefined,
    @Query('grant_type') grantType: unknown,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<unknown> {
    return sendAnswer(reply, await this.daraja.issueToken(authorization, grantType));
  }

  @Post('mpesa/stkpush/v1/processrequest')
  async stkPush(
    @Headers('authorization') authorization: string | undefined,
    @Body() body: unknown,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<unknown> {
    return sendAnswer(reply, await this.daraja.stkPush(authorization, body));
  }

  @Post('mpesa/accountbalance/v1/query')
  async accountBalance(
    @Headers('authorization') authorization: string | undefined,
    @Body() body: unknown,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<unknown> {
    return sendAnswer(reply, await this.daraja.accountBalance(authorization, body));
  }

  @Post('mpesa/transactionstatus/v1/query')
  async transactionStatus(
    @Headers('authorization') authorization: string | undefined,
    @Body() body: unknown,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<unknown> {
    return sendAnswer(reply, await this.daraja.transactionStatus(authorization, body));
  }

  @Post('mpesa/stkpushquery/v1/query')
  async stkQuery(
    @Headers('authorization') authorization: string | undefined,
    @Body() body: unknown,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<unknown> {
    return sendAnswer(reply, await this.daraja.stkQuery(authorization, body));
  }

  @Post('mpesa/b2c/v3/paymentrequest')
  async b2cV3(
    @Headers('authorization') authorization: string | undefined,
    @Body() body: unknown,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<unknown> {
    return sendAnswer(reply, await this.daraja.b2c(authorization, body, 'v3'));
  }

  @Post('mpesa/b2c/v1/paymentrequest')
  async b2cV1(
    @Headers('authorization') authorization: string | undefined,
    @Body() body: unknown,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<unknown> {
    return sendAnswer(reply, await this.daraja.b2c(authorization, body, 'v1'));
  }
}

import { Body, Controller, Get, Headers, Param, Post, Query, Res } from '@nestjs/common';
import { ApiExcludeController } from '@nestjs/swagger';
import type { FastifyReply } from 'fastify';
import { Public } from '../../common/decorators/public.decorator';
import { sendAnswer, sendHtml } from '../common/reply';
import { renderErrorPage } from '../phone/phone-page';
import { SandboxError } from '../sandbox.errors';
import { renderCheckoutDone, renderCheckoutPage } from './checkout-page';
import { CheckoutAction, FlutterwaveSandboxService } from './flutterwave-sandbox.service';

const ACTIONS: readonly CheckoutAction[] = ['pay', 'fail', 'cancel'];

/**
 * Flutterwave v3 simulator under /sandbox/flutterwave (docs/PROVIDERS.md §2.7): the API paths of
 * https://api.flutterwave.com and the hosted checkout page its links point to.
 */
@ApiExcludeController()
@Public()
@Controller('sandbox/flutterwave')
export class FlutterwaveSandboxController {
  constructor(private readonly flutterwave: FlutterwaveSandboxService) {}

  @Post('v3/payments')
  async createPayment(
    @Headers('authorization') authorization: string | undefined,
    @Body() body: unknown,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<unknown> {
    return sendAnswer(reply, await this.flutterwave.createPayment(authorization, body));
  }

  @Get('v3/transactions/verify_by_reference')
  async verifyByReference(
    @Headers('authorization') authorization: string | undefined,
    @Query('tx_ref') txRef: unknown,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<unknown> {
    return sendAnswer(reply, await this.flutterwave.verifyByReference(authorization, txRef));
  }

  @Get('v3/transactions/:id/verify')
  async verifyById(
    @Headers('authorization') authorization: string | undefined,
    @Param('id') id: string,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<unknown> {
    return sendAnswer(reply, await this.flutterwave.verifyById(authorization, id));
  }

  /** The hosted checkout page (HTML). */
  @Get('pay/:token')
  async checkoutPage(
    @Param('token') token: string,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<string> {
    try {
      return sendHtml(reply, 200, renderCheckoutPage(await this.flutterwave.checkout(token)));
    } catch (err) {
      if (err instanceof SandboxError)
        return sendHtml(reply, err.status, renderErrorPage(err.message));
      throw err;
    }
  }

  /** Pay / Fail / Cancel: 303 to redirect_url with status, tx_ref (and transaction_id). */
  @Post('pay/:token/:action')
  async completeCheckout(
    @Param('token') token: string,
    @Param('action') action: string,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<string> {
    if (!ACTIONS.includes(action as CheckoutAction))
      return sendHtml(reply, 404, renderErrorPage('Not found'));
    try {
      const outcome = await this.flutterwave.complete(token, action as CheckoutAction);
      if (outcome.redirectTo) {
        void reply.status(303).header('location', outcome.redirectTo);
        return '';
      }
      return sendHtml(reply, 200, renderCheckoutDone(outcome));
    } catch (err) {
      if (err instanceof SandboxError)
        return sendHtml(reply, err.status, renderErrorPage(err.message));
      throw err;
    }
  }
}

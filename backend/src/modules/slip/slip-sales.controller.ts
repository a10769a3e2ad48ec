import { Body, Controller, HttpCode, Param, Post } from '@nestjs/common';
import { ApiOkResponse, ApiTags } from '@nestjs/swagger';
import { MessageResponse } from '../../common/openapi/api-shapes';
import {
  BuyFlutterwaveDto,
  BuyMpesaDto,
  CheckoutLinkResponseDto,
  FoundTipDto,
} from './dto/slip-responses.dto';
import { Public } from '../../common/decorators/public.decorator';
import { RateLimit } from '../../common/guards/rate-limit.guard';
import { STK_PUSH_RATE_LIMITS } from '../processor/stk-push.limits';
import { BuyPaybillDto, PaybillReferenceResponseDto } from './dto/paybill.dto';
import { FindSlipService, FoundTip } from './find-slip.service';
import { SlipBuyService } from './slip-buy.service';

/**
 * Find-slip attempts per phone / e-mail (and, by the module's `ip` throttler, per client address):
 * purchase codes and receipts must not be guessable by brute force.
 */
export const FIND_SLIP_LIMIT = { limit: 10, ttlMs: 10 * 60_000 } as const;

/**
 * Slip purchase routes (docs/PRODUCT-RULES.md R140): M-Pesa buy, Flutterwave buy (Nigeria, Uganda),
 * find-slip (Kenya, Nigeria).
 */
@ApiTags('slip purchase')
@Public()
@Controller('api')
export class SlipSalesController {
  constructor(
    private readonly buys: SlipBuyService,
    private readonly finds: FindSlipService,
  ) {}

  /**
   * {phone, slip} → STK push for the slip's Ksh price → {message: 'Request Sent'}; 409 while a
   * prompt for this slip is still open on the phone, or once the phone has paid for it
   * (docs/PRODUCT-RULES.md R284); 429 past STK_PUSH_RATE_LIMITS.
   * {phone, slip, voucher} → paid at once by the voucher → {message: 'Paid with voucher'}, or the
   * voucher's 4xx (docs/PRODUCT-RULES.md R246, R247).
   */
  @Post('processor/buy')
  @RateLimit(STK_PUSH_RATE_LIMITS)
  @HttpCode(200)
  @ApiOkResponse({ type: MessageResponse })
  buy(@Body() body: BuyMpesaDto): Promise<{ message: string }> {
    return this.buys.buyMpesa(body?.phone, body?.slip, body?.voucher, body?.marketing_sms_consent);
  }

  /**
   * {phone, slip} → the M-Pesa paybill reference {paybill, account, amount, expires_at}
   * (docs/PRODUCT-RULES.md R200): the same gates as buy; asking again answers the same reference;
   * 409 once the phone has paid for the slip (R284).
   */
  @Post('processor/buy-paybill')
  @RateLimit(STK_PUSH_RATE_LIMITS)
  @HttpCode(200)
  @ApiOkResponse({ type: PaybillReferenceResponseDto })
  buyPaybill(@Body() body: BuyPaybillDto): Promise<PaybillReferenceResponseDto> {
    return this.buys.buyPaybill(body?.phone, body?.slip);
  }

  /**
   * Nigeria: {email, slip_id} → {link} (NGN at price_ng); with `voucher`, the slip paid by the
   * e-mail's voucher → {message: 'Paid with voucher'} (docs/PRODUCT-RULES.md R283); 409 once the
   * e-mail has paid for the slip (R284).
   */
  @Post('processor/buy-flw')
  @HttpCode(200)
  @ApiOkResponse({ type: CheckoutLinkResponseDto })
  buyNg(@Body() body: BuyFlutterwaveDto): Promise<CheckoutLinkResponseDto> {
    return this.buys.buyFlutterwave(body?.email, body?.slip_id, 'NGN', body?.voucher);
  }

  /** Uganda: {email, slip_id} → {link} (UGX at 30 × the Ksh price); `voucher` as buy-flw. */
  @Post('processor/buy-flw-ug')
  @HttpCode(200)
  @ApiOkResponse({ type: CheckoutLinkResponseDto })
  buyUg(@Body() body: BuyFlutterwaveDto): Promise<CheckoutLinkResponseDto> {
    return this.buys.buyFlutterwave(body?.email, body?.slip_id, 'UGX', body?.voucher);
  }

  /** → [{Game, League, Tip}] of the paid purchase with this receipt or purchase code; else 404. */
  @Post('manage/find-slip/:phone/:code')
  @HttpCode(200)
  @ApiOkResponse({ type: [FoundTipDto] })
  @RateLimit({ phone: { ...FIND_SLIP_LIMIT, from: { param: 'phone' } } })
  findSlip(@Param('phone') phone: string, @Param('code') code: string): Promise<FoundTip[]> {
    return this.finds.findByPhone(phone, code);
  }

  /** Nigeria / Uganda: the id is the base64 of the Flutterwave transaction id or tx_ref. */
  @Post('manage/find-slip-ng/:email/:id')
  @HttpCode(200)
  @ApiOkResponse({ type: [FoundTipDto] })
  @RateLimit({ email: { ...FIND_SLIP_LIMIT, from: { param: 'email' } } })
  findSlipNg(@Param('email') email: string, @Param('id') id: string): Promise<FoundTip[]> {
    return this.finds.findByEmail(email, id);
  }
}

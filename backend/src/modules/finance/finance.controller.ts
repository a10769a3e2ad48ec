import { Body, Controller, Get, HttpCode, Post, Query } from '@nestjs/common';
import { ApiBearerAuth, ApiOkResponse, ApiTags } from '@nestjs/swagger';
import {
  FinanceSummaryDto,
  PaymentsPageDto,
  WithdrawalRequestedDto,
  WithdrawalsPageDto,
  WithdrawRequestDto,
} from './dto/finance-responses.dto';
import { CurrentUser } from '../../common/decorators/current-user.decorator';
import type { AuthUser } from '../../common/guards/auth-user';
import {
  FinancePage,
  FinanceService,
  FinanceSummary,
  PaymentRow,
  WithdrawalRow,
} from './finance.service';

/**
 * /api/finance routes of docs/PRODUCT-RULES.md R140 (login required): summary, withdraw request,
 * payments, withdrawals.
 */
@ApiTags('finance')
@ApiBearerAuth()
@Controller('api/finance')
export class FinanceController {
  constructor(private readonly finance: FinanceService) {}

  /** {pending_amount, account_balance, total_earnings, today_earnings, month_earnings, withdrawable_amount} (Ksh strings). */
  @Get('pending_amount')
  @ApiOkResponse({ type: FinanceSummaryDto })
  summary(@CurrentUser() user: AuthUser): Promise<FinanceSummary> {
    return this.finance.summary(user.id);
  }

  /** {phone_number} → the whole balance withdrawn, pending approval; 400 with the spec's messages. */
  @Post('withdraw_request')
  @HttpCode(200)
  @ApiOkResponse({ type: WithdrawalRequestedDto })
  withdraw(
    @CurrentUser() user: AuthUser,
    @Body() body: WithdrawRequestDto,
  ): Promise<{ message: string; withdrawal: WithdrawalRow }> {
    return this.finance.requestWithdrawal(user.id, body?.phone_number);
  }

  /** {payments, next, num_pages, count}: the caller's sale shares, newest first, 10 a page (`?p=`). */
  @Get('get_payments')
  @ApiOkResponse({ type: PaymentsPageDto })
  payments(
    @CurrentUser() user: AuthUser,
    @Query('p') p?: string,
  ): Promise<FinancePage<'payments', PaymentRow>> {
    return this.finance.payments(user.id, p);
  }

  /** {withdrawals, next, num_pages, count}: the caller's withdrawals, newest first, 100 a page (`?p=`). */
  @Get('withdrawals')
  @ApiOkResponse({ type: WithdrawalsPageDto })
  withdrawals(
    @CurrentUser() user: AuthUser,
    @Query('p') p?: string,
  ): Promise<FinancePage<'withdrawals', WithdrawalRow>> {
    return this.finance.withdrawals(user.id, p);
  }
}

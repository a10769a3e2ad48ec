import { ApiProperty } from '@nestjs/swagger';
import { Allow } from 'class-validator';

/**
 * OpenAPI shapes of the finance routes (docs/PRODUCT-RULES.md R119, R140). Amounts in Ksh, decimal
 * strings.
 */

/** POST /api/finance/withdraw_request. */
export class WithdrawRequestDto {
  @ApiProperty({
    example: '0712345678',
    description: 'M-Pesa phone, 9 or 10 digits (docs/PRODUCT-RULES.md R136)',
  })
  @Allow()
  phone_number: string;
}

/** GET /api/finance/pending_amount. */
export class FinanceSummaryDto {
  @ApiProperty({ example: '120.00' }) pending_amount: string;
  @ApiProperty() account_balance: string;
  @ApiProperty() total_earnings: string;
  @ApiProperty() today_earnings: string;
  @ApiProperty() month_earnings: string;
  @ApiProperty({
    example: '1250.00',
    description:
      "What a withdraw request takes now: the whole balance in whole Ksh, '0.00' under Ksh 500",
  })
  withdrawable_amount: string;
  @ApiProperty({
    description:
      'Whether the balance reaches the Ksh 500 withdrawal minimum (the withdraw dialog opens only then)',
  })
  can_withdraw: boolean;
}

class PaymentRowDto {
  @ApiProperty() id: number;
  @ApiProperty({ nullable: true, type: Number }) slip: number | null;
  @ApiProperty() amount: string;
  @ApiProperty({ description: 'W pending, P paid, other unpaid' }) status: string;
  @ApiProperty({ description: 'ISO-8601 instant' }) date: string;
}

export class WithdrawalRowDto {
  @ApiProperty() id: number;
  @ApiProperty() amount: string;
  @ApiProperty({ description: 'P pending, W paid, other unpaid' }) status: string;
  @ApiProperty({ example: '254712345678' }) phone_number: string;
  @ApiProperty() date: string;
  @ApiProperty() total_paid: string;
  @ApiProperty({
    example: '0.00',
    description: 'Balance of the withdrawal: amount − total_paid, Ksh',
  })
  balance: string;
}

/** POST /api/finance/withdraw_request → 200. */
export class WithdrawalRequestedDto {
  @ApiProperty() message: string;
  @ApiProperty({ type: WithdrawalRowDto }) withdrawal: WithdrawalRowDto;
}

class FinancePageDto {
  @ApiProperty({ nullable: true, type: String, description: 'Absolute URL of the next page' })
  next: string | null;
  @ApiProperty() num_pages: number;
  @ApiProperty() count: number;
}

/** GET /api/finance/get_payments. */
export class PaymentsPageDto extends FinancePageDto {
  @ApiProperty({ type: [PaymentRowDto] }) payments: PaymentRowDto[];
}

/** GET /api/finance/withdrawals. */
export class WithdrawalsPageDto extends FinancePageDto {
  @ApiProperty({ type: [WithdrawalRowDto] }) withdrawals: WithdrawalRowDto[];
}

import { ApiProperty } from '@nestjs/swagger';
import { Allow } from 'class-validator';

/**
 * POST /api/processor/buy-paybill (docs/PRODUCT-RULES.md R200): the buyer's phone and the slip,
 * as POST /api/processor/buy takes them.
 */
export class BuyPaybillDto {
  @ApiProperty({
    example: '0712345678',
    description:
      'Kenyan phone, 9 or 10 digits (docs/PRODUCT-RULES.md R136); the picks are sent to it',
    type: String,
  })
  @Allow()
  phone: string;

  @ApiProperty({ example: 42, description: 'Slip id', type: Number })
  @Allow()
  slip: number;
}

/** What the buyer pays by M-Pesa paybill: business number, account number, Ksh amount, until when. */
export class PaybillReferenceResponseDto {
  @ApiProperty({ example: '600984', description: 'Business number (MPESA_PAYBILL)' })
  paybill: string;
  @ApiProperty({
    example: 'ACD3FG7K',
    description: 'Account number: the reference bound to this phone and slip',
  })
  account: string;
  @ApiProperty({ example: '50.00', description: 'Ksh to pay, exactly (2 decimals)' })
  amount: string;
  @ApiProperty({
    example: '2026-06-02T09:00:00.000Z',
    description: 'The reference is refused after this instant (24 h)',
  })
  expires_at: string;
}

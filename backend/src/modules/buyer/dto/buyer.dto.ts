import { ApiProperty } from '@nestjs/swagger';
import { IsOptional } from 'class-validator';
import { SlipResponseDto } from '../../slip/dto/slip-responses.dto';
import { BUYER_PURCHASE_STATUSES } from '../domain/buyer-history';

/** POST /api/buyer/code. The phone is checked by the service, so its error is one clear `message`. */
export class BuyerCodeDto {
  @ApiProperty({
    example: '0712345678',
    description: 'Kenyan phone in any form of docs/PRODUCT-RULES.md R136, or +234… / +256… / +255…',
  })
  @IsOptional()
  phone?: unknown;
}

/** One purchase of a buyer's history (docs/PRODUCT-RULES.md R161). */
export class BuyerPurchaseDto {
  @ApiProperty({ example: '1042', description: 'purchase id' }) id: string;
  @ApiProperty({ enum: ['slip', 'subscription'] }) kind: string;
  @ApiProperty({
    enum: BUYER_PURCHASE_STATUSES,
    description: "'refunded': paid, then refunded by a voucher (docs/PRODUCT-RULES.md R163)",
  })
  status: string;
  @ApiProperty({ example: '150.00', description: 'what was charged, in currency' }) price: string;
  @ApiProperty({ example: 'KES', enum: ['KES', 'NGN', 'UGX'] }) currency: string;
  @ApiProperty({ example: '2026-11-23T12:00:00+03:00', description: 'Africa/Nairobi time' })
  created_at: string;
  @ApiProperty({
    type: String,
    nullable: true,
    example: '2026-11-23T12:00:30+03:00',
    description: 'Africa/Nairobi time; null unless paid',
  })
  paid_at: string | null;
  @ApiProperty({ type: Number, nullable: true }) slip_id: number | null;
  @ApiProperty({ type: String, nullable: true, description: "the slip's tipster (username)" })
  tipster: string | null;
  @ApiProperty({ type: String, nullable: true, description: 'the subscription kind bought' })
  subscription_type: string | null;
  @ApiProperty({
    type: String,
    nullable: true,
    enum: ['W', 'L', 'C'],
    description: "the slip's result once settled",
  })
  result: string | null;
  @ApiProperty({
    type: SlipResponseDto,
    nullable: true,
    description: 'picks (market_type, odd) only when paid, or once the slip is settled',
  })
  slip: SlipResponseDto | null;
}

/** One voucher of the phone (docs/PRODUCT-RULES.md R163, R241). */
export class BuyerVoucherDto {
  @ApiProperty({ example: '482177301196', description: 'the 12-digit code, as texted' })
  code: string;
  @ApiProperty({ example: '150.00', description: 'value as issued, in currency' }) amount: string;
  @ApiProperty({ example: 'KES', enum: ['KES', 'NGN', 'UGX'] }) currency: string;
  @ApiProperty({ example: '150.00', description: 'value in Ksh: what it pays for' })
  amount_ksh: string;
  @ApiProperty({ enum: ['money-back', 'void', 'undelivered', 'change'] }) reason: string;
  @ApiProperty({
    enum: ['issued', 'redeemed', 'expired'],
    description: 'issued = usable until expires_at',
  })
  status: string;
  @ApiProperty({ example: '2026-12-23T12:00:00+03:00', description: 'Africa/Nairobi time' })
  expires_at: string;
}

/** GET /api/buyer/purchases → a page, newest first. */
export class BuyerPurchasesPageDto {
  @ApiProperty({ type: [BuyerPurchaseDto] }) data: BuyerPurchaseDto[];
  @ApiProperty({
    type: String,
    nullable: true,
    description: 'the `before` of the next page; null on the last page',
  })
  next: string | null;
  @ApiProperty({
    example: '150.00',
    description: 'Ksh the phone may still spend with its vouchers now (server-computed)',
  })
  voucher_balance: string;
  @ApiProperty({ type: [BuyerVoucherDto], description: "the phone's vouchers, newest first" })
  vouchers: BuyerVoucherDto[];
}

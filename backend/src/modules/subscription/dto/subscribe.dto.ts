import { ApiProperty } from '@nestjs/swagger';
import { IsOptional } from 'class-validator';

/**
 * POST /api/processor/subscribe (docs/PRODUCT-RULES.md R141): phone, type, days (1000 = lifetime).
 * The kind's own price and days are used; `days` is informative. Fields are checked by the service
 * so errors carry the spec's single `message`.
 */
export class SubscribeDto {
  @ApiProperty({ example: '0712345678' }) @IsOptional() phone?: unknown;
  @ApiProperty({ example: 'silver' }) @IsOptional() type?: unknown;
  @ApiProperty({ example: 30, required: false }) @IsOptional() days?: unknown;
}

import { ApiProperty } from '@nestjs/swagger';
import { IsOptional } from 'class-validator';

/**
 * Bodies of the responsible-gambling routes (docs/PRODUCT-RULES.md "Records and responsible
 * gambling"). Fields are checked by RgService so each error is one clear `message`.
 */
export class RgCodeDto {
  @ApiProperty({
    example: '0712345678',
    description: 'Kenyan phone in any form of docs/PRODUCT-RULES.md R136, or +234… / +256… / +255…',
  })
  @IsOptional()
  phone?: unknown;
}

export class RgLimitDto extends RgCodeDto {
  @ApiProperty({ example: '123456', description: 'the 6-digit code of POST /api/rg/code' })
  @IsOptional()
  code?: unknown;

  @ApiProperty({
    example: 500,
    description: 'whole Ksh per Africa/Nairobi day, 0-1,000,000; lower at once, higher after 24 h',
  })
  @IsOptional()
  daily_cap_ksh?: unknown;
}

export class RgSelfExclusionDto extends RgCodeDto {
  @ApiProperty({ example: '123456', description: 'the 6-digit code of POST /api/rg/code' })
  @IsOptional()
  code?: unknown;

  @ApiProperty({
    enum: ['1m', '6m', '1y'],
    example: '6m',
    description: 'one month, six months or one year; cannot be lifted early',
  })
  @IsOptional()
  period?: unknown;
}

/** A phone's controls after a change. */
export class RgViewDto {
  @ApiProperty({ example: '254712345678' }) phone: string;
  @ApiProperty({
    type: String,
    nullable: true,
    example: '500.00',
    description: 'cap in force, Ksh per Africa/Nairobi day',
  })
  daily_cap_ksh: string | null;
  @ApiProperty({
    type: String,
    nullable: true,
    example: '900.00',
    description: 'a raised cap waiting for next_cap_from',
  })
  next_cap_ksh: string | null;
  @ApiProperty({ type: String, nullable: true, format: 'date-time' }) next_cap_from: string | null;
  @ApiProperty({
    type: String,
    nullable: true,
    format: 'date-time',
    description: 'buying refused until then',
  })
  excluded_until: string | null;
}

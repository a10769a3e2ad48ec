import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import { Allow, IsArray, IsIn, IsNotEmpty, IsOptional, IsString, MaxLength } from 'class-validator';
import {
  JACKPOT_COMPANIES,
  JACKPOT_TYPES,
  JackpotCompany,
  JackpotType,
} from '../domain/jackpot-slug';
import { MAX_JACKPOT_DESCRIPTION_LENGTH, MAX_JACKPOT_TITLE_LENGTH } from '../jackpot.constants';
import { NoToutWords } from '../../../common/content/tout-words';

/** One game of a jackpot: a fixture id and a market id (as POST /api/slip/create's tips). */
export interface JackpotTipInput {
  game: unknown;
  market: unknown;
}

const trim = ({ value }: { value: unknown }): unknown =>
  typeof value === 'string' ? value.trim() : value;

/**
 * A jackpot as an admin enters it (back office `jackpots` create; docs/PRODUCT-RULES.md "Jackpots"): company SP or BT, type
 * MG or MW, title, description, Ksh price (whole Ksh 50-1000, as any slip) and 10-17 tips
 * `{game, market}`. Tips and price are checked by JackpotService so each failure names the game.
 */
export class CreateJackpotDto {
  @ApiProperty({ enum: JACKPOT_COMPANIES, example: 'SP' })
  @IsIn(JACKPOT_COMPANIES, { message: 'company must be SP or BT' })
  company: JackpotCompany;

  @ApiProperty({ enum: JACKPOT_TYPES, example: 'MG' })
  @IsIn(JACKPOT_TYPES, { message: 'type must be MG or MW' })
  type: JackpotType;

  @ApiProperty({ example: 'SportPesa Mega Jackpot', maxLength: MAX_JACKPOT_TITLE_LENGTH })
  @Transform(trim)
  @IsString({ message: 'title must be text' })
  @IsNotEmpty({ message: 'Title is required' })
  @MaxLength(MAX_JACKPOT_TITLE_LENGTH, {
    message: `title must be at most ${MAX_JACKPOT_TITLE_LENGTH} characters`,
  })
  @NoToutWords()
  title: string;

  @ApiPropertyOptional({
    example: 'Our analyst picks for this week',
    maxLength: MAX_JACKPOT_DESCRIPTION_LENGTH,
  })
  @Transform(trim)
  @IsOptional()
  @IsString({ message: 'description must be text' })
  @MaxLength(MAX_JACKPOT_DESCRIPTION_LENGTH, {
    message: `description must be at most ${MAX_JACKPOT_DESCRIPTION_LENGTH} characters`,
  })
  @NoToutWords()
  description?: string;

  @ApiProperty({ example: 199, description: 'whole Ksh, 50-1000' })
  @Allow()
  price: unknown;

  @ApiProperty({
    example: [{ game: '123', market: 1 }],
    description: '10-17 tips, one per fixture',
  })
  @IsArray({ message: 'tips must be a list of {game, market}' })
  tips: JackpotTipInput[];
}

/**
 * Back office `jackpots` update: title, description and price only (the games of a jackpot are its
 * slip's, locked once entered). react-admin sends the whole record: other fields are stripped.
 */
export class UpdateJackpotDto {
  @ApiPropertyOptional({ maxLength: MAX_JACKPOT_TITLE_LENGTH })
  @Transform(trim)
  @IsOptional()
  @IsString({ message: 'title must be text' })
  @IsNotEmpty({ message: 'Title is required' })
  @MaxLength(MAX_JACKPOT_TITLE_LENGTH, {
    message: `title must be at most ${MAX_JACKPOT_TITLE_LENGTH} characters`,
  })
  @NoToutWords()
  title?: string;

  @ApiPropertyOptional({ maxLength: MAX_JACKPOT_DESCRIPTION_LENGTH })
  @Transform(trim)
  @IsOptional()
  @IsString({ message: 'description must be text' })
  @MaxLength(MAX_JACKPOT_DESCRIPTION_LENGTH, {
    message: `description must be at most ${MAX_JACKPOT_DESCRIPTION_LENGTH} characters`,
  })
  @NoToutWords()
  description?: string;

  @ApiPropertyOptional({ example: 249, description: 'whole Ksh, 50-1000' })
  @IsOptional()
  @Allow()
  price?: unknown;
}

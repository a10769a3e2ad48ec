import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Allow, IsArray, IsOptional } from 'class-validator';

/** One tip of POST /api/slip/create: a fixture id and a market id (docs/PRODUCT-RULES.md R141). */
export interface CreateSlipTipInput {
  game: unknown;
  market: unknown;
}

/**
 * Body of POST /api/slip/create (docs/PRODUCT-RULES.md R141): `{ published, tips: [{game, market}],
 * tip_id, amount }`. Shapes are checked by the service so every failure answers the spec's `{
 * error, game }`. `published` and `tip_id` are accepted and ignored (a published slip is never
 * edited).
 */
export class CreateSlipDto {
  @IsOptional() @Allow() published?: unknown;
  @IsOptional() @IsArray() tips?: CreateSlipTipInput[];
  @IsOptional() @Allow() tip_id?: unknown;
  @IsOptional() @Allow() amount?: unknown;
  /** Money back if the slip loses (docs/PRODUCT-RULES.md R240); default false. */
  @IsOptional() @Allow() money_back?: unknown;
}

/**
 * Body of POST /api/slip/quote: `{ tips: [{game, market}] }` as for POST /api/slip/create; shapes
 * are checked by the service so every failure answers `{ error, game }`.
 */
export class QuoteSlipDto {
  @ApiPropertyOptional({
    type: () => [QuoteTipDto],
    description: '1 to 5 tips, each game at most once',
  })
  @IsOptional()
  @IsArray()
  tips?: CreateSlipTipInput[];
}

/** One tip of a quote as documented (OpenAPI only: the service checks the shapes). */
class QuoteTipDto {
  @ApiProperty({ description: 'Fixture id' }) game: number;
  @ApiProperty({ description: 'Market id' }) market: number;
}

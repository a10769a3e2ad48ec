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
}

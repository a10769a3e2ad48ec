import { Allow, IsOptional } from 'class-validator';

/**
 * Query of GET /v2/api/slip/data/ and /finished/ (docs/PRODUCT-RULES.md R142). Values stay strings:
 * the service parses `p` so a bad page answers 400 and a page past the end 404 'Invalid page'.
 */
export class SlipListQueryDto {
  @IsOptional() @Allow() p?: string;
  @IsOptional() @Allow() username?: string;
  @IsOptional() @Allow() account?: string;
  @IsOptional() @Allow() home?: string;
  @IsOptional() @Allow() top?: string;
  @IsOptional() @Allow() home_team?: string;
  @IsOptional() @Allow() away_team?: string;
  @IsOptional() @Allow() team_a?: string;
  @IsOptional() @Allow() team_b?: string;
  @IsOptional() @Allow() tips?: string;
}

import { ApiPropertyOptional } from '@nestjs/swagger';
import { Type } from 'class-transformer';
import { IsInt, IsOptional, IsString, Max, MaxLength, Min } from 'class-validator';

/**
 * GET /v2/api/manage/post/ query (docs/PRODUCT-RULES.md R140): `?slug=` picks one post; without it
 * `?page=` pages the list. A NUL character is refused before validation, for every route
 * (common/validation/input-guards.ts).
 */
export class PostQueryDto {
  @ApiPropertyOptional({ example: 'how-accumulators-work' })
  @IsOptional()
  @IsString({ message: 'slug must be text' })
  @MaxLength(200, { message: 'slug must be at most 200 characters' })
  slug?: string;

  @ApiPropertyOptional({ example: 1, minimum: 1 })
  @IsOptional()
  @Type(() => Number)
  @IsInt({ message: 'page must be a whole number' })
  @Min(1, { message: 'page must be at least 1' })
  @Max(100_000, { message: 'page is too large' })
  page?: number;
}

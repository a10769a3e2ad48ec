import { ApiPropertyOptional } from '@nestjs/swagger';
import { IsOptional, IsString, MaxLength } from 'class-validator';

/**
 * POST /api/account/token/refresh and /api/account/logout: the refresh token from the body, or
 * (when absent) the `refresh` cookie the frontend keeps (docs/PRODUCT-RULES.md R121).
 */
export class RefreshTokenDto {
  @ApiPropertyOptional()
  @IsOptional()
  @IsString({ message: 'Enter text' })
  @MaxLength(2048, { message: 'Token is invalid or expired' })
  refresh?: string;
}

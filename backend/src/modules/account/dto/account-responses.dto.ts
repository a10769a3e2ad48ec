import { ApiProperty, ApiPropertyOptions, getSchemaPath } from '@nestjs/swagger';

/**
 * OpenAPI shapes of the account routes (docs/PRODUCT-RULES.md R140). Documentation only:
 * account.mapper.ts builds the answers.
 */

/** POST /api/account/register → 201. */
export class RegisterResponseDto {
  @ApiProperty({ description: 'Access JWT (15 minutes)' }) token: string;
  @ApiProperty({ description: 'Refresh JWT (30 days)' }) refresh: string;
}

/** POST /api/account/email-login, /api/account/token/refresh. */
export class TokenPairDto {
  @ApiProperty({ description: 'Access JWT (15 minutes)' }) access: string;
  @ApiProperty({ description: 'Refresh JWT (30 days), rotated on every refresh' }) refresh: string;
}

class ProfileUserDto {
  @ApiProperty() username: string;
  @ApiProperty() first_name: string;
}

class OwnProfileUserDto extends ProfileUserDto {
  @ApiProperty() email: string;
}

class PublicProfileDetailsDto {
  @ApiProperty({ nullable: true, type: String }) profile_image_url: string | null;
  @ApiProperty() monthly_rating: number;
  @ApiProperty() subscribed: boolean;
  @ApiProperty() email_verified: boolean;
  @ApiProperty({ enum: ['KE', 'NG', 'UG'] }) country: string;
  @ApiProperty() city: string;
}

class OwnProfileDetailsDto extends PublicProfileDetailsDto {
  @ApiProperty({ nullable: true, type: String }) phone_number: string | null;
}

class WeekRatingDto {
  @ApiProperty() week_rating: number;
}

class DashDto {
  @ApiProperty() rating: number;
}

const STATS: ApiPropertyOptions = { type: [Number], minItems: 4, maxItems: 4, description: '[tips, won, lost, rating]' };
/**
 * The tipster's slips, each a slip of docs/PRODUCT-RULES.md R114 (the slip module's
 * SlipResponseDto, named by reference: account ranks below slip).
 */
const SLIPS: ApiPropertyOptions = { type: 'array', items: { $ref: getSchemaPath('SlipResponseDto') } };

/** GET /api/account/profile (own). */
export class OwnProfileResponseDto {
  @ApiProperty({ type: OwnProfileUserDto }) user: OwnProfileUserDto;
  @ApiProperty({ type: OwnProfileDetailsDto }) profile: OwnProfileDetailsDto;
  @ApiProperty(STATS) stats: number[];
  @ApiProperty({ type: WeekRatingDto }) stats2: WeekRatingDto;
  @ApiProperty({ type: DashDto }) dash: DashDto;
  @ApiProperty(SLIPS) active_tips: unknown[];
  @ApiProperty(SLIPS) finished_tips: unknown[];
}

/**
 * GET /api/account/profile/{username}. `active_tips` / `finished_tips`: slips
 * (docs/PRODUCT-RULES.md R114).
 */
export class PublicProfileResponseDto {
  @ApiProperty({ type: ProfileUserDto }) user: ProfileUserDto;
  @ApiProperty({ type: PublicProfileDetailsDto }) profile: PublicProfileDetailsDto;
  @ApiProperty(STATS) stats: number[];
  @ApiProperty({ type: WeekRatingDto }) stats2: WeekRatingDto;
  @ApiProperty({ type: DashDto }) dash: DashDto;
  @ApiProperty(SLIPS) active_tips: unknown[];
  @ApiProperty(SLIPS) finished_tips: unknown[];
}

/** POST /api/account/user/details. */
export class UserDetailsResponseDto {
  @ApiProperty({ example: 'Saved' }) message: string;
  @ApiProperty() first_name: string;
  @ApiProperty() city: string;
}

/** POST /api/account/user/avatar. */
export class AvatarResponseDto {
  @ApiProperty() message: string;
  @ApiProperty({ nullable: true, type: String }) profile_image_url: string | null;
}

/** GET /api/account/send-email-verification-code. */
export class VerificationSentResponseDto {
  @ApiProperty() message: string;
  @ApiProperty() email: string;
}

/** POST /api/account/admin/users/{username}/ban and unban. */
export class BanStateResponseDto {
  @ApiProperty() username: string;
  @ApiProperty() banned: boolean;
}

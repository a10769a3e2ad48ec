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

class ProfitPointDto {
  @ApiProperty({
    example: '2026-11-22T15:04:05.000Z',
    description: 'When the slip settled (ISO-8601)',
  })
  date: string;
  @ApiProperty({
    example: 12.5,
    description:
      "The tipster's cumulative profit after this slip, units (1 staked per slip), 2 decimals",
  })
  profit: number;
}

/**
 * An addition to the spec's profile fields (docs/PRODUCT-RULES.md "Tipster statistics"): every
 * figure the stat card and the profit chart show, computed by the server from the stored counters.
 */
class ProfileFiguresDto {
  @ApiProperty({
    example: 150,
    description: 'Settled slips: won + lost (cancelled slips excluded), all time',
  })
  settled: number;
  @ApiProperty({
    example: 12.5,
    description:
      'Profit in units, 1 unit staked per settled slip (W: settled accumulator − 1, L: −1), all time, 2 decimals',
  })
  profit: number;
  @ApiProperty({ example: 8.33, description: 'ROI percent: profit / settled × 100, 2 decimals' })
  roi: number;
  @ApiProperty({ example: 3.12, description: 'Mean total odds of the settled slips, 2 decimals' })
  average_odds: number;
  @ApiProperty({
    type: [ProfitPointDto],
    description:
      'The profit curve over the latest 100 settled slips, oldest first: each point the all-time cumulative profit after that slip, the last equal to profit',
  })
  profit_series: ProfitPointDto[];
}

const STATS: ApiPropertyOptions = {
  type: [Number],
  minItems: 4,
  maxItems: 4,
  description: '[tips, won, lost, rating]',
};
/**
 * The tipster's slips, each a slip of docs/PRODUCT-RULES.md R114 (the slip module's
 * SlipResponseDto, named by reference: account ranks below slip).
 */
const SLIPS: ApiPropertyOptions = {
  type: 'array',
  items: { $ref: getSchemaPath('SlipResponseDto') },
};

/** GET /api/account/profile (own). */
export class OwnProfileResponseDto {
  @ApiProperty({ type: OwnProfileUserDto }) user: OwnProfileUserDto;
  @ApiProperty({ type: OwnProfileDetailsDto }) profile: OwnProfileDetailsDto;
  @ApiProperty(STATS) stats: number[];
  @ApiProperty({ type: WeekRatingDto }) stats2: WeekRatingDto;
  @ApiProperty({ type: DashDto }) dash: DashDto;
  @ApiProperty(SLIPS) active_tips: unknown[];
  @ApiProperty(SLIPS) finished_tips: unknown[];
  @ApiProperty({ type: ProfileFiguresDto }) figures: ProfileFiguresDto;
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
  @ApiProperty({ type: ProfileFiguresDto }) figures: ProfileFiguresDto;
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

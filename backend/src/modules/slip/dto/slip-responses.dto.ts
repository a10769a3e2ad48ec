import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Allow } from 'class-validator';

/**
 * OpenAPI shapes of the slip module's routes (docs/PRODUCT-RULES.md R114, R141). Documentation
 * only: the mappers (slip.mapper.ts and the services) build the answers.
 */

/**
 * Where a finished game's score came from
 * (docs/PRODUCT-RULES.md "Records and responsible gambling").
 */
export class ResultSourceDto {
  @ApiProperty({ enum: ['football-data', 'api-football'] }) kind: 'football-data' | 'api-football';
  @ApiProperty({
    example: 'E0-2025-26.csv 2026-04-19',
    description: 'football-data: file name and match date; api-football: the fixture id',
  })
  ref: string;
}

/** docs/PRODUCT-RULES.md R114: `market_type` and `odd` only once the picks may be shown. */
export class TipResponseDto {
  @ApiProperty({ example: 'Arsenal' }) home_team: string;
  @ApiProperty({ example: 'Chelsea' }) away_team: string;
  @ApiProperty({ nullable: true, type: String, description: 'Kick-off, Nairobi ISO time' })
  game_date: string | null;
  @ApiProperty({ example: 'Premier League' }) league: string;
  @ApiProperty({
    nullable: true,
    type: String,
    example: '2-1',
    description: "'h-a' once the game has a score",
  })
  game_result: string | null;
  @ApiPropertyOptional({ description: 'Market id (hidden until the picks may be shown)' })
  market_type?: number;
  @ApiPropertyOptional({
    example: '1.85',
    description: 'Decimal odd (hidden until the picks may be shown)',
  })
  odd?: string;
  @ApiProperty({ description: 'Fixture id' }) fixture: number;
  @ApiProperty({ nullable: true, type: String, enum: ['W', 'L', 'V'] }) result: string | null;
  @ApiPropertyOptional({
    type: () => ResultSourceDto,
    nullable: true,
    description: 'Once the slip is finished: where the score came from (null when not recorded)',
  })
  result_source?: ResultSourceDto | null;
  @ApiPropertyOptional({
    example: 'Match postponed',
    description: 'Once the slip is finished, on void legs (result V): why the leg is void',
  })
  void_reason?: string;
}

class SlipUserDto {
  @ApiProperty() username: string;
}

class SlipMetaDto {
  @ApiProperty({ description: "The tipster's rating (percent)" }) rating: number;
  @ApiProperty({ nullable: true, type: String }) profile_image: string | null;
  @ApiProperty({ description: "The tipster's settled (won + lost) slips" }) settled: number;
  @ApiProperty({
    description: "The tipster's profit in units (1 unit staked per settled slip), 2 decimals",
    example: 3.45,
  })
  profit: number;
  @ApiProperty({ description: 'ROI percent = profit ÷ settled × 100, 2 decimals', example: 8.63 })
  roi: number;
}

/**
 * docs/PRODUCT-RULES.md R114. `price` in Ksh; `price_ng` in NGN and `price_ug` in UGX, what buy-flw
 * and buy-flw-ug charge (salePrice, docs/PRODUCT-RULES.md R6).
 */
export class SlipResponseDto {
  @ApiProperty() id: number;
  @ApiProperty({ description: 'Ksh' }) price: number;
  @ApiProperty({ description: 'NGN: what buy-flw charges (NGN_PER_KSH × price)' }) price_ng: number;
  @ApiProperty({ description: 'UGX: what buy-flw-ug charges (UGX_PER_KSH × price)' })
  price_ug: number;
  @ApiProperty({ description: 'ISO-8601 instant' }) date_created: string;
  @ApiProperty({ example: '4.52', description: 'Total odds, decimal string' }) accumulator: string;
  @ApiProperty() jackpot: boolean;
  @ApiProperty({
    description:
      'Money back: a buyer of this slip gets a voucher of the price paid when it loses (docs/PRODUCT-RULES.md R240, R244)',
  })
  money_back: boolean;
  @ApiProperty({ nullable: true, type: String, enum: ['W', 'L', 'C'] }) slip_result: string | null;
  @ApiProperty({ type: [TipResponseDto] }) tips: TipResponseDto[];
  @ApiProperty({ type: SlipUserDto }) user: SlipUserDto;
  @ApiProperty({ type: SlipMetaDto }) meta: SlipMetaDto;
  @ApiProperty({
    nullable: true,
    type: String,
    example: '9f86d081884c7d659a2feaa0c55ad015a3bf4f1b2b0b822cd15d6c15b0f00a08',
    description:
      'SHA-256 (64 hex) of the canonical form of the picks and a per-slip salt, fixed at publishing (docs/PRODUCT-RULES.md "Records and responsible gambling")',
  })
  commitment: string | null;
  @ApiPropertyOptional({
    description: 'The per-slip salt (64 hex), only once the slip is finished',
  })
  salt?: string;
  @ApiPropertyOptional({
    example: 'v1|slip:42|101:1:1.85|102:4:2.10|salt:…',
    description:
      'The canonical string the commitment hashes, only once the slip is finished: v1|slip:<id>|<fixture>:<market>:<odd>|…|salt:<salt>, picks by fixture id',
  })
  commitment_input?: string;
  @ApiProperty({
    example: '422',
    description:
      'Code to buy the slip by in the USSD menu: the slip id followed by a Luhn check digit (docs/PRODUCT-RULES.md R176)',
  })
  ussd_code: string;
}

/** POST /api/slip/create → 201. */
export class PublishedSlipResponseDto {
  @ApiProperty({ example: 'Successfully Published Tips' }) message: string;
  @ApiProperty() id: number;
  @ApiPropertyOptional({
    description: "A renewed access token (role tipster) after a user's first slip",
  })
  access?: string;
}

/** GET /api/slip/can-post. */
class QuotedTipDto {
  @ApiProperty({ description: 'Fixture id' }) game: number;
  @ApiProperty({ description: 'Market id' }) market: number;
  @ApiProperty({
    example: '1.85',
    description: "The fixture's current odd for the market, as publishing would quote it",
  })
  odd: string;
}

/** POST /api/slip/quote: the server's total odds of a slip being built (the builder computes none). */
export class SlipQuoteResponseDto {
  @ApiProperty({
    example: '4.32',
    description: 'Total odds: product of the quoted odds truncated to 2 decimals',
  })
  accumulator: string;
  @ApiProperty({
    description: 'Whether the total odds lie within the publishable range (1.60 to 100.00)',
  })
  accumulator_in_range: boolean;
  @ApiProperty({ type: [QuotedTipDto] }) tips: QuotedTipDto[];
}

export class CanPostResponseDto {
  @ApiProperty() can_post: boolean;
  @ApiProperty({ description: 'Slips still allowed this Nairobi day' }) remaining: number;
}

class FreeTipFixtureDto {
  @ApiProperty() game_date: string;
  @ApiProperty() home_team: string;
  @ApiProperty() away_team: string;
  @ApiProperty() league: string;
}

class FreeTipMarketDto {
  @ApiProperty({ example: '1X2' }) type: string;
  @ApiProperty({ example: 'HOME WIN' }) value: string;
}

class FreeTipDto {
  @ApiProperty({ type: FreeTipFixtureDto }) fixture: FreeTipFixtureDto;
  @ApiProperty({ type: FreeTipMarketDto }) m_market: FreeTipMarketDto;
}

/** GET /api/slip/free. */
export class FreeTipsResponseDto {
  @ApiProperty({ type: [FreeTipDto] }) data: FreeTipDto[];
}

/** GET /v2/api/slip/data/ (a page of active slips). */
export class ActivePageDto {
  @ApiProperty({ type: [SlipResponseDto] }) results: SlipResponseDto[];
  @ApiProperty({ nullable: true, type: String, description: 'Absolute URL of the next page' })
  next: string | null;
  @ApiProperty({ nullable: true, type: String }) previous: string | null;
  @ApiProperty() num_pages: number;
}

/** GET /v2/api/slip/data/finished/. */
export class FinishedPageDto {
  @ApiProperty({ type: [SlipResponseDto] }) results: SlipResponseDto[];
  @ApiProperty({ nullable: true, type: String }) next: string | null;
  @ApiProperty() count: number;
  @ApiProperty() num_pages: number;
}

/** GET /api/home/active and /api/home/finished. */
export class HomeSlipsResponseDto {
  @ApiProperty({ type: [SlipResponseDto] }) slips: SlipResponseDto[];
}

class LeaderboardRowDto {
  @ApiProperty() username: string;
  @ApiProperty({ nullable: true, type: String }) profile_image: string | null;
  @ApiProperty() tips: number;
  @ApiProperty() won: number;
  @ApiProperty() lost: number;
  @ApiProperty() rating: number;
  @ApiProperty() profit: number;
  @ApiProperty() roi: number;
  @ApiProperty() average_odds: number;
}

/** GET /v2/api/tipster/data/. */
export class LeaderboardPageDto {
  @ApiProperty({ type: [LeaderboardRowDto] }) results: LeaderboardRowDto[];
  @ApiProperty({ nullable: true, type: String }) next: string | null;
}

/**
 * POST /api/processor/buy (docs/PRODUCT-RULES.md R141): the phone (9 or 10 digits, Kenya) and the
 * slip id.
 */
export class BuyMpesaDto {
  @ApiProperty({
    example: '0712345678',
    description: 'Kenyan phone, 9 or 10 digits (docs/PRODUCT-RULES.md R136)',
    type: String,
  })
  @Allow()
  phone: string;

  @ApiProperty({ example: 42, description: 'Slip id', type: Number })
  @Allow()
  slip: number;

  @ApiPropertyOptional({
    example: 'Send me tips offers by SMS (18+). Reply STOP to opt out.',
    description:
      "Sent only when the buy page's unticked marketing box was ticked: the exact text shown; the phone is opted in to marketing SMS once the prompt is sent (docs/PRODUCT-RULES.md R276). Any other text is 400.",
    type: String,
  })
  @Allow()
  marketing_sms_consent?: string;

  @ApiPropertyOptional({
    example: '482177301196',
    description:
      'A voucher code of this phone (12 digits; spaces allowed): when it covers the Ksh price the slip is paid at once, with no STK push (docs/PRODUCT-RULES.md R246)',
    type: String,
  })
  @Allow()
  voucher?: string;
}

/**
 * POST /api/processor/buy-flw and buy-flw-ug (docs/PRODUCT-RULES.md R141, R283): the buyer's
 * e-mail, the slip id and, optionally, a voucher of that e-mail.
 */
export class BuyFlutterwaveDto {
  @ApiProperty({ example: 'ade@example.ng', description: 'Where the picks are e-mailed' })
  @Allow()
  email: string;

  @ApiProperty({ example: 42, description: 'Slip id', type: Number })
  @Allow()
  slip_id: number;

  @ApiPropertyOptional({
    example: '482177301196',
    description:
      'A voucher code of this e-mail (12 digits; spaces allowed): when it covers the Ksh price the slip is paid at once, with no checkout (docs/PRODUCT-RULES.md R283)',
    type: String,
  })
  @Allow()
  voucher?: string;
}

/**
 * buy-flw / buy-flw-ug → the hosted checkout the buyer is sent to; with a voucher that paid the
 * slip, `message` 'Paid with voucher' instead (docs/PRODUCT-RULES.md R283).
 */
export class CheckoutLinkResponseDto {
  @ApiPropertyOptional({ example: 'https://checkout.flutterwave.com/v3/hosted/pay/abc' })
  link?: string;
  @ApiPropertyOptional({ example: 'Paid with voucher' }) message?: string;
}

/** One tip of a found purchase (docs/PRODUCT-RULES.md R141: tip list with Game, League, Tip). */
export class FoundTipDto {
  @ApiProperty({ example: 'Arsenal v Chelsea' }) Game: string;
  @ApiProperty({ example: 'Premier League' }) League: string;
  @ApiProperty({ example: 'HOME WIN' }) Tip: string;
}

/** One leg of an exported finished slip (GET /api/export/slips.json). */
export class ExportLegDto {
  @ApiProperty({ example: '1035', description: 'Fixture id' }) fixture: string;
  @ApiProperty({ example: 'Arsenal' }) home_team: string;
  @ApiProperty({ example: 'Chelsea' }) away_team: string;
  @ApiProperty({ example: 1, description: 'Market id of the catalogue (the pick)' })
  market_id: number;
  @ApiProperty({ nullable: true, type: String, example: '1X2' }) market_type: string | null;
  @ApiProperty({ nullable: true, type: String, example: 'HOME WIN' }) market: string | null;
  @ApiProperty({ example: '1.85', description: 'Decimal odd quoted at publishing' })
  quoted_odd: string;
  @ApiProperty({
    nullable: true,
    type: String,
    description: 'Closing decimal odd of the same selection; null when not stored',
  })
  closing_odd: string | null;
  @ApiProperty({ nullable: true, type: String, enum: ['W', 'L', 'V'] }) result: string | null;
  @ApiProperty({ nullable: true, type: String, example: '2-1' }) score: string | null;
}

/**
 * One exported slip (GET /api/export/slips.json, an array of these). `legs` only once the slip is
 * finished; null while on sale (no pick or per-leg odd of a slip on sale is exported).
 */
export class ExportSlipDto {
  @ApiProperty() id: number;
  @ApiProperty({ example: 'otieno_tips' }) tipster: string;
  @ApiProperty({ example: '2026-04-19T10:00:00+03:00', description: 'Publish time, Nairobi ISO' })
  published_at: string;
  @ApiProperty({
    nullable: true,
    type: String,
    description: 'Earliest kick-off of its games, Nairobi ISO',
  })
  first_kickoff: string | null;
  @ApiProperty({ example: 100, description: 'Ksh' }) price_ksh: number;
  @ApiProperty({ example: '3.61', description: 'Quoted total decimal odds' }) accumulator: string;
  @ApiProperty({ enum: ['on_sale', 'won', 'lost', 'cancelled'] }) status: string;
  @ApiProperty({ type: [ExportLegDto], nullable: true }) legs: ExportLegDto[] | null;
  @ApiProperty({
    nullable: true,
    type: String,
    description: 'SHA-256 commitment made at publishing, 64 hex',
  })
  commitment: string | null;
  @ApiProperty({
    nullable: true,
    type: Number,
    description: "The slip's leaf index in the transparency log (/api/log), null while not logged",
  })
  log_index: number | null;
  @ApiProperty({
    nullable: true,
    type: String,
    example: '/api/log/proof/inclusion?index=17',
    description:
      'Path of its inclusion proof against the first signed, time-stamped tree head containing it',
  })
  log_proof: string | null;
}

class SlipLimitMessagesDto {
  @ApiProperty({ example: "Publish at least '3' tip" }) too_few_tips: string;
  @ApiProperty({ example: 'Maximum number of 5 games reached' }) too_many_tips: string;
  @ApiProperty({ example: 'Game already in slip' }) duplicate_game: string;
  @ApiProperty({
    example: 'Total odds must be within 1.6 and 100.00 . A minimum of 1.6 and a maximum of 100.0',
  })
  total_odds: string;
  @ApiProperty({ example: 'Price range Ksh. [50-1000]' }) price_range: string;
  @ApiProperty({ example: 'Max Amount: 1000', description: 'The price field above the maximum' })
  price_too_high: string;
  @ApiProperty({ example: "Can't Post more than 2 tips" }) daily_limit: string;
}

/**
 * GET /api/slip/limits: the slip-building limits and their messages
 * (docs/PRODUCT-RULES.md R9, R135; slip-limits.ts).
 */
export class SlipLimitsResponseDto {
  @ApiProperty({ example: 3, description: 'Games per slip, minimum' }) min_tips: number;
  @ApiProperty({ example: 5, description: 'Games per slip, maximum' }) max_tips: number;
  @ApiProperty({ example: '1.60', description: 'Total odds, minimum (decimal string, inclusive)' })
  min_total_odds: string;
  @ApiProperty({
    example: '100.00',
    description: 'Total odds, maximum (decimal string, inclusive)',
  })
  max_total_odds: string;
  @ApiProperty({ example: 50, description: 'Price, minimum, whole Ksh' }) min_price_ksh: number;
  @ApiProperty({ example: 1000, description: 'Price, maximum, whole Ksh' }) max_price_ksh: number;
  @ApiProperty({ example: 2, description: 'Slips a tipster may publish per Nairobi day' })
  max_slips_per_day: number;
  @ApiProperty({ type: SlipLimitMessagesDto }) messages: SlipLimitMessagesDto;
}

import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';

/**
 * OpenAPI shapes of the records route (docs/PRODUCT-RULES.md "Records and responsible
 * gambling"). Documentation only: RecordsService builds the answer.
 */

class MoneyBackCountDto {
  @ApiProperty({
    example: 4,
    description:
      'Settled money-back slips (docs/PRODUCT-RULES.md R240); in a breakdown row, those with a leg in the row',
  })
  slips: number;
  @ApiProperty({
    example: 1,
    description:
      'Of those, the slips that lost: their buyers got the price back as a voucher (R244)',
  })
  refunded: number;
}

class BreakdownDto {
  @ApiPropertyOptional({
    enum: ['1X2', 'OU', 'BT', 'DC', 'HFT', 'CS'],
    description: 'Market type (markets rows)',
  })
  market?: string;
  @ApiPropertyOptional({ description: 'League id (leagues rows)' }) league_id?: number;
  @ApiPropertyOptional({
    nullable: true,
    type: String,
    example: 'Premier League',
    description: 'League name (leagues rows)',
  })
  league?: string | null;
  @ApiProperty({ description: 'Settled legs' }) legs: number;
  @ApiProperty() won: number;
  @ApiProperty() lost: number;
  @ApiProperty() void: number;
  @ApiProperty({ example: 55.5, description: '100 × won / (won + lost), percent, 2 decimals' })
  hit_rate: number;
  @ApiProperty({
    example: 3.45,
    description: 'Profit in units, 1 unit on each leg alone at its quoted odd',
  })
  profit_units: number;
  @ApiProperty({ type: MoneyBackCountDto }) money_back: MoneyBackCountDto;
}

class LegTotalsDto {
  @ApiProperty() legs: number;
  @ApiProperty() won: number;
  @ApiProperty() lost: number;
  @ApiProperty() void: number;
  @ApiProperty({ description: 'Units, 1 unit on each leg' }) profit_units: number;
}

class TrustRatingDto {
  @ApiProperty({
    nullable: true,
    type: Number,
    example: 48.78,
    description:
      'Wilson lower bound (z = 1.96) on the slip hit rate, percent; null below 30 settled slips',
  })
  value: number | null;
  @ApiProperty({ example: '/how-ratings-work' }) method: string;
}

class BuyerReturnDto {
  @ApiProperty({ example: 100, description: 'Ksh staked on each slip' }) stake: number;
  @ApiProperty({ description: 'Settled slips counted (won, lost and cancelled)' }) slips: number;
  @ApiProperty({ example: '4500.00', description: 'Ksh: Σ slip prices' }) paid_ksh: string;
  @ApiProperty({ example: '4000.00', description: 'Ksh: stake × slips' }) staked_ksh: string;
  @ApiProperty({
    example: '3870.00',
    description:
      'Ksh: stake × Σ settled accumulator of won slips (+ stake back per cancelled slip)',
  })
  returned_ksh: string;
  @ApiProperty({ example: '-4630.00', description: 'Ksh: returned − paid − staked' })
  net_ksh: string;
}

class ClvDto {
  @ApiProperty({ description: 'Legs with closing odds' }) legs: number;
  @ApiProperty({
    nullable: true,
    type: Number,
    example: 1.0213,
    description:
      'Mean over those legs of quoted ÷ closing odd of the same selection, 4 decimals; null with none',
  })
  mean: number | null;
  @ApiProperty({ description: 'Legs without closing odds' }) without_closing: number;
}

class StreaksDto {
  @ApiProperty({
    example: -2,
    description: '+n won in a row, −n lost in a row (cancelled slips skipped)',
  })
  current: number;
  @ApiProperty() longest_losing: number;
  @ApiProperty({
    example: 4.2,
    description: 'Largest fall of cumulative profit from a peak, units',
  })
  max_drawdown_units: number;
  @ApiProperty({ example: 'WWLWLCWLLW', description: 'Last 10 settled slips, oldest first' })
  last10: string;
}

/** `GET /api/records/tipster/{username}`. */
export class TipsterRecordDto {
  @ApiProperty() username: string;
  @ApiProperty({ description: 'Won + lost slips' }) settled: number;
  @ApiProperty() won: number;
  @ApiProperty() lost: number;
  @ApiProperty({ description: 'Cancelled slips (every leg void)' }) void: number;
  @ApiProperty({ description: 'Percent, 2 decimals' }) hit_rate: number;
  @ApiProperty({ description: 'Units, 1 unit a slip' }) profit_units: number;
  @ApiProperty({ description: 'Percent' }) roi: number;
  @ApiProperty({ description: "The spec's rating, percent" }) rating: number;
  @ApiProperty({ type: TrustRatingDto }) trust_rating: TrustRatingDto;
  @ApiProperty({
    type: MoneyBackCountDto,
    description:
      'Money-back slips of the tipster and how many were refunded (docs/PRODUCT-RULES.md R279)',
  })
  money_back: MoneyBackCountDto;
  @ApiProperty({ type: BuyerReturnDto }) buyer_return: BuyerReturnDto;
  @ApiProperty({ type: ClvDto }) clv: ClvDto;
  @ApiProperty({ type: StreaksDto }) streaks: StreaksDto;
  @ApiProperty({ type: LegTotalsDto }) legs: LegTotalsDto;
  @ApiProperty({ type: [BreakdownDto] }) markets: BreakdownDto[];
  @ApiProperty({ type: [BreakdownDto] }) leagues: BreakdownDto[];
}

/** `GET /api/records/marketplace`: every settled slip of the marketplace. */
export class MarketplaceRecordDto {
  @ApiProperty({ description: 'Won + lost slips' }) settled: number;
  @ApiProperty() won: number;
  @ApiProperty() lost: number;
  @ApiProperty({ description: 'Cancelled slips (every leg void)' }) void: number;
  @ApiProperty({ description: 'Percent of won + lost slips that won, 2 decimals', example: 41.27 })
  hit_rate: number;
}

import { Money } from '../../common/money/money';
import { salePrices } from '../../common/money/sale-prices';
import type { SaleRates } from '../../config/app-config';
import type { GameView, ResultProvenance } from '../fixtures/fixtures.service';
import type { ResultSource } from '../fixtures/domain/result-source';
import { toGameDate } from '../fixtures/fixtures.mapper';
import { roiOf } from '../tipster-stats/domain/tipster-stats';
import type { SlipRow, TipRow } from './slip.repository';
import { commitmentInput } from './domain/slip-commitment';
import { ussdCodeOf } from './domain/ussd-code';

/**
 * Tip shape (docs/PRODUCT-RULES.md R114). `market_type` and `odd` only when the picks may be shown.
 */
export interface TipResponse {
  home_team: string;
  away_team: string;
  game_date: string | null;
  league: string;
  /** 'h-a' once the game has a score (live or final), else null. */
  game_result: string | null;
  market_type?: number;
  odd?: string;
  fixture: number;
  /** W, L or V once the slip is settled, else null. */
  result: string | null;
  /** Once the slip is finished: where the score came from (null when the source is not recorded). */
  result_source?: ResultSource | null;
  /** Once the slip is finished, on void legs (result V): why the leg is void. */
  void_reason?: string;
}

/**
 * Slip shape (docs/PRODUCT-RULES.md R114). `price` in Ksh; `price_ng` (NGN) and `price_ug` (UGX, an
 * addition to the spec's fields) are what buy-flw and buy-flw-ug charge for it (salePrice,
 * docs/PRODUCT-RULES.md R6).
 */
export interface SlipResponse {
  id: number;
  price: number;
  price_ng: number;
  price_ug: number;
  date_created: string;
  accumulator: string;
  jackpot: boolean;
  /** Money back if the slip loses: each buyer gets a voucher of the price paid (docs/PRODUCT-RULES.md R240, R244). */
  money_back: boolean;
  slip_result: string | null;
  tips: TipResponse[];
  user: { username: string };
  meta: {
    rating: number;
    profile_image: string | null;
    settled: number;
    profit: number;
    roi: number;
  };
  /** SHA-256 commitment of the picks (64 hex), on every slip, also on sale (it reveals nothing). */
  commitment: string | null;
  /** The commitment's salt (64 hex), only once the slip is finished (settled or cancelled). */
  salt?: string;
  /** The canonical string the commitment hashes (commitmentInput), only once the slip is finished. */
  commitment_input?: string;
  /** The code to buy it by in the USSD menu: the id and a Luhn check digit (docs/PRODUCT-RULES.md R176). */
  ussd_code: string;
}

/** What the mapper needs besides the rows. */
export interface MapContext {
  games: Map<string, GameView>;
  /** The exchange rates (config.currency) for price_ng and price_ug. */
  rates: SaleRates;
  avatarUrl: (file: string | null) => string | null;
  /** True when the viewer is the slip's tipster (own list, own profile). */
  isOwner: (userId: number) => boolean;
  /** Result provenance of decided fixtures (FixturesService.resultSources), for finished slips' legs. */
  sources?: Map<string, ResultProvenance>;
}

/**
 * Pick gating (docs/PRODUCT-RULES.md "Slips and what a visitor may see"): a slip's picks and
 * per-game odds are shown only once it is settled, or to its own tipster.
 */
export const picksVisible = (
  slip: Pick<SlipRow, 'slipResult' | 'userId'>,
  isOwner: (userId: number) => boolean,
): boolean => slip.slipResult !== null || isOwner(slip.userId);

/**
 * One tip in its public (or owner's) shape; a finished slip's tip also carries `result_source` and,
 * when void, `void_reason` (docs/PRODUCT-RULES.md "Records and responsible gambling").
 */
export const toTipResponse = (
  tip: TipRow,
  game: GameView | undefined,
  showPick: boolean,
  settled: boolean,
  provenance?: ResultProvenance,
): TipResponse => {
  const score = game?.state.score ?? null;
  const finished = settled
    ? {
        result_source: provenance?.source ?? null,
        ...(tip.result === 'V'
          ? { void_reason: provenance?.voidReason ?? 'Match not played' }
          : {}),
      }
    : {};
  return {
    home_team: game?.homeTeam ?? '',
    away_team: game?.awayTeam ?? '',
    game_date: game ? toGameDate(game.gameDate) : null,
    league: game?.league ?? '',
    game_result: score ? `${score.home}-${score.away}` : null,
    ...(showPick ? { market_type: tip.marketId, odd: tip.odd } : {}),
    fixture: Number(tip.fixtureId),
    result: settled ? tip.result : null,
    ...finished,
  };
};

/**
 * The tipster's record a card shows beside the rating (docs/PRODUCT-RULES.md "Tipster
 * statistics"): settled (won + lost) slips, profit in units (2 decimals) and ROI % (roiOf).
 */
export const tipsterRecord = (
  slip: Pick<SlipRow, 'tipsterWon' | 'tipsterLost' | 'tipsterProfit'>,
): { settled: number; profit: number; roi: number } => {
  const settled = slip.tipsterWon + slip.tipsterLost;
  const profit = Number(slip.tipsterProfit);
  return { settled, profit: Math.round(profit * 100) / 100, roi: roiOf(profit, settled) };
};

/**
 * One slip in its public (or owner's) shape; rating on a card is the percent (cards divide by 10 themselves).
 * Provable publishing (docs/PRODUCT-RULES.md "Records and responsible gambling"): `commitment`
 * always; `salt` and `commitment_input` once the slip is finished, when its picks are public too.
 */
export const toSlipResponse = (slip: SlipRow, tips: TipRow[], ctx: MapContext): SlipResponse => {
  const show = picksVisible(slip, ctx.isOwner);
  const settled = slip.slipResult !== null;
  const prices = salePrices(Money.parse(slip.price), ctx.rates);
  return {
    id: slip.id,
    price: prices.KES.cents / 100,
    price_ng: prices.NGN.cents / 100,
    price_ug: prices.UGX.cents / 100,
    date_created: toGameDate(new Date(slip.dateCreated)),
    accumulator: slip.accumulator,
    jackpot: slip.jackpot,
    money_back: slip.moneyBack,
    slip_result: slip.slipResult,
    tips: tips.map((t) =>
      toTipResponse(t, ctx.games.get(t.fixtureId), show, settled, ctx.sources?.get(t.fixtureId)),
    ),
    user: { username: slip.username },
    meta: {
      rating: Number(slip.rating),
      profile_image: ctx.avatarUrl(slip.avatarFile),
      ...tipsterRecord(slip),
    },
    commitment: slip.commitment,
    ...(settled && slip.commitSalt
      ? { salt: slip.commitSalt, commitment_input: commitmentInput(slip.id, tips, slip.commitSalt) }
      : {}),
    ussd_code: ussdCodeOf(slip.id),
  };
};

import { Link as RouterLink } from 'react-router';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import Divider from '@mui/material/Divider';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useMarkets } from '../api/slips';
import type { Market, Slip, SlipTip } from '../api/types';
import {
  GAME_TIMING_LABEL,
  gameTimingState,
  nairobiDate,
  gameTimeLabel,
} from '../lib/nairobi-time';
import {
  cardRating,
  formatOdds,
  resultOddsLabel,
  resultState,
  type ResultState,
} from '../lib/odds';
import { PATHS } from '../lib/paths';
import { SITE } from '../lib/site';
import { formatProfit } from '../lib/figures';
import { buyPath, slipPriceLabel, type SaleCountry } from '../lib/sale-country';
import { isFinished, isOnSale, slipMeta } from '../lib/slip';
import { Pill } from './Pill';
import { TipsterAvatar } from './TipsterAvatar';

/**
 * Theme colour of a result (docs/PRODUCT-RULES.md R122): won success, lost error, anything else
 * warning.
 */
export const RESULT_COLOR: Record<ResultState, 'success' | 'error' | 'warning'> = {
  won: 'success',
  lost: 'error',
  cancelled: 'warning',
};

export const RESULT_LABEL: Record<ResultState, string> = {
  won: 'Won',
  lost: 'Lost',
  cancelled: 'Cancelled',
};

const TIMING_COLOR = {
  not_started: 'text.secondary',
  in_play: 'warning.main',
  played: 'text.disabled',
};

/** A tip's pick as 'MARKET @ odd' (market id resolved through GET /api/slip/markets); null while hidden. */
export const pickLabel = (
  tip: SlipTip,
  markets: Map<number, Market> | undefined,
): string | null => {
  if (tip.market_type === null || tip.market_type === undefined) return null;
  const market = markets?.get(Number(tip.market_type));
  const pick = market ? market.value : '…';
  return tip.odd !== null && tip.odd !== undefined ? `${pick} @ ${formatOdds(tip.odd)}` : pick;
};

/**
 * A tip's pick line ('HOME WIN @ 1.50'), coloured by the tip's own result once settled (W, L or V,
 * docs/PRODUCT-RULES.md R114), else in the secondary colour; `suffix` follows the pick. Nothing
 * without a pick (public view of an unfinished slip).
 */
export const PickLine = ({
  tip,
  pick,
  suffix = '',
}: {
  tip: SlipTip;
  pick: string | null;
  suffix?: string;
}) => {
  if (!pick) return null;
  const tipResult = tip.result ? resultState(tip.result) : null;
  return (
    <Typography
      variant="body2"
      sx={{ color: tipResult ? `${RESULT_COLOR[tipResult]}.main` : 'secondary.main' }}
    >
      {pick}
      {suffix}
    </Typography>
  );
};

const GameRow = ({
  tip,
  markets,
  now,
}: {
  tip: SlipTip;
  markets: Map<number, Market> | undefined;
  now: Date;
}) => {
  const timing = gameTimingState(tip.game_date, now);
  const pick = pickLabel(tip, markets);
  return (
    <Box component="li" sx={{ py: 1, listStyle: 'none' }}>
      <Typography variant="body2" sx={{ fontWeight: 700 }}>
        {tip.home_team} v {tip.away_team}
        {tip.game_result ? (
          <Box component="span" sx={{ fontWeight: 400, color: 'text.secondary' }}>
            {' '}
            ({tip.game_result})
          </Box>
        ) : null}
      </Typography>
      <Typography variant="caption" component="p" color="text.secondary">
        {tip.league} · {gameTimeLabel(tip.game_date, now)} ·{' '}
        <Box component="span" sx={{ color: TIMING_COLOR[timing] }}>
          {GAME_TIMING_LABEL[timing]}
        </Box>
      </Typography>
      <PickLine tip={tip} pick={pick} suffix={tip.result === 'V' ? ' (void)' : ''} />
      <ResultProvenance tip={tip} />
    </Box>
  );
};

/** Source name of a result on a finished leg. */
const SOURCE_LABEL = {
  'football-data': 'football-data.co.uk',
  'api-football': 'API-Football fixture',
} as const;

/**
 * A finished leg's provenance (docs/PRODUCT-RULES.md "Records and responsible gambling"): where
 * its score came from and, on a void leg, why it is void. Nothing while the slip is on sale.
 */
export const ResultProvenance = ({ tip }: { tip: SlipTip }) => {
  if (!tip.result_source && !tip.void_reason) return null;
  return (
    <Typography variant="caption" component="p" color="text.secondary" data-testid="result-source">
      {tip.void_reason ? `Void: ${tip.void_reason}. ` : null}
      {tip.result_source
        ? `Result: ${SOURCE_LABEL[tip.result_source.kind] ?? tip.result_source.kind} ${tip.result_source.ref}`
        : null}
    </Typography>
  );
};

/**
 * The slip's SHA-256 commitment (shortened) with a link to /verify: on sale it proves the picks
 * cannot change; once finished anyone can recompute it there.
 */
export const CommitmentLine = ({ slip, finished }: { slip: Slip; finished: boolean }) => {
  if (!slip.commitment) return null;
  return (
    <Typography
      variant="caption"
      component="p"
      color="text.secondary"
      sx={{ px: 1.5, pb: 1 }}
      data-testid="commitment"
    >
      Commitment{' '}
      <Box component="code" title={slip.commitment}>
        {slip.commitment.slice(0, 12)}…
      </Box>{' '}
      ·{' '}
      <Link component={RouterLink} to={PATHS.verifySlip(slip.id)} color="inherit">
        {finished ? 'Verify the picks' : 'How this proves the picks cannot change'}
      </Link>
    </Typography>
  );
};

export interface SlipCardProps {
  slip: Slip;
  /**
   * Currency and purchase route (docs/PRODUCT-RULES.md R103: Ksh, NGN and UGX on their routes).
   * Default Kenya.
   */
  country?: SaleCountry;
  /** Hide the buy button (on the purchase pages themselves). */
  hideBuy?: boolean;
  /** Current time, injected by tests. */
  now?: Date;
}

/**
 * A slip card (docs/PRODUCT-RULES.md R12, R13, R122, "Public web app"): tipster with avatar and
 * rating / 10, each game with its teams, league, kick-off label and timing state, the total odds,
 * the price, and the buy button to the country's route; finished slips show the result colour and
 * the +/- odds prefix.
 */
export const SlipCard = ({
  slip,
  country = 'KE',
  hideBuy = false,
  now = new Date(),
}: SlipCardProps) => {
  const meta = slipMeta(slip);
  const username = slip.user?.username ?? '';
  const finished = isFinished(slip);
  const result = finished ? resultState(slip.slip_result) : null;
  const hasPicks = slip.tips.some(
    (tip) => tip.market_type !== null && tip.market_type !== undefined,
  );
  const markets = useMarkets(hasPicks).data;
  const onSale = isOnSale(slip, now);

  return (
    <Card
      component="article"
      variant="outlined"
      aria-label={`Slip ${slip.id} by ${username}`}
      sx={{ height: '100%', display: 'flex', flexDirection: 'column' }}
    >
      <Stack direction="row" spacing={1.5} sx={{ alignItems: 'center', p: 1.5 }}>
        <TipsterAvatar username={username} src={meta.profile_image} />
        <Box sx={{ minWidth: 0, flex: 1 }}>
          <Link
            component={RouterLink}
            to={PATHS.profileOf(username)}
            color="inherit"
            sx={{ fontWeight: 700, display: 'block' }}
            noWrap
          >
            {username}
          </Link>
          <Typography variant="caption" color="text.secondary" component="div">
            Rating {cardRating(meta.rating)} · {nairobiDate(slip.date_created)}
          </Typography>
          <Typography
            variant="caption"
            color="text.secondary"
            component="div"
            data-testid="tipster-record"
          >
            {meta.settled} settled · profit {formatProfit(meta.profit)} · ROI {meta.roi.toFixed(2)}%
          </Typography>
        </Box>
        <Stack spacing={0.5} sx={{ alignItems: 'flex-end' }}>
          {result ? (
            <Pill color={RESULT_COLOR[result]}>{RESULT_LABEL[result]}</Pill>
          ) : (
            <Pill>{slip.tips.length} games</Pill>
          )}
          {slip.money_back ? <Pill color="warning">Money back</Pill> : null}
        </Stack>
      </Stack>
      <Divider />
      <Box component="ul" sx={{ m: 0, px: 1.5, py: 0.5, flex: 1 }} aria-label="Games">
        {slip.tips.map((tip, index) => (
          <GameRow key={`${tip.fixture ?? index}-${index}`} tip={tip} markets={markets} now={now} />
        ))}
      </Box>
      <Divider />
      <Stack
        direction="row"
        spacing={1}
        sx={{ alignItems: 'center', justifyContent: 'space-between', p: 1.5, flexWrap: 'wrap' }}
      >
        <Box>
          <Typography variant="caption" color="text.secondary" component="p">
            Total odds
          </Typography>
          <Typography
            data-testid="total-odds"
            sx={{
              fontWeight: 800,
              color: result ? `${RESULT_COLOR[result]}.main` : 'secondary.main',
            }}
          >
            {result
              ? resultOddsLabel(slip.accumulator, slip.slip_result)
              : formatOdds(slip.accumulator)}
          </Typography>
        </Box>
        <Box sx={{ textAlign: 'right' }}>
          <Typography variant="caption" color="text.secondary" component="p">
            Price
          </Typography>
          <Typography data-testid="price" sx={{ fontWeight: 700 }}>
            {slipPriceLabel(slip, country)}
          </Typography>
        </Box>
      </Stack>
      <CommitmentLine slip={slip} finished={finished} />
      {!finished && slip.ussd_code ? (
        <Typography
          variant="caption"
          component="p"
          color="text.secondary"
          sx={{ px: 1.5, pb: 1 }}
          data-testid="ussd-code"
        >
          Any phone: dial {SITE.ussdCode}, choose 3 and enter code{' '}
          <Box component="strong" sx={{ color: 'text.primary' }}>
            {slip.ussd_code}
          </Box>
        </Typography>
      ) : null}
      {!hideBuy && !finished ? (
        <Box sx={{ px: 1.5, pb: 1.5 }}>
          {onSale ? (
            <>
              <Button
                component={RouterLink}
                to={buyPath(country, slip.id)}
                variant="contained"
                fullWidth
                aria-label={`Buy slip ${slip.id}`}
              >
                Buy Tip
              </Button>
              {country === 'KE' ? (
                <Link
                  component={RouterLink}
                  to={PATHS.selectCountry(slip.id)}
                  variant="caption"
                  color="text.secondary"
                  sx={{ display: 'block', textAlign: 'center', mt: 0.75 }}
                >
                  Paying from Nigeria or Uganda?
                </Link>
              ) : null}
            </>
          ) : (
            <Typography variant="body2" color="text.secondary" sx={{ textAlign: 'center' }}>
              Sale closed: the first game has started
            </Typography>
          )}
        </Box>
      ) : null}
    </Card>
  );
};

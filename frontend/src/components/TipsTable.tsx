import { Link as RouterLink } from 'react-router';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import type { Theme } from '@mui/material/styles';
import { useMarkets } from '../api/slips';
import type { Market, Slip, SlipTip } from '../api/types';
import { gameTimeLabel, nairobiClock, nairobiDate } from '../lib/nairobi-time';
import { formatOdds, resultOddsLabel, resultState } from '../lib/odds';
import { buyPath, slipPriceLabel, type SaleCountry } from '../lib/sale-country';
import { isFinished, isOnSale } from '../lib/slip';
import { PickLine, RESULT_COLOR, RESULT_LABEL, pickLabel } from './SlipCard';
import { visuallyHidden } from './visually-hidden';

/** A tip's own result (docs/PRODUCT-RULES.md R114: W, L or V once the slip is settled). */
const TIP_RESULT_LABEL: Record<string, string> = { W: 'Won', L: 'Lost', V: 'Void' };

const hasPick = (tip: SlipTip): boolean =>
  tip.market_type !== null && tip.market_type !== undefined;

/**
 * Kick-off in Nairobi: the label of docs/PRODUCT-RULES.md R123 ('Today 17:30') while open, the full
 * date once finished.
 */
const kickOffLabel = (tip: SlipTip, finished: boolean, now: Date): string => {
  if (tip.game_date === null) return '';
  const date = new Date(tip.game_date);
  if (Number.isNaN(date.getTime())) return '';
  return finished ? `${nairobiDate(date)} ${nairobiClock(date)}` : gameTimeLabel(date, now);
};

const GameLine = ({
  tip,
  finished,
  showPicks,
  markets,
  now,
}: {
  tip: SlipTip;
  finished: boolean;
  showPicks: boolean;
  markets: Map<number, Market> | undefined;
  now: Date;
}) => {
  const pick = showPicks ? pickLabel(tip, markets) : null;
  return (
    <Box sx={showPicks ? { py: 0.5 } : undefined}>
      <Typography variant="body2">
        {tip.home_team} v {tip.away_team}
        {showPicks && tip.game_result ? ` (${tip.game_result})` : ''}{' '}
        <Typography component="span" variant="caption" color="text.secondary">
          {kickOffLabel(tip, finished, now)}
          {showPicks && tip.league ? ` · ${tip.league}` : ''}
        </Typography>
      </Typography>
      <PickLine
        tip={tip}
        pick={pick}
        suffix={tip.result ? ` · ${TIP_RESULT_LABEL[tip.result] ?? tip.result}` : ''}
      />
    </Box>
  );
};

/** The last column: the result once finished, 'Closed' once a game has started, else Buy (or 'On sale'). */
const SlipAction = ({
  slip,
  country,
  hideBuy,
  now,
}: {
  slip: Slip;
  country: SaleCountry;
  hideBuy: boolean;
  now: Date;
}) => {
  if (isFinished(slip)) return <>{RESULT_LABEL[resultState(slip.slip_result)]}</>;
  if (!isOnSale(slip, now)) return <>Closed</>;
  if (hideBuy) return <>On sale</>;
  return (
    <Button
      component={RouterLink}
      to={buyPath(country, slip.id)}
      size="small"
      variant="contained"
      aria-label={`Buy slip ${slip.id}`}
    >
      Buy
    </Button>
  );
};

/**
 * Phones (below MUI's `sm`, 600 px): one card per slip instead of the table, so nothing is cut off
 * or scrolls sideways — date, total odds and price on top, the games, then Buy or the status.
 */
const TipsCards = ({
  slips,
  country,
  caption,
  showPicks,
  hideBuy,
  now,
  markets,
}: {
  slips: readonly Slip[];
  country: SaleCountry;
  caption: string;
  showPicks: boolean;
  hideBuy: boolean;
  now: Date;
  markets: Map<number, Market> | undefined;
}) => (
  <Box
    component="ul"
    aria-label={caption}
    sx={{ listStyle: 'none', p: 0, m: 0, display: 'grid', gap: 1.5 }}
  >
    {slips.map((slip) => {
      const finished = isFinished(slip);
      const result = resultState(slip.slip_result);
      return (
        <Paper
          key={slip.id}
          component="li"
          variant="outlined"
          sx={{ p: 1.5, minWidth: 0, overflowWrap: 'anywhere' }}
        >
          <Box
            sx={{
              display: 'flex',
              flexWrap: 'wrap',
              alignItems: 'baseline',
              columnGap: 1.5,
              rowGap: 0.5,
              mb: 1,
            }}
          >
            <Typography variant="caption" color="text.secondary" sx={{ flexGrow: 1 }}>
              {nairobiDate(slip.date_created)}
            </Typography>
            <Typography
              variant="body2"
              sx={{ fontWeight: 700, color: finished ? `${RESULT_COLOR[result]}.main` : undefined }}
            >
              Odds{' '}
              {finished
                ? resultOddsLabel(slip.accumulator, slip.slip_result)
                : formatOdds(slip.accumulator)}
            </Typography>
            <Typography variant="body2" sx={{ fontWeight: 700, whiteSpace: 'nowrap' }}>
              {slipPriceLabel(slip, country)}
            </Typography>
          </Box>
          {slip.tips.map((tip, index) => (
            <GameLine
              key={index}
              tip={tip}
              finished={finished}
              showPicks={showPicks}
              markets={markets}
              now={now}
            />
          ))}
          <Box
            sx={{
              display: 'flex',
              justifyContent: 'flex-end',
              alignItems: 'center',
              mt: 1,
              fontWeight: 700,
            }}
          >
            <SlipAction slip={slip} country={country} hideBuy={hideBuy} now={now} />
          </Box>
        </Paper>
      );
    })}
  </Box>
);

/**
 * A tipster's slips as a table (docs/PRODUCT-RULES.md R99: /active_tips/{username}): date, games
 * with kick-off, total odds, price and the buy button (or the result once finished). The tipster's
 * own lists (/dashboard/active_tips, /dashboard/finished_tips) set `showPicks` (each game's league,
 * market and odd, its score and result once settled) and `hideBuy` (a Status column: On sale,
 * Closed or the slip's result). On phones the same content is a list of cards (TipsCards).
 */
export const TipsTable = ({
  slips,
  country = 'KE',
  caption,
  showPicks = false,
  hideBuy = false,
  now = new Date(),
}: {
  slips: readonly Slip[];
  country?: SaleCountry;
  caption: string;
  showPicks?: boolean;
  hideBuy?: boolean;
  now?: Date;
}) => {
  const markets = useMarkets(showPicks && slips.some((slip) => slip.tips.some(hasPick))).data;
  const phone = useMediaQuery((theme: Theme) => theme.breakpoints.down('sm'), { noSsr: true });
  if (phone) {
    return (
      <TipsCards
        slips={slips}
        country={country}
        caption={caption}
        showPicks={showPicks}
        hideBuy={hideBuy}
        now={now}
        markets={markets}
      />
    );
  }
  return (
    <TableContainer component={Paper} variant="outlined">
      <Table size="small" aria-label={caption}>
        <TableHead>
          <TableRow>
            <TableCell>Date</TableCell>
            <TableCell>Games</TableCell>
            <TableCell align="right">Total odds</TableCell>
            <TableCell align="right">Price</TableCell>
            <TableCell align="right" sx={{ width: 96 }}>
              {hideBuy ? (
                'Status'
              ) : (
                <Box component="span" sx={visuallyHidden}>
                  Action
                </Box>
              )}
            </TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {slips.map((slip) => {
            const finished = isFinished(slip);
            const result = resultState(slip.slip_result);
            return (
              <TableRow key={slip.id}>
                <TableCell sx={{ whiteSpace: 'nowrap' }}>
                  {nairobiDate(slip.date_created)}
                </TableCell>
                <TableCell>
                  {slip.tips.map((tip, index) => (
                    <GameLine
                      key={index}
                      tip={tip}
                      finished={finished}
                      showPicks={showPicks}
                      markets={markets}
                      now={now}
                    />
                  ))}
                </TableCell>
                <TableCell
                  align="right"
                  sx={{
                    fontWeight: 700,
                    color: finished ? `${RESULT_COLOR[result]}.main` : undefined,
                  }}
                >
                  {finished
                    ? resultOddsLabel(slip.accumulator, slip.slip_result)
                    : formatOdds(slip.accumulator)}
                </TableCell>
                <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
                  {slipPriceLabel(slip, country)}
                </TableCell>
                <TableCell align="right">
                  <SlipAction slip={slip} country={country} hideBuy={hideBuy} now={now} />
                </TableCell>
              </TableRow>
            );
          })}
        </TableBody>
      </Table>
    </TableContainer>
  );
};

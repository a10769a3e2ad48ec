import { useState } from 'react';
import { Link as RouterLink } from 'react-router';
import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import type { Theme } from '@mui/material/styles';
import {
  type RecordBreakdown,
  type TipsterRecord,
  TRUST_MIN_SETTLED,
  useTipsterRecord,
} from '../api/records';
import { formatProfit } from '../lib/figures';
import { SectionHeading } from './SectionHeading';
import { FigureList } from './FigureList';

/** Default and bounds of the calculator's stake (whole Ksh; the server's rule). */
const DEFAULT_STAKE = 100;
const MAX_STAKE = 1_000_000;

/**
 * The stake typed in the field as whole Ksh when it is one the route accepts (1 to MAX_STAKE,
 * digits only), else null: what is typed is checked, not computed with; the server checks it again.
 */
const typedStake = (text: string): number | null => {
  if (!/^\d{1,7}$/.test(text)) return null;
  const whole = Number(text);
  return whole >= 1 && whole <= MAX_STAKE ? whole : null;
};
const ksh = (amount: string): string => `Ksh ${amount}`;
/** The server's money-back pair (docs/PRODUCT-RULES.md R279) as '4 (1 refunded)': both counts as sent. */
const moneyBack = (m: { slips: number; refunded: number }): string =>
  `${m.slips} (${m.refunded} refunded)`;

/** The figures of one breakdown row, labelled (cards on phones, cells on wider screens). */
const FIGURES: { label: string; value: (r: RecordBreakdown) => string }[] = [
  { label: 'Legs', value: (r) => String(r.legs) },
  { label: 'Won', value: (r) => String(r.won) },
  { label: 'Lost', value: (r) => String(r.lost) },
  { label: 'Void', value: (r) => String(r.void) },
  { label: 'Hit rate', value: (r) => `${r.hit_rate.toFixed(2)}%` },
  { label: 'Profit (units)', value: (r) => formatProfit(r.profit_units) },
  {
    label: 'Money-back (refunded)',
    value: (r) => `${r.money_back.slips} (${r.money_back.refunded})`,
  },
];

/**
 * A breakdown (per market type or per league) as a table; on phones (below 600 px) one card per
 * row, like the slips tables, so nothing scrolls sideways.
 */
const BreakdownTable = ({
  caption,
  rows,
  name,
}: {
  caption: string;
  rows: RecordBreakdown[];
  name: (r: RecordBreakdown) => string;
}) => {
  const phone = useMediaQuery((theme: Theme) => theme.breakpoints.down('sm'), { noSsr: true });
  if (!rows.length) return <Typography color="text.secondary">No settled legs yet.</Typography>;
  if (phone) {
    return (
      <Box
        component="ul"
        aria-label={caption}
        sx={{ listStyle: 'none', p: 0, m: 0, display: 'grid', gap: 1 }}
      >
        {rows.map((r) => (
          <Paper key={name(r)} component="li" variant="outlined" sx={{ p: 1.5 }}>
            <Typography sx={{ fontWeight: 700 }}>{name(r)}</Typography>
            <FigureList figures={FIGURES} row={r} />
          </Paper>
        ))}
      </Box>
    );
  }
  return (
    <TableContainer component={Paper} variant="outlined">
      <Table size="small" aria-label={caption}>
        <TableHead>
          <TableRow>
            <TableCell />
            {FIGURES.map((f) => (
              <TableCell key={f.label} align="right">
                {f.label}
              </TableCell>
            ))}
          </TableRow>
        </TableHead>
        <TableBody>
          {rows.map((r) => (
            <TableRow key={name(r)}>
              <TableCell component="th" scope="row">
                {name(r)}
              </TableCell>
              {FIGURES.map((f) => (
                <TableCell key={f.label} align="right">
                  {f.value(r)}
                </TableCell>
              ))}
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </TableContainer>
  );
};

/** Labelled figures in a row that wraps on phones. */
const Figures = ({ label, items }: { label: string; items: [string, string][] }) => (
  <Box component="dl" aria-label={label} sx={{ display: 'flex', flexWrap: 'wrap', gap: 2, m: 0 }}>
    {items.map(([term, value]) => (
      <Box key={term} sx={{ minWidth: 120 }}>
        <Typography component="dt" variant="caption" color="text.secondary">
          {term}
        </Typography>
        <Typography component="dd" sx={{ m: 0, fontWeight: 700 }}>
          {value}
        </Typography>
      </Box>
    ))}
  </Box>
);

const RecordView = ({
  record,
  stakeText,
  setStakeText,
}: {
  record: TipsterRecord;
  stakeText: string;
  setStakeText: (s: string) => void;
}) => {
  const b = record.buyer_return;
  const stakeOk = typedStake(stakeText) !== null;
  const current = record.streaks.current;
  return (
    <Stack spacing={3}>
      <Paper variant="outlined" sx={{ p: 2 }}>
        <Figures
          label="Record summary"
          items={[
            ['Settled slips', String(record.settled)],
            ['Rating', `${record.rating.toFixed(2)}%`],
            [
              'Trust rating',
              record.trust_rating.value === null
                ? `needs ${TRUST_MIN_SETTLED} settled slips`
                : `${record.trust_rating.value.toFixed(2)}%`,
            ],
            ['Profit', `${formatProfit(record.profit_units)} units`],
            ['ROI', `${record.roi.toFixed(2)}%`],
            ['Money-back slips', moneyBack(record.money_back)],
          ]}
        />
        <Typography variant="caption" color="text.secondary" component="p" sx={{ mt: 1 }}>
          The trust rating discounts short lucky runs.{' '}
          <Link component={RouterLink} to={record.trust_rating.method}>
            How ratings work
          </Link>
        </Typography>
      </Paper>

      <Box component="section" aria-labelledby="buyer-return-title">
        <SectionHeading id="buyer-return-title">If you had bought every slip</SectionHeading>
        <Paper variant="outlined" sx={{ p: 2 }}>
          <TextField
            label="Stake per slip (Ksh)"
            value={stakeText}
            onChange={(e) => setStakeText(e.target.value.trim())}
            error={!stakeOk}
            helperText={
              stakeOk
                ? `Each of ${b.slips} settled slips bought at its price, Ksh ${b.stake} staked at its odds.`
                : 'A whole number of Ksh from 1 to 1,000,000'
            }
            slotProps={{ htmlInput: { inputMode: 'numeric' } }}
            size="small"
            sx={{ mb: 2, maxWidth: 320 }}
            fullWidth
          />
          <Figures
            label="Buyer return figures"
            items={[
              ['Paid for slips', ksh(b.paid_ksh)],
              ['Staked', ksh(b.staked_ksh)],
              ['Returned', ksh(b.returned_ksh)],
              ['Net', ksh(b.net_ksh)],
            ]}
          />
        </Paper>
      </Box>

      <Box component="section" aria-labelledby="streaks-title">
        <SectionHeading id="streaks-title">Streaks</SectionHeading>
        <Paper variant="outlined" sx={{ p: 2 }}>
          <Figures
            label="Streak figures"
            items={[
              [
                'Current',
                current === 0 ? '—' : current > 0 ? `${current} won` : `${-current} lost`,
              ],
              ['Longest losing run', String(record.streaks.longest_losing)],
              ['Largest drawdown', `${record.streaks.max_drawdown_units.toFixed(2)} units`],
              ['Last 10', record.streaks.last10 || '—'],
            ]}
          />
          <Typography variant="caption" color="text.secondary" component="p" sx={{ mt: 1 }}>
            Closing-line value:{' '}
            {record.clv.mean === null
              ? `not available yet (${record.clv.without_closing} legs without closing odds)`
              : `${record.clv.mean.toFixed(4)} over ${record.clv.legs} legs${record.clv.without_closing ? ` (${record.clv.without_closing} without closing odds)` : ''}`}
          </Typography>
        </Paper>
      </Box>

      <Box component="section" aria-labelledby="markets-title">
        <SectionHeading id="markets-title">By market</SectionHeading>
        <BreakdownTable
          caption="Record by market"
          rows={record.markets}
          name={(r) => r.market ?? ''}
        />
      </Box>
      <Box component="section" aria-labelledby="leagues-title">
        <SectionHeading id="leagues-title">By league</SectionHeading>
        <BreakdownTable
          caption="Record by league"
          rows={record.leagues}
          name={(r) => r.league ?? `League ${r.league_id}`}
        />
      </Box>
    </Stack>
  );
};

/**
 * A tipster's record on the profile (docs/PRODUCT-RULES.md "Records and responsible gambling"):
 * the rating beside the trust rating (or "needs 30 settled slips"), the buyer-return calculator
 * with a stake field, streaks, closing-line value and the breakdowns per market and league, with
 * the money-back slips and how many were refunded (docs/PRODUCT-RULES.md R279, the server's counts).
 * Nothing is shown when the record cannot be loaded.
 */
export const TipsterRecords = ({ username }: { username: string }) => {
  const [stakeText, setStakeText] = useState(String(DEFAULT_STAKE));
  const [stake, setStake] = useState(DEFAULT_STAKE);
  const record = useTipsterRecord(username, stake);
  const onStake = (text: string) => {
    setStakeText(text);
    const typed = typedStake(text);
    if (typed !== null) setStake(typed);
  };
  if (!record.data) return null;
  return (
    <Box component="section" aria-labelledby="record-title">
      <SectionHeading id="record-title">Record</SectionHeading>
      <RecordView record={record.data} stakeText={stakeText} setStakeText={onStake} />
    </Box>
  );
};

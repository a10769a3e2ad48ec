import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import type { DecimalValue } from '../lib/money';
import { percentRating } from '../lib/odds';
import { formatProfit } from '../lib/figures';

export interface TipsterStats {
  tips: number;
  won: number;
  lost: number;
  /** Units, 1 staked per slip, all time, as the server computed it (the profile's figures.profit). */
  profit: number;
  /** Percent. */
  rating: DecimalValue;
}

/**
 * A tipster's stat card (docs/PRODUCT-RULES.md R100): Tips, Wins, Lost, Profit, Rating (percent,
 * docs/PRODUCT-RULES.md R19).
 */
export const StatCard = ({ stats }: { stats: TipsterStats }) => {
  const items: { label: string; value: string; color?: string }[] = [
    { label: 'Tips', value: String(stats.tips) },
    { label: 'Wins', value: String(stats.won), color: 'success.main' },
    { label: 'Lost', value: String(stats.lost), color: 'error.main' },
    {
      label: 'Profit',
      value: formatProfit(stats.profit),
      color: stats.profit > 0 ? 'success.main' : stats.profit < 0 ? 'error.main' : undefined,
    },
    { label: 'Rating', value: percentRating(stats.rating), color: 'secondary.main' },
  ];
  return (
    <Paper
      variant="outlined"
      component="dl"
      aria-label="Tipster statistics"
      // Phones: 3 then 2 per row, so 'Profit' (+10.65) and 'Rating' (30.00%) are never cut off.
      sx={{
        display: 'grid',
        gridTemplateColumns: { xs: 'repeat(3, minmax(0, 1fr))', sm: 'repeat(5, minmax(0, 1fr))' },
        m: 0,
        p: 1.5,
        gap: 1,
      }}
    >
      {items.map((item) => (
        <Box key={item.label} sx={{ textAlign: 'center', minWidth: 0 }}>
          <Typography component="dt" variant="caption" color="text.secondary">
            {item.label}
          </Typography>
          <Typography
            component="dd"
            sx={{ m: 0, fontWeight: 800, color: item.color, overflowWrap: 'anywhere' }}
          >
            {item.value}
          </Typography>
        </Box>
      ))}
    </Paper>
  );
};

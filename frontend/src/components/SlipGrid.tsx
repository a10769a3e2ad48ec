import Grid from '@mui/material/Grid';
import type { Slip } from '../api/types';
import type { SaleCountry } from '../lib/sale-country';
import { SlipCard } from './SlipCard';

/** Slip cards in a responsive grid: one column on phones, up to three on wide screens. */
export const SlipGrid = ({ slips, country }: { slips: readonly Slip[]; country?: SaleCountry }) => (
  <Grid container spacing={2}>
    {slips.map((slip) => (
      <Grid key={slip.id} size={{ xs: 12, sm: 6, md: 4 }}>
        <SlipCard slip={slip} country={country} />
      </Grid>
    ))}
  </Grid>
);

import { useDeferredValue } from 'react';
import Grid from '@mui/material/Grid';
import type { Slip } from '../api/types';
import type { SaleCountry } from '../lib/sale-country';
import { SlipCard } from './SlipCard';

const NO_SLIPS: readonly Slip[] = [];

/**
 * Slip cards in a responsive grid: one column on phones, up to three on wide screens.
 * The cards render as a deferred (time-sliced) update: a page of 12-20 cards is the heaviest
 * render of the public pages, and on a low-end phone one synchronous render of it blocks the main
 * thread for hundreds of milliseconds (docs/PRODUCT-RULES.md "Public web app", Lighthouse Total Blocking Time).
 */
export const SlipGrid = ({ slips, country }: { slips: readonly Slip[]; country?: SaleCountry }) => {
  const shown = useDeferredValue(slips, NO_SLIPS);
  return (
    <Grid container spacing={2} aria-busy={shown !== slips}>
      {shown.map((slip) => (
        <Grid key={slip.id} size={{ xs: 12, sm: 6, md: 4 }}>
          <SlipCard slip={slip} country={country} />
        </Grid>
      ))}
    </Grid>
  );
};

import type { ReactNode } from 'react';
import Alert from '@mui/material/Alert';
import Grid from '@mui/material/Grid';
import { ApiError } from '../../api/client';
import { useSlip } from '../../api/slips';
import type { Slip } from '../../api/types';
import { LoadingState } from '../../components/QueryStatus';
import { SlipCard } from '../../components/SlipCard';
import type { SaleCountry } from '../../lib/sale-country';
import { isOnSale } from '../../lib/slip';
import { useLoggedError } from '../../lib/useLoggedError';
import { NotFoundPage } from '../errors/NotFoundPage';

/**
 * Loads the slip of a purchase route and lays out its card beside the payment form
 * (`children(slip)`), or says why it cannot be bought.
 */
export const SlipToBuy = ({
  slipId,
  country,
  children,
}: {
  slipId: string | undefined;
  country: SaleCountry;
  children: (slip: Slip) => ReactNode;
}) => {
  const slip = useSlip(slipId);
  const notFound = slip.error instanceof ApiError && slip.error.status === 404;
  useLoggedError(notFound ? null : slip.error, 'the slip');
  if (slip.isPending) return <LoadingState label="Loading slip" />;
  if (notFound) return <NotFoundPage />;
  if (slip.isError) return null;
  return (
    <Grid container spacing={3}>
      <Grid size={{ xs: 12, md: 6 }}>
        <SlipCard slip={slip.data} country={country} hideBuy />
      </Grid>
      <Grid size={{ xs: 12, md: 6 }}>
        {isOnSale(slip.data) ? (
          children(slip.data)
        ) : (
          <Alert severity="info">This slip is no longer on sale: its first game has started.</Alert>
        )}
      </Grid>
    </Grid>
  );
};

import type { ReactNode } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import Typography from '@mui/material/Typography';

/** Spinner for a section whose data is loading. */
export const LoadingState = ({ label = 'Loading' }: { label?: string }) => (
  <Box role="status" aria-label={label} sx={{ display: 'grid', placeItems: 'center', py: 4 }}>
    <CircularProgress size={32} />
  </Box>
);

/** A failure a screen shows to the user (docs/PRODUCT-RULES.md R70). */
export const ErrorAlert = ({ message }: { message: string }) => (
  <Alert severity="error" variant="outlined" sx={{ my: 2 }}>
    {message}
  </Alert>
);

/** A list with nothing in it. */
export const EmptyState = ({ children }: { children: ReactNode }) => (
  <Typography color="text.secondary" sx={{ py: 3, textAlign: 'center' }}>
    {children}
  </Typography>
);

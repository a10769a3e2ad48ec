import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';

/** Centred spinner shown while a lazily loaded route (the back office) downloads. */
export const PageLoader = () => (
  <Box
    role="status"
    aria-label="Loading"
    sx={{ display: 'grid', placeItems: 'center', minHeight: '60vh' }}
  >
    <CircularProgress />
  </Box>
);

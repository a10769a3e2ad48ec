import { useEffect } from 'react';
import { useRouteError } from 'react-router';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useDocumentTitle } from '../../lib/useDocumentTitle';

/**
 * Route error boundary: an error thrown while rendering or loading a route (for example a
 * lazily loaded chunk missing after a deploy). Logs it and offers a reload.
 */
export const RouteErrorPage = () => {
  const error = useRouteError();
  useDocumentTitle('Something went wrong');
  useEffect(() => {
    console.error(error);
  }, [error]);

  return (
    <Stack spacing={2} sx={{ alignItems: 'center', textAlign: 'center', py: 10, px: 2 }}>
      <Typography variant="h1">Something went wrong</Typography>
      <Typography color="text.secondary">Reload the page to try again.</Typography>
      <Button variant="contained" onClick={() => window.location.reload()}>
        Reload
      </Button>
    </Stack>
  );
};

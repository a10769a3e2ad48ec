import { Link as RouterLink } from 'react-router';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { PATHS } from '../../lib/paths';
import { useDocumentTitle } from '../../lib/useDocumentTitle';

/** Exact title and heading of the 404 page (docs/PRODUCT-RULES.md R97). */
export const NOT_FOUND_TITLE = 'Page Not Found';

/** 404 page for any unknown path (docs/PRODUCT-RULES.md R97). */
export const NotFoundPage = () => {
  useDocumentTitle(NOT_FOUND_TITLE);

  return (
    <Stack spacing={2} sx={{ alignItems: 'center', textAlign: 'center', py: { xs: 6, md: 10 } }}>
      <Typography variant="h1">{NOT_FOUND_TITLE}</Typography>
      <Typography color="text.secondary">
        The page you are looking for does not exist or has moved.
      </Typography>
      <Button component={RouterLink} to={PATHS.home} variant="contained">
        Go to Home
      </Button>
    </Stack>
  );
};

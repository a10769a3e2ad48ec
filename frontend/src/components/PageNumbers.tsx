import Box from '@mui/material/Box';
import Pagination from '@mui/material/Pagination';

/** Page numbers of a paged list (1-based); hidden with a single page. */
export const PageNumbers = ({
  page,
  count,
  onChange,
}: {
  page: number;
  count: number;
  onChange: (page: number) => void;
}) =>
  count > 1 ? (
    <Box
      component="nav"
      aria-label="Pages"
      sx={{ display: 'flex', justifyContent: 'center', mt: 3 }}
    >
      <Pagination
        page={page}
        count={count}
        onChange={(_, next) => onChange(next)}
        color="primary"
        siblingCount={0}
      />
    </Box>
  ) : null;

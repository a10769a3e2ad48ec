import Box from '@mui/material/Box';
import Button from '@mui/material/Button';

/** The part of a TanStack infinite query the button reads. */
export interface NextPageQuery {
  hasNextPage: boolean;
  isFetchingNextPage: boolean;
  fetchNextPage: () => Promise<unknown>;
}

/**
 * 'See More' under a list that follows the API's `next` link (docs/PRODUCT-RULES.md R99: finished
 * tips lists): shown while there is a next page, busy while it loads.
 */
export const SeeMoreButton = ({ query, mt = 2 }: { query: NextPageQuery; mt?: number }) =>
  query.hasNextPage ? (
    <Box sx={{ textAlign: 'center', mt }}>
      <Button
        variant="outlined"
        onClick={() => void query.fetchNextPage()}
        loading={query.isFetchingNextPage}
      >
        See More
      </Button>
    </Box>
  ) : null;

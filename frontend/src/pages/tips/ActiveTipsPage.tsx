import { useSearchParams } from 'react-router';
import Typography from '@mui/material/Typography';
import { useActiveSlips } from '../../api/slips';
import type { ActiveSlipFilters } from '../../api/query-keys';
import { PageHeader } from '../../components/PageHeader';
import { PageNumbers } from '../../components/PageNumbers';
import { EmptyState, ErrorAlert, LoadingState } from '../../components/QueryStatus';
import { SlipGrid } from '../../components/SlipGrid';
import { MESSAGES } from '../../lib/messages';
import { pageParam, withPage } from '../../lib/search-params';
import { pageTitle } from '../../lib/site';
import { useSeo } from '../../lib/useSeo';

/**
 * The /active_tips variants (docs/PRODUCT-RULES.md R99): all, ?type=top, and ?tips=1&team_a&team_b.
 */
export const activeTipsFilters = (params: URLSearchParams): ActiveSlipFilters => {
  const filters: ActiveSlipFilters = { page: pageParam(params) };
  if (params.get('type') === 'top') filters.top = true;
  if (params.get('tips') === '1') {
    filters.homeTeam = params.get('team_a') ?? undefined;
    filters.awayTeam = params.get('team_b') ?? undefined;
  }
  return filters;
};

const headingOf = (filters: ActiveSlipFilters): string => {
  if (filters.homeTeam || filters.awayTeam) {
    return `Tips for ${[filters.homeTeam, filters.awayTeam].filter(Boolean).join(' v ')}`;
  }
  return filters.top ? 'Top Tips' : 'Active Tips';
};

/**
 * Paged card list of active tips (docs/PRODUCT-RULES.md R99). A failed page shows "Error: Can't
 * Find Page".
 */
export const ActiveTipsPage = () => {
  const [params, setParams] = useSearchParams();
  const filters = activeTipsFilters(params);
  const heading = headingOf(filters);
  useSeo({
    title: pageTitle(heading),
    description:
      'Active football tip slips from Kenyan tipsters: tipster rating, games, kick-off times, total odds and price. Buy with M-Pesa and get the picks by SMS.',
  });
  const slips = useActiveSlips(filters);

  return (
    <>
      <PageHeader title={heading}>
        Slips on sale now. Each shows the tipster&apos;s rating, the games and the total odds; the
        picks are sent to you by SMS once you buy.
      </PageHeader>
      {slips.isPending ? (
        <LoadingState label="Loading tips" />
      ) : slips.isError ? (
        <ErrorAlert message={MESSAGES.pageNotFound} />
      ) : slips.data.results.length === 0 ? (
        <EmptyState>No active tips here right now.</EmptyState>
      ) : (
        <>
          <SlipGrid slips={slips.data.results} />
          <PageNumbers
            page={filters.page ?? 1}
            count={slips.data.num_pages}
            onChange={(page) => setParams(withPage(params, page))}
          />
        </>
      )}
      {slips.isFetching && !slips.isPending ? (
        <Typography variant="caption" color="text.secondary" role="status">
          Updating…
        </Typography>
      ) : null}
    </>
  );
};

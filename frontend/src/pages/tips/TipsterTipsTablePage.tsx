import { Link as RouterLink, useParams, useSearchParams } from 'react-router';
import Link from '@mui/material/Link';
import { useActiveSlips } from '../../api/slips';
import { PageHeader } from '../../components/PageHeader';
import { PageNumbers } from '../../components/PageNumbers';
import { EmptyState, ErrorAlert, LoadingState } from '../../components/QueryStatus';
import { TipsTable } from '../../components/TipsTable';
import { MESSAGES } from '../../lib/messages';
import { PATHS } from '../../lib/paths';
import { pageParam, withPage } from '../../lib/search-params';
import { pageTitle } from '../../lib/site';
import { useSeo } from '../../lib/useSeo';

/**
 * /active_tips/{username} (docs/PRODUCT-RULES.md R99): one tipster's active tips as a table, 10 a
 * page.
 */
export const TipsterTipsTablePage = () => {
  const { username = '' } = useParams();
  const [params, setParams] = useSearchParams();
  const page = pageParam(params);
  const heading = `${username}'s Active Tips`;
  useSeo({
    title: pageTitle(heading),
    description: `Active football tips by ${username}: games, kick-off times, total odds and price.`,
  });
  const slips = useActiveSlips({ username, page });

  return (
    <>
      <PageHeader title={heading}>
        See{' '}
        <Link component={RouterLink} to={PATHS.profileOf(username)}>
          {username}&apos;s profile
        </Link>{' '}
        for ratings and finished tips.
      </PageHeader>
      {slips.isPending ? (
        <LoadingState label="Loading tips" />
      ) : slips.isError ? (
        <ErrorAlert message={MESSAGES.pageNotFound} />
      ) : slips.data.results.length === 0 ? (
        <EmptyState>{username} has no active tips right now.</EmptyState>
      ) : (
        <>
          <TipsTable slips={slips.data.results} caption={heading} />
          <PageNumbers
            page={page}
            count={slips.data.num_pages}
            onChange={(next) => setParams(withPage(params, next))}
          />
        </>
      )}
    </>
  );
};

import { useParams, useSearchParams } from 'react-router';
import { useActiveSlips } from '../../api/slips';
import { PageHeader } from '../../components/PageHeader';
import { PageNumbers } from '../../components/PageNumbers';
import { EmptyState, ErrorAlert, LoadingState } from '../../components/QueryStatus';
import { SlipGrid } from '../../components/SlipGrid';
import { MESSAGES } from '../../lib/messages';
import { pageParam, withPage } from '../../lib/search-params';
import { pageTitle } from '../../lib/site';
import { useSeo } from '../../lib/useSeo';

/**
 * /profile/active_tips/{username} (docs/PRODUCT-RULES.md R99): one tipster's active tips as cards.
 */
export const TipsterActiveTipsPage = () => {
  const { username = '' } = useParams();
  const [params, setParams] = useSearchParams();
  const page = pageParam(params);
  const heading = `${username}'s Active Tips`;
  useSeo({ title: pageTitle(heading), description: `Active football tips by ${username}.` });
  const slips = useActiveSlips({ username, page });

  return (
    <>
      <PageHeader title={heading} />
      {slips.isPending ? (
        <LoadingState label="Loading tips" />
      ) : slips.isError ? (
        <ErrorAlert message={MESSAGES.pageNotFound} />
      ) : slips.data.results.length === 0 ? (
        <EmptyState>{username} has no active tips right now.</EmptyState>
      ) : (
        <>
          <SlipGrid slips={slips.data.results} />
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

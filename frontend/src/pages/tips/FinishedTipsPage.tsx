import { useParams } from 'react-router';
import { useFinishedSlips } from '../../api/slips';
import { PageHeader } from '../../components/PageHeader';
import { SeeMoreButton } from '../../components/SeeMoreButton';
import { EmptyState, ErrorAlert, LoadingState } from '../../components/QueryStatus';
import { SlipGrid } from '../../components/SlipGrid';
import { MESSAGES } from '../../lib/messages';
import { pageTitle } from '../../lib/site';
import { useSeo } from '../../lib/useSeo';

/**
 * Finished tips with results (docs/PRODUCT-RULES.md R99: /finished_tips, /finished_tips/{username},
 * /profile/finished_tips/{username}); See More follows the API's next link.
 */
export const FinishedTipsPage = () => {
  const { username } = useParams();
  const heading = username ? `${username}'s Finished Tips` : 'Finished Tips';
  useSeo({
    title: pageTitle(heading),
    description: username
      ? `Finished football tips by ${username} with their won and lost results.`
      : 'Finished football tip slips with their results: every slip settled from the real scores, won and lost.',
  });
  const finished = useFinishedSlips(username);
  const slips = finished.data?.pages.flatMap((page) => page.results) ?? [];

  return (
    <>
      <PageHeader title={heading}>
        Every slip is settled from the real match results: green won, red lost.
      </PageHeader>
      {finished.isPending ? (
        <LoadingState label="Loading finished tips" />
      ) : finished.isError && slips.length === 0 ? (
        <ErrorAlert message={MESSAGES.pageNotFound} />
      ) : slips.length === 0 ? (
        <EmptyState>No finished tips yet.</EmptyState>
      ) : (
        <>
          <SlipGrid slips={slips} />
          {finished.isFetchNextPageError ? <ErrorAlert message={MESSAGES.pageNotFound} /> : null}
          <SeeMoreButton query={finished} mt={3} />
        </>
      )}
    </>
  );
};

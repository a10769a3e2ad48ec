import { useState, type ReactNode } from 'react';
import { Navigate, useParams } from 'react-router';
import Alert from '@mui/material/Alert';
import { errorMessage } from '../../api/client';
import { useOwnProfile } from '../../api/account';
import { useFinishedSlips, useOwnSlips } from '../../api/slips';
import { SeeMoreButton } from '../../components/SeeMoreButton';
import { TipsTable } from '../../components/TipsTable';
import { PATHS } from '../../lib/paths';
import { ListCard } from './ListCard';

interface OwnTipsRouteProps {
  title: string;
  /** The page's own URL for a username, where a foreign {username} is sent. */
  pathOf: (username: string) => string;
  children: (username: string) => ReactNode;
}

/**
 * The {username} of an own-tips route checked against the logged-in user (GET
 * /api/account/profile, as on the dashboard): another name is replaced by the user's own, so
 * these pages never list someone else's picks. Renders `children` with the own username.
 */
const OwnTipsRoute = ({ title, pathOf, children }: OwnTipsRouteProps) => {
  const { username = '' } = useParams();
  const profile = useOwnProfile();
  const own = profile.data?.user.username;
  if (!own) {
    return (
      <ListCard title={title} isPending={!profile.error} error={profile.error} isEmpty empty="">
        {null}
      </ListCard>
    );
  }
  if (own !== username) return <Navigate to={pathOf(own)} replace />;
  return children(own);
};

const ActiveTipsList = () => {
  const [page, setPage] = useState(1);
  const { data, isPending, error } = useOwnSlips(page);
  const slips = data?.results ?? [];
  return (
    <ListCard
      title="Active Tips"
      isPending={isPending}
      error={error}
      isEmpty={slips.length === 0}
      empty="No active tips yet."
      paging={{ page, numPages: data?.num_pages ?? 1, onPage: setPage }}
    >
      <TipsTable slips={slips} caption="Active Tips" showPicks hideBuy />
    </ListCard>
  );
};

/**
 * /dashboard/active_tips/{username} (docs/PRODUCT-RULES.md R96, R110): the logged-in user's own
 * active slips with their picks (GET /v2/api/slip/data/?account=1), 10 a page: date, price, total
 * odds, and each game with kick-off (Nairobi), league, market and odd.
 */
export const OwnActiveTipsPage = () => (
  <OwnTipsRoute title="Active Tips" pathOf={PATHS.dashboardActiveTips}>
    {() => <ActiveTipsList />}
  </OwnTipsRoute>
);

const FinishedTipsList = ({ username }: { username: string }) => {
  const finished = useFinishedSlips(username);
  const slips = finished.data?.pages.flatMap((page) => page.results) ?? [];
  return (
    <ListCard
      title="Finished Tips"
      isPending={finished.isPending}
      error={slips.length === 0 ? finished.error : null}
      isEmpty={slips.length === 0}
      empty="No finished tips yet."
      footer={
        <>
          {finished.isFetchNextPageError && (
            <Alert severity="error" sx={{ mt: 2 }}>
              {errorMessage(finished.error, 'Error occurred. Try again')}
            </Alert>
          )}
          <SeeMoreButton query={finished} />
        </>
      }
    >
      <TipsTable slips={slips} caption="Finished Tips" showPicks hideBuy />
    </ListCard>
  );
};

/**
 * /dashboard/finished_tips/{username} (docs/PRODUCT-RULES.md R96, R110): the logged-in user's own
 * settled slips (GET /v2/api/slip/data/finished/?username=, 100 a page, See More follows `next`)
 * with the slip's result, and each game's pick, score and result.
 */
export const OwnFinishedTipsPage = () => (
  <OwnTipsRoute title="Finished Tips" pathOf={PATHS.dashboardFinishedTips}>
    {(username) => <FinishedTipsList username={username} />}
  </OwnTipsRoute>
);

import { useState, type KeyboardEvent } from 'react';
import { Link as RouterLink } from 'react-router';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import { useHomeFinishedSlips, usePopularSlips } from '../../../api/slips';
import { EmptyState, LoadingState } from '../../../components/QueryStatus';
import { SlipGrid } from '../../../components/SlipGrid';
import { HOME_ACTIVE_TIPS_LIMIT } from '../../../lib/constants';
import { PATHS } from '../../../lib/paths';
import { useLoggedError } from '../../../lib/useLoggedError';

type HomeTab = 'popular' | 'results';

const TABS: readonly { value: HomeTab; label: string }[] = [
  { value: 'popular', label: 'Popular' },
  { value: 'results', label: 'Results' },
];

/**
 * Popular tab: up to 12 active top slips (docs/PRODUCT-RULES.md R98); Results tab: recently
 * finished slips. A plain ARIA tablist (MUI Tabs would add weight to the first load of /).
 */
export const SlipTabsSection = () => {
  const [tab, setTab] = useState<HomeTab>('popular');
  const popular = usePopularSlips();
  const finished = useHomeFinishedSlips(tab === 'results');
  const query = tab === 'popular' ? popular : finished;
  const slips = tab === 'popular' ? popular.data?.results : finished.data;
  useLoggedError(query.error, tab === 'popular' ? 'popular slips' : 'finished slips');

  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key !== 'ArrowRight' && event.key !== 'ArrowLeft') return;
    const next = tab === 'popular' ? 'results' : 'popular';
    setTab(next);
    document.getElementById(`tab-${next}`)?.focus();
  };

  return (
    <Box component="section" aria-label="Tips">
      <Stack
        direction="row"
        spacing={1}
        role="tablist"
        aria-label="Tips"
        sx={{ mb: 2 }}
        onKeyDown={onKeyDown}
      >
        {TABS.map((item) => (
          <Button
            key={item.value}
            id={`tab-${item.value}`}
            role="tab"
            aria-selected={tab === item.value}
            aria-controls="panel-tips"
            tabIndex={tab === item.value ? 0 : -1}
            variant={tab === item.value ? 'contained' : 'text'}
            onClick={() => setTab(item.value)}
          >
            {item.label}
          </Button>
        ))}
      </Stack>
      <Box role="tabpanel" id="panel-tips" aria-labelledby={`tab-${tab}`}>
        {query.isError && !slips ? null : query.isPending ? (
          <LoadingState label="Loading tips" />
        ) : !slips?.length ? (
          <EmptyState>No tips here yet.</EmptyState>
        ) : (
          <SlipGrid slips={slips.slice(0, HOME_ACTIVE_TIPS_LIMIT)} />
        )}
        <Box sx={{ textAlign: 'center', mt: 2 }}>
          <Button
            component={RouterLink}
            to={tab === 'popular' ? PATHS.activeTips : PATHS.finishedTips}
            variant="outlined"
          >
            {tab === 'popular' ? 'All Active Tips' : 'All Finished Tips'}
          </Button>
        </Box>
      </Box>
    </Box>
  );
};

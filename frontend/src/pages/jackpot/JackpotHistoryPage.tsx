import { Link as RouterLink } from 'react-router';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import type { Theme } from '@mui/material/styles';
import { useJackpotHistory } from '../../api/content';
import type { JackpotHistoryItem } from '../../api/types';
import { PageHeader } from '../../components/PageHeader';
import { EmptyState, LoadingState } from '../../components/QueryStatus';
import { ResponsibleGamblingNote } from '../../components/ResponsibleGamblingNote';
import { jackpotName } from '../../lib/jackpot-names';
import { nairobiDate } from '../../lib/nairobi-time';
import { PATHS } from '../../lib/paths';
import { pageTitle } from '../../lib/site';
import { useLoggedError } from '../../lib/useLoggedError';
import { useSeo } from '../../lib/useSeo';
import { FigureList } from '../../components/FigureList';

/** The figures of one round, in the order the table and the phone cards show them. */
const FIGURES: { label: string; value: (r: JackpotHistoryItem) => string }[] = [
  { label: 'First kick-off', value: (r) => (r.first_kickoff ? nairobiDate(r.first_kickoff) : '–') },
  { label: 'Games', value: (r) => String(r.games) },
  { label: 'Score', value: (r) => r.score },
];

/** The round's title linked to its jackpot page, with the jackpot's name when the title differs. */
const RoundName = ({ round }: { round: JackpotHistoryItem }) => {
  const name = jackpotName(round.company, round.type);
  return (
    <>
      <Link component={RouterLink} to={PATHS.jackpotOf(round.slug)} sx={{ fontWeight: 700 }}>
        {round.title || name}
      </Link>
      {round.title && round.title !== name ? (
        <Typography
          component="span"
          variant="caption"
          color="text.secondary"
          sx={{ display: 'block' }}
        >
          {name}
        </Typography>
      ) : null}
    </>
  );
};

/** Past rounds as a table; on phones (below 600 px) one card per round, so nothing scrolls sideways. */
const Rounds = ({ rounds }: { rounds: JackpotHistoryItem[] }) => {
  const phone = useMediaQuery((theme: Theme) => theme.breakpoints.down('sm'), { noSsr: true });
  if (phone) {
    return (
      <Box
        component="ul"
        aria-label="Past rounds"
        sx={{ listStyle: 'none', p: 0, m: 0, display: 'grid', gap: 1 }}
      >
        {rounds.map((r) => (
          <Paper key={r.id} component="li" variant="outlined" sx={{ p: 1.5 }}>
            <RoundName round={r} />
            <FigureList figures={FIGURES} row={r} mt={1} />
          </Paper>
        ))}
      </Box>
    );
  }
  return (
    <TableContainer component={Paper} variant="outlined">
      <Table size="small" aria-label="Past rounds">
        <TableHead>
          <TableRow>
            <TableCell>Jackpot</TableCell>
            {FIGURES.map((f) => (
              <TableCell key={f.label} align="right">
                {f.label}
              </TableCell>
            ))}
          </TableRow>
        </TableHead>
        <TableBody>
          {rounds.map((r) => (
            <TableRow key={r.id}>
              <TableCell component="th" scope="row">
                <RoundName round={r} />
              </TableCell>
              {FIGURES.map((f) => (
                <TableCell key={f.label} align="right">
                  {f.value(r)}
                </TableCell>
              ))}
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </TableContainer>
  );
};

/**
 * /jackpot-history: past jackpot rounds with their scores, newest first (docs/PRODUCT-RULES.md
 * "Jackpots": tips won / tips counted, void games apart), 20 a page with 'Show older rounds'.
 */
export const JackpotHistoryPage = () => {
  useSeo({
    title: pageTitle('Jackpot Results'),
    description: 'Past SportPesa and Betika jackpot predictions and how many games each got right.',
  });
  const history = useJackpotHistory();
  useLoggedError(history.error, 'jackpot history');
  const rounds = history.data?.pages.flatMap((p) => p.data) ?? [];

  return (
    <>
      <PageHeader title="Jackpot Results">
        Every past round of our jackpot predictions with its score: games won out of games played
        (void games are left out and shown apart).
      </PageHeader>
      {history.isError ? null : history.isPending ? (
        <LoadingState label="Loading past rounds" />
      ) : rounds.length === 0 ? (
        <EmptyState>No round has been played to the end yet.</EmptyState>
      ) : (
        <Rounds rounds={rounds} />
      )}
      {history.hasNextPage ? (
        <Box sx={{ mt: 2 }}>
          <Button
            variant="outlined"
            onClick={() => void history.fetchNextPage()}
            disabled={history.isFetchingNextPage}
          >
            Show older rounds
          </Button>
        </Box>
      ) : null}
      <Typography sx={{ mt: 2 }}>
        <Link component={RouterLink} to={PATHS.jackpot}>
          This week&apos;s jackpot predictions
        </Link>
      </Typography>
      <ResponsibleGamblingNote />
    </>
  );
};

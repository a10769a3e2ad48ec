import { useEffect, useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { api, ApiError } from '../../api/client';
import { nairobiClock, nairobiDate } from '../../lib/nairobi-time';
import { checkLogEvidence, type LogCheck as Check } from '../../lib/transparency-log';

type Outcome =
  | { checks: Check[]; genTime: Date | null; index: number; size: number }
  | { pending: string }
  | { error: string };

/**
 * The transparency-log half of /verify (docs/PRODUCT-RULES.md "Transparency log"): fetches the
 * slip's inclusion proof against the first signed, time-stamped tree head that contains it, and
 * the log's key, and checks in the browser the leaf, the proof, the Ed25519 signature, the RFC 3161
 * time-stamp and that the time-stamp is before the first kick-off (`firstKickoff`, ISO), one line each.
 */
export const LogCheck = ({
  slipId,
  commitment,
  firstKickoff,
}: {
  slipId: number;
  commitment: string;
  firstKickoff: string | null;
}) => {
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  useEffect(() => {
    let live = true;
    setOutcome(null);
    Promise.all([
      api.get('/api/log/proof/inclusion', { query: { slip: slipId } }),
      api.get('/api/log/public-key'),
    ])
      .then(([proof, key]) =>
        checkLogEvidence(
          slipId,
          commitment,
          { proof, key },
          firstKickoff ? new Date(firstKickoff) : null,
        ).then((r) => ({ ...r, index: proof.leaf_index, size: proof.tree_size })),
      )
      .then((r) => live && setOutcome(r))
      .catch((err: unknown) => {
        if (!live) return;
        if (err instanceof ApiError && err.status === 404)
          setOutcome({
            pending: err.serverMessage ?? 'This slip is not in a signed tree head yet.',
          });
        else setOutcome({ error: 'Could not load the transparency log. Try again.' });
      });
    return () => {
      live = false;
    };
  }, [slipId, commitment, firstKickoff]);

  return (
    <Paper sx={{ p: 2 }} data-testid="log-check">
      <Typography variant="h6">Public transparency log</Typography>
      <Typography variant="body2" sx={{ mb: 1 }}>
        Every commitment is appended to an append-only log whose signed tree heads are time-stamped
        by an independent authority, so the commitment provably existed at that time.
      </Typography>
      {!outcome && <Typography>Checking the log…</Typography>}
      {outcome && 'pending' in outcome && <Alert severity="info">{outcome.pending}</Alert>}
      {outcome && 'error' in outcome && <Alert severity="error">{outcome.error}</Alert>}
      {outcome && 'checks' in outcome && (
        <Stack spacing={1}>
          {outcome.checks.map((c) => (
            <Alert
              key={c.label}
              severity={c.ok ? 'success' : c.warning ? 'warning' : 'error'}
              data-testid="log-check-item"
            >
              <Box component="strong">
                {c.label}: {c.ok ? 'verified' : c.warning ? 'not shown' : 'failed'}
              </Box>
              <Box sx={{ wordBreak: 'break-word' }}>{c.detail}</Box>
            </Alert>
          ))}
          {outcome.genTime && (
            <Typography data-testid="log-time">
              Committed no later than {nairobiDate(outcome.genTime)} {nairobiClock(outcome.genTime)}{' '}
              (Nairobi time), by the time-stamping authority's clock: entry {outcome.index} of the
              first {outcome.size} in the log.
            </Typography>
          )}
        </Stack>
      )}
    </Paper>
  );
};

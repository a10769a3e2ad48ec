import { useEffect, useState, type FormEvent } from 'react';
import { useSearchParams } from 'react-router';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { api, ApiError } from '../../api/client';
import type { Slip } from '../../api/types';
import { PageHeader } from '../../components/PageHeader';
import { pageTitle } from '../../lib/site';
import { verifySlip, type Verification } from '../../lib/slip-commitment';
import { useSeo } from '../../lib/useSeo';
import { LogCheck } from './LogCheck';

type Outcome =
  | { slipId: number; result: Verification; firstKickoff: string | null }
  | { slipId: number; error: string };

/** The earliest kick-off among a slip's games (ISO), or null when none is given. */
const firstKickoffOf = (slip: Slip): string | null =>
  slip.tips
    .map((t) => t.game_date)
    .filter((d): d is string => !!d)
    .sort((a, b) => Date.parse(a) - Date.parse(b))[0] ?? null;

const Mono = ({ children }: { children: string }) => (
  <Box
    component="code"
    sx={{ display: 'block', wordBreak: 'break-all', fontFamily: 'monospace', fontSize: 13 }}
  >
    {children}
  </Box>
);

/**
 * /verify (docs/PRODUCT-RULES.md "Records and responsible gambling"): anyone enters a slip id (or
 * arrives with ?slip=), the page fetches the slip, rebuilds the canonical form of its picks in the
 * browser and compares its SHA-256 with the commitment made at publishing. A slip on sale shows its
 * commitment only: the picks are revealed after the last game. Either way the commitment is then
 * checked against the public transparency log (LogCheck).
 */
export const VerifyPage = () => {
  useSeo({
    title: pageTitle('Verify a slip'),
    description:
      'Check that a finished slip has the picks its tipster committed to when publishing it.',
  });
  const [params, setParams] = useSearchParams();
  const fromUrl = params.get('slip') ?? '';
  const [value, setValue] = useState(fromUrl);
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    if (!/^[1-9]\d{0,9}$/.test(fromUrl)) return;
    const slipId = Number(fromUrl);
    let live = true;
    api
      .get('/api/slip/get/{id}', { path: { id: String(slipId) } })
      .then(async (slip) => ({
        result: await verifySlip(slip),
        firstKickoff: firstKickoffOf(slip),
      }))
      .then(({ result, firstKickoff }) => live && setOutcome({ slipId, result, firstKickoff }))
      .catch(
        (err: unknown) =>
          live &&
          setOutcome({
            slipId,
            error:
              err instanceof ApiError && err.status === 404
                ? 'No slip with this id.'
                : 'Could not load the slip. Try again.',
          }),
      );
    return () => {
      live = false;
    };
  }, [fromUrl, attempt]);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const id = value.trim();
    if (!/^[1-9]\d{0,9}$/.test(id)) {
      setOutcome({ slipId: 0, error: 'Enter a slip id (a number).' });
      return;
    }
    setOutcome(null);
    if (id === fromUrl)
      setAttempt((n) => n + 1); // same URL: fetch again
    else setParams({ slip: id });
  };

  return (
    <>
      <PageHeader title="Verify a slip" />
      <Stack spacing={2} sx={{ maxWidth: 760, mx: 'auto', px: 2, pb: 4 }}>
        <Typography>
          When a slip is published we store a SHA-256 commitment of its picks and a secret random
          salt. After the last game the salt and picks are public: this page rebuilds{' '}
          <code>
            v1|slip:&lt;id&gt;|&lt;fixture&gt;:&lt;market&gt;:&lt;odd&gt;|…|salt:&lt;salt&gt;
          </code>{' '}
          (picks by fixture id) in your browser and hashes it, so nobody — us included — can change
          a pick after publishing unnoticed.
        </Typography>
        <Paper component="form" onSubmit={submit} sx={{ p: 2 }}>
          <Stack direction="row" spacing={1}>
            <TextField
              label="Slip id"
              value={value}
              onChange={(e) => setValue(e.target.value)}
              size="small"
            />
            <Button type="submit" variant="contained">
              Verify
            </Button>
          </Stack>
        </Paper>
        {outcome && 'error' in outcome && <Alert severity="error">{outcome.error}</Alert>}
        {outcome && 'result' in outcome && <Result slipId={outcome.slipId} v={outcome.result} />}
        {outcome && 'result' in outcome && outcome.result.commitment && (
          <LogCheck
            slipId={outcome.slipId}
            commitment={outcome.result.commitment}
            firstKickoff={outcome.firstKickoff}
          />
        )}
      </Stack>
    </>
  );
};

const Result = ({ slipId, v }: { slipId: number; v: Verification }) => {
  if (v.state === 'on-sale' || v.state === 'unavailable') {
    return (
      <Paper sx={{ p: 2 }} data-testid="verify-result">
        <Typography variant="h6">Slip {slipId}</Typography>
        <Typography>Commitment:</Typography>
        <Mono>{v.commitment ?? 'none'}</Mono>
        <Alert severity="info" sx={{ mt: 1 }}>
          {v.state === 'on-sale'
            ? 'This slip is still on sale: its picks and salt are revealed after the last game, then you can verify it here.'
            : 'This slip has no commitment to check.'}
        </Alert>
      </Paper>
    );
  }
  return (
    <Paper sx={{ p: 2 }} data-testid="verify-result">
      <Typography variant="h6">Slip {slipId}</Typography>
      <Alert severity={v.state === 'match' ? 'success' : 'error'} sx={{ my: 1 }}>
        {v.state === 'match'
          ? 'Match: the picks are the ones committed to at publishing.'
          : 'Mismatch: the picks do not hash to the commitment made at publishing.'}
      </Alert>
      {!v.sameInputAsServer && (
        <Alert severity="warning">
          The server's canonical form differs from the one rebuilt here.
        </Alert>
      )}
      <Typography>Canonical form (rebuilt from the picks):</Typography>
      <Mono>{v.input}</Mono>
      <Typography sx={{ mt: 1 }}>SHA-256 computed here:</Typography>
      <Mono>{v.computed}</Mono>
      <Typography sx={{ mt: 1 }}>Commitment made at publishing:</Typography>
      <Mono>{v.commitment}</Mono>
    </Paper>
  );
};

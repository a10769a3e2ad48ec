import { useState, type FormEvent } from 'react';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import Grid from '@mui/material/Grid';
import Paper from '@mui/material/Paper';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { errorMessage } from '../../api/client';
import {
  useRgCode,
  useRgLimit,
  useRgSelfExclusion,
  type ExclusionPeriod,
  type RgControls,
} from '../../api/rg';
import { PageHeader } from '../../components/PageHeader';
import { MESSAGES } from '../../lib/messages';
import { formatKsh } from '../../lib/money';
import { nairobiClock, nairobiDate } from '../../lib/nairobi-time';
import { pageTitle, RESPONSIBLE_GAMBLING_LINE } from '../../lib/site';
import { useSeo } from '../../lib/useSeo';

const PERIODS: { value: ExclusionPeriod; label: string }[] = [
  { value: '1m', label: '1 month' },
  { value: '6m', label: '6 months' },
  { value: '1y', label: '1 year' },
];

const when = (iso: string): string => `${nairobiDate(iso)} at ${nairobiClock(iso)}`;

/** What the phone's controls now are, in words. */
export const controlsSummary = (c: RgControls): string[] => [
  ...(c.daily_cap_ksh !== null ? [`Your daily limit is ${formatKsh(c.daily_cap_ksh)}.`] : []),
  ...(c.next_cap_ksh !== null && c.next_cap_from !== null
    ? [
        `Your higher limit of ${formatKsh(c.next_cap_ksh)} applies from ${when(c.next_cap_from)} (Nairobi time).`,
      ]
    : []),
  ...(c.excluded_until !== null
    ? [`This phone cannot buy tips until ${when(c.excluded_until)} (Nairobi time).`]
    : []),
];

/**
 * /responsible-gambling: a daily spending limit and self-exclusion by phone, proven with a code
 * sent by SMS (POST /api/rg/code, /limit, /self-exclusion). A lower limit holds at once, a higher
 * one after 24 hours; a break cannot be ended early. Every buy route refuses while they apply.
 */
export const ResponsibleGamblingPage = () => {
  useSeo({
    title: pageTitle('Responsible gambling'),
    description:
      'Set a daily spending limit on tips, or take a break for 1, 6 or 12 months. 18+ only.',
  });
  const [phone, setPhone] = useState('');
  const [code, setCode] = useState('');
  const [cap, setCap] = useState('');
  const [period, setPeriod] = useState<ExclusionPeriod>('1m');
  const [understood, setUnderstood] = useState(false);
  const sendCode = useRgCode();
  const limit = useRgLimit();
  const exclusion = useRgSelfExclusion();
  const result = limit.data ?? exclusion.data;
  const failed = limit.isError ? limit.error : exclusion.isError ? exclusion.error : null;

  const askCode = (event: FormEvent) => {
    event.preventDefault();
    limit.reset();
    exclusion.reset();
    sendCode.mutate({ phone: phone.trim() });
  };
  const submitLimit = (event: FormEvent) => {
    event.preventDefault();
    exclusion.reset();
    limit.mutate({ phone: phone.trim(), code: code.trim(), daily_cap_ksh: Number(cap) });
  };
  const submitExclusion = (event: FormEvent) => {
    event.preventDefault();
    limit.reset();
    exclusion.mutate({ phone: phone.trim(), code: code.trim(), period });
  };

  return (
    <>
      <PageHeader title="Responsible gambling">
        {RESPONSIBLE_GAMBLING_LINE} Tips are opinions: any slip can lose. Decide what you can afford
        before you buy, and never chase losses. Here you can cap what your phone spends on tips each
        day, or stop buying for a while.
      </PageHeader>

      <Stack spacing={2} sx={{ maxWidth: 720 }}>
        <Paper variant="outlined" component="form" onSubmit={askCode} noValidate sx={{ p: 2 }}>
          <Stack spacing={2}>
            <Typography variant="h6" component="h2">
              1. Get a code by SMS
            </Typography>
            <Typography variant="body2" color="text.secondary">
              The limits apply to the phone you pay with (M-Pesa), or to the phone of your account
              when you pay by card from Nigeria or Uganda.
            </Typography>
            {sendCode.isError ? (
              <Alert severity="error">{errorMessage(sendCode.error, MESSAGES.tryAgain)}</Alert>
            ) : null}
            {sendCode.isSuccess ? (
              <Alert severity="success">
                We sent a 6-digit code to {phone.trim()}. It works for 10 minutes.
              </Alert>
            ) : null}
            <TextField
              label="Phone number"
              type="tel"
              placeholder="0712345678"
              autoComplete="tel"
              value={phone}
              onChange={(event) => setPhone(event.target.value)}
              helperText="Kenyan number, or +234… / +256… for Nigeria and Uganda"
            />
            <Button
              type="submit"
              variant="outlined"
              loading={sendCode.isPending}
              disabled={!phone.trim()}
            >
              Send code
            </Button>
          </Stack>
        </Paper>

        <TextField
          label="Code from the SMS"
          value={code}
          onChange={(event) => setCode(event.target.value)}
          slotProps={{ htmlInput: { inputMode: 'numeric', maxLength: 6 } }}
          sx={{ maxWidth: 240 }}
        />

        {failed ? <Alert severity="error">{errorMessage(failed, MESSAGES.tryAgain)}</Alert> : null}
        {result ? (
          <Alert severity="success" role="status">
            {controlsSummary(result).map((line) => (
              <div key={line}>{line}</div>
            ))}
          </Alert>
        ) : null}

        <Grid container spacing={2}>
          <Grid size={{ xs: 12, md: 6 }}>
            <Paper
              variant="outlined"
              component="form"
              onSubmit={submitLimit}
              noValidate
              sx={{ p: 2, height: '100%' }}
            >
              <Stack spacing={2}>
                <Typography variant="h6" component="h2">
                  2a. Daily spending limit
                </Typography>
                <Typography variant="body2" color="text.secondary">
                  Purchases that would pass it are refused until midnight (Nairobi time). A lower
                  limit holds at once; a higher one only after 24 hours.
                </Typography>
                <TextField
                  label="Limit per day (Ksh)"
                  value={cap}
                  onChange={(event) => setCap(event.target.value.replace(/[^\d]/g, ''))}
                  slotProps={{ htmlInput: { inputMode: 'numeric' } }}
                />
                <Button
                  type="submit"
                  variant="contained"
                  loading={limit.isPending}
                  disabled={!cap || !code.trim() || !phone.trim()}
                >
                  Set limit
                </Button>
              </Stack>
            </Paper>
          </Grid>
          <Grid size={{ xs: 12, md: 6 }}>
            <Paper
              variant="outlined"
              component="form"
              onSubmit={submitExclusion}
              noValidate
              sx={{ p: 2, height: '100%' }}
            >
              <Stack spacing={2}>
                <Typography variant="h6" component="h2">
                  2b. Take a break
                </Typography>
                <Typography variant="body2" color="text.secondary">
                  Self-exclusion stops every purchase from this phone for the whole period. It
                  cannot be ended early.
                </Typography>
                <RadioGroup
                  row
                  aria-label="Break length"
                  value={period}
                  onChange={(event) => setPeriod(event.target.value as ExclusionPeriod)}
                >
                  {PERIODS.map((p) => (
                    <FormControlLabel
                      key={p.value}
                      value={p.value}
                      control={<Radio />}
                      label={p.label}
                    />
                  ))}
                </RadioGroup>
                <FormControlLabel
                  control={
                    <Checkbox
                      checked={understood}
                      onChange={(event) => setUnderstood(event.target.checked)}
                    />
                  }
                  label="I understand this cannot be undone"
                />
                <Button
                  type="submit"
                  variant="contained"
                  color="error"
                  loading={exclusion.isPending}
                  disabled={!understood || !code.trim() || !phone.trim()}
                >
                  Exclude me
                </Button>
              </Stack>
            </Paper>
          </Grid>
        </Grid>

        <Paper variant="outlined" sx={{ p: 2 }}>
          <Typography variant="h6" component="h2" gutterBottom>
            Getting help
          </Typography>
          <Typography variant="body2" color="text.secondary">
            If betting stops being fun, take a break, ask your bookmaker to exclude you too, and
            talk to someone you trust. The Betting Control and Licensing Board lists licensed
            operators and complaint channels at bclb.go.ke.
          </Typography>
        </Paper>
      </Stack>
    </>
  );
};

import { useState, type FormEvent } from 'react';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { fieldError, useCloseAccount, useDownloadMyData } from '../../api/account';
import { ApiError, errorMessage } from '../../api/client';
import { clearCredentials } from '../../lib/auth';
import { reloadPage, saveTextFile } from '../../lib/browser';
import { formatKsh } from '../../lib/money';

/** What the server answers when an account may not close yet (docs/PRODUCT-RULES.md R262). */
const closeBlock = (
  error: unknown,
): {
  balance?: string;
  pending_amount?: string;
  open_withdrawals?: number;
  open_slips?: number;
} | null =>
  error instanceof ApiError && error.status === 409 && error.body && typeof error.body === 'object'
    ? (error.body as Record<string, never>)
    : null;

/** The word the user types to confirm closing (docs/PRODUCT-RULES.md R262). */
export const CLOSE_CONFIRMATION = 'DELETE';

/**
 * "Your data" (docs/PRODUCT-RULES.md R260-R264): download everything held about the account
 * (after re-entering the password) and close the account (password and the typed word DELETE).
 * Every figure shown is the server's.
 */
export const YourDataCard = () => {
  const [downloadPassword, setDownloadPassword] = useState('');
  const [closePassword, setClosePassword] = useState('');
  const [confirmation, setConfirmation] = useState('');
  const [closed, setClosed] = useState<string | null>(null);
  const download = useDownloadMyData();
  const close = useCloseAccount();

  const submitDownload = (event: FormEvent) => {
    event.preventDefault();
    if (!downloadPassword) return;
    download.mutate(downloadPassword, {
      onSuccess: (data) => {
        saveTextFile('my-data.json', JSON.stringify(data, null, 2));
        setDownloadPassword('');
      },
    });
  };

  const submitClose = (event: FormEvent) => {
    event.preventDefault();
    if (!closePassword || confirmation !== CLOSE_CONFIRMATION) return;
    close.mutate(
      { password: closePassword, confirmation },
      {
        onSuccess: (answer) => {
          setClosed(
            `${answer.message}. Unclaimed balance (below the minimum withdrawal): ${formatKsh(answer.unclaimed_balance)}`,
          );
          clearCredentials();
        },
      },
    );
  };

  const block = closeBlock(close.error);
  return (
    <Paper variant="outlined" component="section" aria-label="Your data" sx={{ p: 2 }}>
      <Typography variant="h2" sx={{ mb: 1.5 }}>
        Your data
      </Typography>
      <Stack spacing={3}>
        <Stack
          component="form"
          spacing={1.5}
          onSubmit={submitDownload}
          noValidate
          aria-label="Download your data"
        >
          <Typography variant="body2">
            Download everything we hold about you (profile, slips, sales, ledger, withdrawals,
            sessions, consents and the messages we sent you) as one JSON file. Enter your password
            again to confirm it is you.
          </Typography>
          {download.isError ? (
            <Alert severity="error">
              {fieldError(download.error, 'password') ??
                errorMessage(download.error, 'Download failed. Try again')}
            </Alert>
          ) : null}
          <TextField
            label="Password to download"
            type="password"
            value={downloadPassword}
            onChange={(event) => setDownloadPassword(event.target.value)}
            autoComplete="current-password"
          />
          <Button
            type="submit"
            variant="outlined"
            loading={download.isPending}
            disabled={!downloadPassword}
            sx={{ alignSelf: 'flex-start' }}
          >
            Download
          </Button>
        </Stack>
        <Stack
          component="form"
          spacing={1.5}
          onSubmit={submitClose}
          noValidate
          aria-label="Close account"
        >
          <Typography variant="body2">
            Closing your account erases your name, e-mail, phone and picture and ends every session.
            Your published slips and records stay, shown as &quot;deleted tipster&quot;. Withdraw
            your balance first. Type {CLOSE_CONFIRMATION} to confirm.
          </Typography>
          {closed ? <Alert severity="success">{closed}</Alert> : null}
          {close.isError ? (
            <Alert severity="error">
              {fieldError(close.error, 'password') ??
                fieldError(close.error, 'confirmation') ??
                errorMessage(close.error, 'Closing failed. Try again')}
              {block ? (
                <>
                  {` Balance ${formatKsh(block.balance)}, pending ${formatKsh(block.pending_amount)}, `}
                  {`withdrawals waiting ${block.open_withdrawals ?? 0}, slips not settled ${block.open_slips ?? 0}.`}
                </>
              ) : null}
            </Alert>
          ) : null}
          <TextField
            label="Password to close"
            type="password"
            value={closePassword}
            onChange={(event) => setClosePassword(event.target.value)}
            autoComplete="current-password"
          />
          <TextField
            label="Type DELETE"
            value={confirmation}
            onChange={(event) => setConfirmation(event.target.value)}
          />
          {closed ? (
            <Button variant="contained" onClick={reloadPage} sx={{ alignSelf: 'flex-start' }}>
              Continue
            </Button>
          ) : (
            <Button
              type="submit"
              color="error"
              variant="contained"
              loading={close.isPending}
              disabled={!closePassword || confirmation !== CLOSE_CONFIRMATION}
              sx={{ alignSelf: 'flex-start' }}
            >
              Close account
            </Button>
          )}
        </Stack>
      </Stack>
    </Paper>
  );
};

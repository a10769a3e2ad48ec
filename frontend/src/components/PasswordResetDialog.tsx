import { useState, type FormEvent } from 'react';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import TextField from '@mui/material/TextField';
import { fieldError, useRequestPasswordReset } from '../api/account';
import { errorMessage } from '../api/client';
import { MESSAGES } from '../lib/messages';
import { requiredError } from '../validation/login.rules';

/**
 * Password reset request (docs/PRODUCT-RULES.md R112, R70): success shows 'Check your email for the
 * link'; a failure shows the server's e-mail error.
 */
export const PasswordResetDialog = ({ onClose }: { onClose: () => void }) => {
  const [email, setEmail] = useState('');
  const [error, setError] = useState<string | null>(null);
  const reset = useRequestPasswordReset();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const found = requiredError(email);
    setError(found);
    if (found) return;
    reset.mutate(email.trim());
  };

  const serverError = reset.isError
    ? (fieldError(reset.error, 'email') ?? errorMessage(reset.error, MESSAGES.loginFailed))
    : null;

  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="xs" aria-labelledby="reset-title">
      <form onSubmit={submit} noValidate>
        <DialogTitle id="reset-title">Password Reset</DialogTitle>
        <DialogContent>
          {reset.isSuccess ? (
            <Alert severity="success">{MESSAGES.resetLinkSent}</Alert>
          ) : (
            <>
              <DialogContentText sx={{ mb: 2 }}>
                Enter the e-mail address of your account and we will send you a link to set a new
                password.
              </DialogContentText>
              <TextField
                label="Email"
                type="email"
                autoComplete="email"
                fullWidth
                autoFocus
                value={email}
                onChange={(event) => setEmail(event.target.value)}
                error={!!(error ?? serverError)}
                helperText={error ?? serverError}
              />
            </>
          )}
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose}>Close</Button>
          {reset.isSuccess ? null : (
            <Button type="submit" variant="contained" loading={reset.isPending}>
              Send Link
            </Button>
          )}
        </DialogActions>
      </form>
    </Dialog>
  );
};

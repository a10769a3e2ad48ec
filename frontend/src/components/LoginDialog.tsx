import { useState, type FormEvent } from 'react';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { useLogin } from '../api/account';
import { errorMessage } from '../api/client';
import { storeCredentials } from '../lib/auth';
import { reloadPage } from '../lib/browser';
import { MESSAGES } from '../lib/messages';
import type { FormErrors } from '../validation/common';
import { validateLogin, type LoginForm } from '../validation/login.rules';

/**
 * Login dialog (docs/PRODUCT-RULES.md R124): idle, loading, success (tokens stored, page reloads).
 * A failure shows the server's message, else 'An error occurred' (docs/PRODUCT-RULES.md R70).
 */
export const LoginDialog = ({
  onClose,
  onRegister,
  onForgotPassword,
}: {
  onClose: () => void;
  onRegister: () => void;
  onForgotPassword: () => void;
}) => {
  const [form, setForm] = useState<LoginForm>({ email: '', password: '' });
  const [errors, setErrors] = useState<FormErrors<keyof LoginForm>>({});
  const login = useLogin();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const found = validateLogin(form);
    setErrors(found);
    if (Object.keys(found).length) return;
    login.mutate(
      { email: form.email.trim(), password: form.password },
      {
        onSuccess: (tokens) => {
          storeCredentials(tokens.access, tokens.refresh);
          reloadPage();
        },
      },
    );
  };

  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="xs" aria-labelledby="login-title">
      <form onSubmit={submit} noValidate>
        <DialogTitle id="login-title">Login</DialogTitle>
        <DialogContent>
          <Stack spacing={2} sx={{ pt: 1 }}>
            {login.isError ? (
              <Alert severity="error">{errorMessage(login.error, MESSAGES.loginFailed)}</Alert>
            ) : null}
            <TextField
              label="Email"
              type="email"
              autoComplete="email"
              value={form.email}
              onChange={(event) => setForm({ ...form, email: event.target.value })}
              error={!!errors.email}
              helperText={errors.email}
              autoFocus
            />
            <TextField
              label="Password"
              type="password"
              autoComplete="current-password"
              value={form.password}
              onChange={(event) => setForm({ ...form, password: event.target.value })}
              error={!!errors.password}
              helperText={errors.password}
            />
            <Stack direction="row" sx={{ justifyContent: 'space-between' }}>
              <Link component="button" type="button" variant="body2" onClick={onForgotPassword}>
                Forgot password?
              </Link>
              <Link component="button" type="button" variant="body2" onClick={onRegister}>
                Create an account
              </Link>
            </Stack>
          </Stack>
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose}>Cancel</Button>
          <Button type="submit" variant="contained" loading={login.isPending}>
            Login
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
};

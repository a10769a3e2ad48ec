import { useState, type FormEvent } from 'react';
import { useParams } from 'react-router';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { fieldError, useConfirmPasswordReset } from '../../api/account';
import { useAuthDialogs } from '../../components/auth-dialogs';
import { PageHeader } from '../../components/PageHeader';
import { MESSAGES } from '../../lib/messages';
import { pageTitle } from '../../lib/site';
import { useSeo } from '../../lib/useSeo';
import type { FormErrors } from '../../validation/common';
import {
  validatePasswordReset,
  type PasswordResetForm,
} from '../../validation/password-reset.rules';

/**
 * /change_password/{user_token} (docs/PRODUCT-RULES.md R111): the password reset form ('Fill This',
 * 'At least 8 characters', 'Fill this', 'This should be similar to the password'). Success:
 * 'Password set successfully.'; failure: the first server password error, else 'Invalid token.
 * Repeat the process.'
 */
export const ChangePasswordPage = () => {
  useSeo({ title: pageTitle('Set a New Password') });
  const { token = '' } = useParams();
  const dialogs = useAuthDialogs();
  const [form, setForm] = useState<PasswordResetForm>({ password: '', confirmPassword: '' });
  const [errors, setErrors] = useState<FormErrors<keyof PasswordResetForm>>({});
  const confirm = useConfirmPasswordReset();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const found = validatePasswordReset(form);
    setErrors(found);
    if (Object.keys(found).length) return;
    confirm.mutate({ password: form.password, token });
  };

  return (
    <>
      <PageHeader title="Set a New Password" />
      {confirm.isSuccess ? (
        <Stack spacing={2} sx={{ alignItems: 'flex-start' }}>
          <Alert severity="success">{MESSAGES.passwordSet}</Alert>
          <Button variant="contained" onClick={() => dialogs.open('login')}>
            Login
          </Button>
        </Stack>
      ) : (
        <Paper
          variant="outlined"
          component="form"
          onSubmit={submit}
          noValidate
          sx={{ p: 2, maxWidth: 480 }}
        >
          <Stack spacing={2}>
            {confirm.isError ? (
              <Alert severity="error">
                {fieldError(confirm.error, 'password') ?? MESSAGES.invalidResetToken}
              </Alert>
            ) : null}
            <TextField
              label="New password"
              type="password"
              autoComplete="new-password"
              value={form.password}
              onChange={(event) => setForm({ ...form, password: event.target.value })}
              error={!!errors.password}
              helperText={errors.password}
            />
            <TextField
              label="Confirm password"
              type="password"
              autoComplete="new-password"
              value={form.confirmPassword}
              onChange={(event) => setForm({ ...form, confirmPassword: event.target.value })}
              error={!!errors.confirmPassword}
              helperText={errors.confirmPassword}
            />
            <Button type="submit" variant="contained" loading={confirm.isPending}>
              Set Password
            </Button>
          </Stack>
        </Paper>
      )}
    </>
  );
};

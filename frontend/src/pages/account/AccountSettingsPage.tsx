import { useState, type ChangeEvent, type FormEvent, type ReactNode } from 'react';
import { Navigate } from 'react-router';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import {
  fieldError,
  useChangePassword,
  useOwnProfile,
  useSendVerificationEmail,
  useUpdateDetails,
  useUploadAvatar,
} from '../../api/account';
import { errorMessage } from '../../api/client';
import type { Profile } from '../../api/types';
import { PageHeader } from '../../components/PageHeader';
import { LoadingState } from '../../components/QueryStatus';
import { SuccessSnackbar } from '../../components/SuccessSnackbar';
import { TipsterAvatar } from '../../components/TipsterAvatar';
import { isLoggedIn } from '../../lib/auth';
import { reloadPage } from '../../lib/browser';
import { MESSAGES } from '../../lib/messages';
import { PATHS } from '../../lib/paths';
import { pageTitle } from '../../lib/site';
import { useLoggedError } from '../../lib/useLoggedError';
import { useSeo } from '../../lib/useSeo';
import { validateAccountDetails } from '../../validation/account-details.rules';
import { avatarFileError } from '../../validation/avatar.rules';
import type { FormErrors } from '../../validation/common';
import { emailChangeError } from '../../validation/email-change.rules';
import {
  validatePasswordChange,
  type PasswordChangeForm,
} from '../../validation/password-change.rules';
import { phoneChangeError } from '../../validation/phone-change.rules';
import { YourDataCard } from './YourDataCard';

const Section = ({ title, children }: { title: string; children: ReactNode }) => (
  <Paper variant="outlined" component="section" aria-label={title} sx={{ p: 2 }}>
    <Typography variant="h2" sx={{ mb: 1.5 }}>
      {title}
    </Typography>
    {children}
  </Paper>
);

const ReadOnlyRow = ({ label, value }: { label: string; value: ReactNode }) => (
  <Box sx={{ display: 'flex', justifyContent: 'space-between', gap: 2, py: 0.5 }}>
    <Typography color="text.secondary" variant="body2">
      {label}
    </Typography>
    <Typography
      variant="body2"
      sx={{ fontWeight: 600, textAlign: 'right', wordBreak: 'break-all' }}
    >
      {value}
    </Typography>
  </Box>
);

/**
 * Account data card: name and city editable; username and country read-only
 * (docs/PRODUCT-RULES.md R108).
 */
const AccountDataCard = ({
  profile,
  onSaved,
}: {
  profile: Profile;
  onSaved: (message: string) => void;
}) => {
  const [form, setForm] = useState({
    name: profile.user.first_name ?? '',
    city: profile.profile.city ?? '',
  });
  const [errors, setErrors] = useState<FormErrors<'name' | 'city'>>({});
  const update = useUpdateDetails();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const found = validateAccountDetails(form);
    setErrors(found);
    if (Object.keys(found).length) return;
    update.mutate(
      { name: form.name.trim(), city: form.city.trim() },
      { onSuccess: () => onSaved('Details saved') },
    );
  };

  return (
    <Section title="Account">
      <Stack component="form" spacing={2} onSubmit={submit} noValidate>
        <ReadOnlyRow label="Username" value={profile.user.username} />
        <ReadOnlyRow label="Country" value={profile.profile.country} />
        {update.isError ? (
          <Alert severity="error">{errorMessage(update.error, MESSAGES.loginFailed)}</Alert>
        ) : null}
        <TextField
          label="Name"
          value={form.name}
          onChange={(event) => setForm({ ...form, name: event.target.value })}
          error={!!errors.name}
          helperText={errors.name}
          autoComplete="name"
        />
        <TextField
          label="City"
          value={form.city}
          onChange={(event) => setForm({ ...form, city: event.target.value })}
          error={!!errors.city}
          helperText={errors.city}
          autoComplete="address-level2"
        />
        <Button
          type="submit"
          variant="contained"
          loading={update.isPending}
          sx={{ alignSelf: 'flex-start' }}
        >
          Save
        </Button>
      </Stack>
    </Section>
  );
};

/** Avatar upload: images only; success reloads the page (docs/PRODUCT-RULES.md R127, R134). */
const AvatarCard = ({ profile }: { profile: Profile }) => {
  const [error, setError] = useState<string | null>(null);
  const upload = useUploadAvatar();

  const choose = (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    if (!file) return;
    const found = avatarFileError(file);
    setError(found);
    if (found) return;
    upload.mutate(file, { onSuccess: reloadPage });
  };

  return (
    <Section title="Profile Image">
      <Stack direction="row" spacing={2} sx={{ alignItems: 'center' }}>
        <TipsterAvatar
          username={profile.user.username}
          src={profile.profile.profile_image_url}
          size={64}
        />
        <Button component="label" variant="outlined" loading={upload.isPending}>
          Upload image
          <input hidden type="file" accept="image/*" onChange={choose} aria-label="Profile image" />
        </Button>
      </Stack>
      {error || upload.isError ? (
        <Alert severity="error" sx={{ mt: 2 }}>
          {error ?? errorMessage(upload.error, MESSAGES.loginFailed)}
        </Alert>
      ) : null}
    </Section>
  );
};

const EMPTY_PASSWORDS: PasswordChangeForm = {
  oldPassword: '',
  newPassword: '',
  confirmPassword: '',
};

/**
 * Password section (docs/PRODUCT-RULES.md R127): collapsed it reads 'Password Set'; the form checks
 * 'Fill this', 'Password should be 8 characters or more', 'Confirm password is not equal'; a
 * failure shows the first old_password error; success shows 'Saved'.
 */
const PasswordCard = ({ onSaved }: { onSaved: (message: string) => void }) => {
  const [editing, setEditing] = useState(false);
  const [form, setForm] = useState<PasswordChangeForm>(EMPTY_PASSWORDS);
  const [errors, setErrors] = useState<FormErrors<keyof PasswordChangeForm>>({});
  const change = useChangePassword();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const found = validatePasswordChange(form);
    setErrors(found);
    if (Object.keys(found).length) return;
    change.mutate(
      { old_password: form.oldPassword, new_password: form.newPassword },
      {
        onSuccess: () => {
          setEditing(false);
          setForm(EMPTY_PASSWORDS);
          onSaved(MESSAGES.saved);
        },
      },
    );
  };

  const field = (name: keyof PasswordChangeForm, label: string, autoComplete: string) => (
    <TextField
      label={label}
      type="password"
      autoComplete={autoComplete}
      value={form[name]}
      onChange={(event) => setForm({ ...form, [name]: event.target.value })}
      error={!!errors[name]}
      helperText={errors[name]}
    />
  );

  return (
    <Section title="Password">
      {editing ? (
        <Stack component="form" spacing={2} onSubmit={submit} noValidate>
          {change.isError ? (
            <Alert severity="error">
              {fieldError(change.error, 'old_password') ??
                fieldError(change.error, 'new_password') ??
                errorMessage(change.error, MESSAGES.loginFailed)}
            </Alert>
          ) : null}
          {field('oldPassword', 'Old password', 'current-password')}
          {field('newPassword', 'New password', 'new-password')}
          {field('confirmPassword', 'Confirm password', 'new-password')}
          <Stack direction="row" spacing={1}>
            <Button type="submit" variant="contained" loading={change.isPending}>
              Save
            </Button>
            <Button onClick={() => setEditing(false)}>Cancel</Button>
          </Stack>
        </Stack>
      ) : (
        <Stack direction="row" sx={{ alignItems: 'center', justifyContent: 'space-between' }}>
          <Typography>{MESSAGES.passwordIsSet}</Typography>
          <Button onClick={() => setEditing(true)}>Change</Button>
        </Stack>
      )}
    </Section>
  );
};

/**
 * Phone or e-mail section (docs/PRODUCT-RULES.md R127): current value, or an edit form checked by
 * its rule. The change is only recorded locally in the interface (the spec shows no server call).
 */
const ContactCard = ({
  title,
  label,
  initial,
  rule,
  type,
  extra,
}: {
  title: string;
  label: string;
  initial: string;
  rule: (value: string) => string | null;
  type: 'tel' | 'email';
  extra?: ReactNode;
}) => {
  const [value, setValue] = useState(initial);
  const [draft, setDraft] = useState(initial);
  const [editing, setEditing] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const found = rule(draft);
    setError(found);
    if (found) return;
    setValue(draft.trim());
    setEditing(false);
  };

  return (
    <Section title={title}>
      {editing ? (
        <Stack component="form" spacing={2} onSubmit={submit} noValidate>
          <TextField
            label={label}
            type={type}
            value={draft}
            onChange={(event) => setDraft(event.target.value)}
            error={!!error}
            helperText={error}
          />
          <Stack direction="row" spacing={1}>
            <Button type="submit" variant="contained">
              Save
            </Button>
            <Button onClick={() => setEditing(false)}>Cancel</Button>
          </Stack>
        </Stack>
      ) : (
        <Stack
          direction="row"
          sx={{ alignItems: 'center', justifyContent: 'space-between', gap: 1 }}
        >
          <Typography sx={{ wordBreak: 'break-all' }}>{value || '-'}</Typography>
          <Button
            onClick={() => {
              setDraft(value);
              setError(null);
              setEditing(true);
            }}
          >
            Change
          </Button>
        </Stack>
      )}
      {extra}
    </Section>
  );
};

/** E-mail verification status and the button that sends the link. */
const VerifyEmail = ({ verified }: { verified: boolean }) => {
  const send = useSendVerificationEmail();
  if (verified) {
    return (
      <Typography variant="body2" color="success.main" sx={{ mt: 1 }}>
        Verified
      </Typography>
    );
  }
  return (
    <Box sx={{ mt: 1 }}>
      {send.isSuccess ? (
        <Alert severity="success">{send.data.message}</Alert>
      ) : (
        <Button
          size="small"
          variant="outlined"
          onClick={() => send.mutate()}
          loading={send.isPending}
        >
          Send verification link
        </Button>
      )}
      {send.isError ? (
        <Alert severity="error" sx={{ mt: 1 }}>
          {errorMessage(send.error, MESSAGES.verificationFailed)}
        </Alert>
      ) : null}
    </Box>
  );
};

/** /account_settings (login: docs/PRODUCT-RULES.md R96, R108). */
export const AccountSettingsPage = () => {
  useSeo({ title: pageTitle('Account Settings') });
  const profile = useOwnProfile();
  const [snackbar, setSnackbar] = useState<string | null>(null);
  useLoggedError(profile.error, 'your account');
  if (!isLoggedIn()) return <Navigate to={PATHS.home} replace />;
  if (profile.isPending) return <LoadingState label="Loading account" />;
  if (profile.isError) return null;
  const data = profile.data;

  return (
    <>
      <PageHeader title="Account Settings" />
      <Stack spacing={2} sx={{ maxWidth: 640 }}>
        <AccountDataCard profile={data} onSaved={setSnackbar} />
        <AvatarCard profile={data} />
        <PasswordCard onSaved={setSnackbar} />
        <ContactCard
          title="Phone"
          label="Phone number"
          type="tel"
          initial={data.profile.phone_number ?? ''}
          rule={phoneChangeError}
        />
        <ContactCard
          title="Email"
          label="Email"
          type="email"
          initial={data.user.email ?? ''}
          rule={emailChangeError}
          extra={<VerifyEmail verified={data.profile.email_verified} />}
        />
        <YourDataCard />
      </Stack>
      <SuccessSnackbar message={snackbar} onClose={() => setSnackbar(null)} />
    </>
  );
};

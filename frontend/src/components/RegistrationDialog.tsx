import { useState, type FormEvent } from 'react';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import Link from '@mui/material/Link';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { fieldError, uploadAvatar, useRegister } from '../api/account';
import { ApiError, errorMessage } from '../api/client';
import { useVisitorCountry } from '../api/geo';
import { storeCredentials } from '../lib/auth';
import { reloadPage } from '../lib/browser';
import { MESSAGES } from '../lib/messages';
import { smsConsentField } from '../lib/consent';
import { MarketingOptIn } from './MarketingOptIn';
import { avatarFileError } from '../validation/avatar.rules';
import type { FormErrors } from '../validation/common';
import {
  validateRegistration,
  type RegistrationField,
  type RegistrationForm,
} from '../validation/registration.rules';

/** Countries a user registers from (docs/PRODUCT-RULES.md R56, R91). */
const REGISTRATION_COUNTRIES = [
  { code: 'KE', name: 'Kenya' },
  { code: 'NG', name: 'Nigeria' },
  { code: 'UG', name: 'Uganda' },
  { code: 'TZ', name: 'Tanzania' },
] as const;

const EMPTY: RegistrationForm = {
  username: '',
  email: '',
  phoneNumber: '',
  password: '',
  confirmPassword: '',
  isAdult: false,
};

/** Server field -> form field for the errors shown under the fields (docs/PRODUCT-RULES.md R70). */
const SERVER_FIELDS: [string, RegistrationField][] = [
  ['username', 'username'],
  ['email', 'email'],
  ['phone_number', 'phoneNumber'],
  ['password', 'password'],
];

/**
 * Registration dialog (docs/PRODUCT-RULES.md R112, R130) with the 18+ confirmation
 * (docs/PRODUCT-RULES.md R68). The server's username and e-mail errors show under those fields; an
 * optional profile image is uploaded right after the account exists; then the page reloads logged
 * in.
 */
export const RegistrationDialog = ({
  onClose,
  onLogin,
}: {
  onClose: () => void;
  onLogin: () => void;
}) => {
  const [form, setForm] = useState<RegistrationForm>(EMPTY);
  // Preselected by the visitor's IP (docs/PRODUCT-RULES.md R143) until they pick one.
  const visitorCountry = useVisitorCountry();
  const [chosenCountry, setCountry] = useState<string | null>(null);
  const country = chosenCountry ?? visitorCountry;
  const [image, setImage] = useState<File | null>(null);
  const [imageError, setImageError] = useState<string | null>(null);
  const [errors, setErrors] = useState<FormErrors<RegistrationField>>({});
  const [generalError, setGeneralError] = useState<string | null>(null);
  const [marketing, setMarketing] = useState(false);
  const register = useRegister();

  const set = (field: Exclude<RegistrationField, 'isAdult'>) => ({
    value: form[field],
    onChange: (event: { target: { value: string } }) =>
      setForm({ ...form, [field]: event.target.value }),
    error: !!errors[field],
    helperText: errors[field],
  });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const found = validateRegistration(form);
    setErrors(found);
    setGeneralError(null);
    if (Object.keys(found).length || imageError) return;
    register.mutate(
      {
        username: form.username.trim(),
        email: form.email.trim(),
        phone_number: form.phoneNumber.trim(),
        password: form.password,
        country,
        ...smsConsentField(marketing),
      },
      {
        onSuccess: (tokens) => {
          storeCredentials(tokens.token, tokens.refresh);
          // The account exists: reload into it once the optional avatar upload has settled,
          // even when the upload failed.
          const avatar = image ? uploadAvatar(image).catch(() => undefined) : Promise.resolve();
          void avatar.then(reloadPage);
        },
        onError: (error) => {
          const serverErrors: FormErrors<RegistrationField> = {};
          for (const [serverField, field] of SERVER_FIELDS) {
            const message = fieldError(error, serverField);
            if (message) serverErrors[field] = message;
          }
          setErrors(serverErrors);
          if (!Object.keys(serverErrors).length || !(error instanceof ApiError)) {
            setGeneralError(errorMessage(error, MESSAGES.loginFailed));
          }
        },
      },
    );
  };

  return (
    <Dialog
      open
      onClose={onClose}
      fullWidth
      maxWidth="xs"
      aria-labelledby="register-title"
      scroll="body"
    >
      <form onSubmit={submit} noValidate>
        <DialogTitle id="register-title">Create an account</DialogTitle>
        <DialogContent>
          <Stack spacing={2} sx={{ pt: 1 }}>
            {generalError ? <Alert severity="error">{generalError}</Alert> : null}
            <TextField label="Username" autoComplete="username" autoFocus {...set('username')} />
            <TextField label="Email" type="email" autoComplete="email" {...set('email')} />
            <TextField
              label="Phone number"
              type="tel"
              autoComplete="tel-national"
              placeholder="0712345678"
              slotProps={{ htmlInput: { inputMode: 'numeric' } }}
              {...set('phoneNumber')}
            />
            <TextField
              select
              label="Country"
              value={country}
              onChange={(event) => setCountry(event.target.value)}
            >
              {REGISTRATION_COUNTRIES.map((option) => (
                <MenuItem key={option.code} value={option.code}>
                  {option.name}
                </MenuItem>
              ))}
            </TextField>
            <TextField
              label="Password"
              type="password"
              autoComplete="new-password"
              {...set('password')}
            />
            <TextField
              label="Confirm password"
              type="password"
              autoComplete="new-password"
              {...set('confirmPassword')}
            />
            <div>
              <Typography variant="body2" component="label" htmlFor="register-image">
                Profile image (optional)
              </Typography>
              <input
                id="register-image"
                type="file"
                accept="image/*"
                style={{ display: 'block', marginTop: 4 }}
                onChange={(event) => {
                  const file = event.target.files?.[0] ?? null;
                  setImage(file);
                  setImageError(file ? avatarFileError(file) : null);
                }}
              />
              {imageError ? <FormHelperText error>{imageError}</FormHelperText> : null}
            </div>
            <div>
              <FormControlLabel
                control={
                  <Checkbox
                    checked={form.isAdult}
                    onChange={(event) => setForm({ ...form, isAdult: event.target.checked })}
                  />
                }
                label="I confirm that I am 18 years or older"
              />
              {errors.isAdult ? <FormHelperText error>{errors.isAdult}</FormHelperText> : null}
            </div>
            <MarketingOptIn checked={marketing} onChange={setMarketing} />
            <Link component="button" type="button" variant="body2" onClick={onLogin}>
              Already have an account? Login
            </Link>
          </Stack>
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose}>Cancel</Button>
          <Button type="submit" variant="contained" loading={register.isPending}>
            Register
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
};

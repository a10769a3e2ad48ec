import { useState, type FormEvent, type InputHTMLAttributes, type ReactNode } from 'react';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import type { FormErrors } from '../validation/common';
import { normaliseTransactionCode } from '../validation/find-tip.rules';
import { toKenyanMsisdn } from '../validation/kenyan-phone.rules';

/** What the visitor typed: a Kenyan phone number and a code (M-Pesa or ours). */
export interface PhoneCode {
  phone: string;
  code: string;
}

/** The checked values as the API takes them: the phone as MSISDN (254...), the code's first word upper-cased. */
export interface PhoneCodeSubmit {
  msisdn: string;
  code: string;
}

export interface PhoneCodeFormProps {
  /**
   * The form's rules with their exact messages, from validation/ (validateFindTip,
   * validateSubscriberPanel): nothing is sent while one fails.
   */
  validate: (form: PhoneCode) => FormErrors<keyof PhoneCode>;
  /** Called with the normalised values once the rules pass. */
  onSubmit: (values: PhoneCodeSubmit) => void;
  /** The request is under way (the button shows a spinner). */
  pending: boolean;
  /** The request's failure as shown above the fields, or null. */
  error: string | null;
  phoneLabel: string;
  /** The phone field's autocomplete hint, when the form has one. */
  phoneAutoComplete?: string;
  codeLabel: string;
  codePlaceholder: string;
  /** Shown under the code field while it has no error. */
  codeHint?: string;
  /** Extra attributes of the code input (autoCapitalize is always 'characters'). */
  codeInput?: InputHTMLAttributes<HTMLInputElement>;
  submitLabel: string;
  submitSize?: 'medium' | 'large';
  /** Shown under the button (a link to another way to look up). */
  children?: ReactNode;
}

/**
 * The phone + code look-up form of Find Tip (docs/PRODUCT-RULES.md R104, R137) and the subscriber
 * panel (docs/PRODUCT-RULES.md R105, R136): a Kenyan phone number ('Enter Valid Phone Number') and
 * a code of which only the first word counts, upper-cased. The page gives its rules, labels and
 * request; the form checks, shows each field's message and sends the MSISDN and the code.
 */
export const PhoneCodeForm = ({
  validate,
  onSubmit,
  pending,
  error,
  phoneLabel,
  phoneAutoComplete,
  codeLabel,
  codePlaceholder,
  codeHint,
  codeInput,
  submitLabel,
  submitSize,
  children,
}: PhoneCodeFormProps) => {
  const [form, setForm] = useState<PhoneCode>({ phone: '', code: '' });
  const [errors, setErrors] = useState<FormErrors<keyof PhoneCode>>({});

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const found = validate(form);
    setErrors(found);
    if (Object.keys(found).length) return;
    onSubmit({ msisdn: toKenyanMsisdn(form.phone), code: normaliseTransactionCode(form.code) });
  };

  return (
    <Paper
      variant="outlined"
      component="form"
      onSubmit={submit}
      noValidate
      sx={{ p: 2, maxWidth: 520 }}
    >
      <Stack spacing={2}>
        {error !== null ? <Alert severity="error">{error}</Alert> : null}
        <TextField
          label={phoneLabel}
          type="tel"
          placeholder="0712345678"
          autoComplete={phoneAutoComplete}
          value={form.phone}
          onChange={(event) => setForm({ ...form, phone: event.target.value })}
          error={!!errors.phone}
          helperText={errors.phone}
          slotProps={{ htmlInput: { inputMode: 'numeric' } }}
        />
        <TextField
          label={codeLabel}
          placeholder={codePlaceholder}
          value={form.code}
          onChange={(event) => setForm({ ...form, code: event.target.value })}
          error={!!errors.code}
          helperText={errors.code ?? codeHint}
          slotProps={{ htmlInput: { ...codeInput, autoCapitalize: 'characters' } }}
        />
        <Button type="submit" variant="contained" size={submitSize} loading={pending}>
          {submitLabel}
        </Button>
        {children}
      </Stack>
    </Paper>
  );
};

import { useState, type FormEvent } from 'react';
import { Link as RouterLink } from 'react-router';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { errorMessage } from '../../api/client';
import { useFindSlip } from '../../api/purchases';
import { FoundTipsList } from '../../components/FoundTipsList';
import { PageHeader } from '../../components/PageHeader';
import { UssdHint } from '../../components/UssdHint';
import { MESSAGES } from '../../lib/messages';
import { PATHS } from '../../lib/paths';
import { pageTitle } from '../../lib/site';
import { useSeo } from '../../lib/useSeo';
import type { FormErrors } from '../../validation/common';
import {
  normaliseTransactionCode,
  validateFindTip,
  type FindTipForm,
} from '../../validation/find-tip.rules';
import { toKenyanMsisdn } from '../../validation/kenyan-phone.rules';

/**
 * /find_tip (docs/PRODUCT-RULES.md R104): recover a bought tip by phone and the M-Pesa transaction
 * code (docs/PRODUCT-RULES.md R72, R137: 'Enter Valid Phone Number', 'Invalid transaction code';
 * the code's first word, upper-cased).
 */
export const FindTipPage = () => {
  useSeo({
    title: pageTitle('Find Tip'),
    description:
      'Find a tip you bought again: enter your phone number and the M-Pesa code from the confirmation SMS.',
  });
  const [form, setForm] = useState<FindTipForm>({ phone: '', code: '' });
  const [errors, setErrors] = useState<FormErrors<keyof FindTipForm>>({});
  const find = useFindSlip();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const found = validateFindTip(form);
    setErrors(found);
    if (Object.keys(found).length) return;
    find.mutate({ msisdn: toKenyanMsisdn(form.phone), code: normaliseTransactionCode(form.code) });
  };

  return (
    <>
      <PageHeader title="Find Tip">
        Bought a tip? Enter the phone number you paid with and the M-Pesa code from the
        confirmation SMS (or the purchase code in our SMS) to see your picks.
      </PageHeader>
      <Paper
        variant="outlined"
        component="form"
        onSubmit={submit}
        noValidate
        sx={{ p: 2, maxWidth: 520 }}
      >
        <Stack spacing={2}>
          {find.isError ? (
            <Alert severity="error">{errorMessage(find.error, MESSAGES.tryAgain)}</Alert>
          ) : null}
          <TextField
            label="Phone number"
            type="tel"
            placeholder="0712345678"
            autoComplete="tel-national"
            value={form.phone}
            onChange={(event) => setForm({ ...form, phone: event.target.value })}
            error={!!errors.phone}
            helperText={errors.phone}
            slotProps={{ htmlInput: { inputMode: 'numeric' } }}
          />
          <TextField
            label="Transaction code"
            placeholder="SJK7ABC123"
            value={form.code}
            onChange={(event) => setForm({ ...form, code: event.target.value })}
            error={!!errors.code}
            helperText={errors.code}
            slotProps={{ htmlInput: { autoCapitalize: 'characters' } }}
          />
          <Button type="submit" variant="contained" size="large" loading={find.isPending}>
            Find Tip
          </Button>
          <Link component={RouterLink} to={PATHS.findTipNg} variant="body2">
            Paid from Nigeria or Uganda? Find your tip with your e-mail
          </Link>
        </Stack>
      </Paper>
      {find.isSuccess ? <FoundTipsList tips={find.data} /> : null}
      <UssdHint />
    </>
  );
};

import { useEffect, useRef, useState, type FormEvent } from 'react';
import { useSearchParams } from 'react-router';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { errorMessage } from '../../api/client';
import { useFindSlipNg } from '../../api/purchases';
import { FoundTipsList } from '../../components/FoundTipsList';
import { PageHeader } from '../../components/PageHeader';
import { rememberedBuyerEmail } from '../../lib/buyer-email';
import { MESSAGES } from '../../lib/messages';
import { pageTitle } from '../../lib/site';
import { useSeo } from '../../lib/useSeo';
import type { FormErrors } from '../../validation/common';
import {
  encodeTransactionId,
  validateFindTipNg,
  type FindTipNgForm,
} from '../../validation/find-tip.rules';

/**
 * /find_tip_ng (docs/PRODUCT-RULES.md R104): e-mail plus transaction id ('Invalid Email', 'Invalid
 * transaction id'); the id may come from ?tx_ref (the checkout's redirect), and is sent
 * base64-encoded. Back from the checkout with the e-mail remembered, the picks load at once.
 */
export const FindTipNgPage = () => {
  useSeo({
    title: pageTitle('Find Tip (Nigeria and Uganda)'),
    description: 'Find a tip you bought by card or wallet with your e-mail and transaction id.',
  });
  const [params] = useSearchParams();
  const txRef = params.get('tx_ref') ?? '';
  const cancelled = params.get('status') === 'cancelled';
  const [form, setForm] = useState<FindTipNgForm>(() => ({
    email: rememberedBuyerEmail(),
    transactionId: txRef,
  }));
  const [errors, setErrors] = useState<FormErrors<keyof FindTipNgForm>>({});
  const find = useFindSlipNg();
  const autoSearched = useRef(false);

  const search = (values: FindTipNgForm) => {
    const found = validateFindTipNg(values);
    setErrors(found);
    if (Object.keys(found).length) return;
    find.mutate({
      email: values.email.trim(),
      encodedId: encodeTransactionId(values.transactionId),
    });
  };

  useEffect(() => {
    if (autoSearched.current || cancelled || !form.email || !form.transactionId) return;
    autoSearched.current = true;
    search(form);
    // Runs once on arrival from the checkout; later searches are the user's.
  }, []);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    search(form);
  };

  return (
    <>
      <PageHeader title="Find Tip">
        Paid by card or wallet from Nigeria or Uganda? Enter your e-mail and the transaction id to
        see your picks.
      </PageHeader>
      {cancelled ? (
        <Alert severity="warning" sx={{ mb: 2 }}>
          The payment was cancelled. You have not been charged.
        </Alert>
      ) : null}
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
            label="Email"
            type="email"
            autoComplete="email"
            value={form.email}
            onChange={(event) => setForm({ ...form, email: event.target.value })}
            error={!!errors.email}
            helperText={errors.email}
          />
          <TextField
            label="Transaction id"
            value={form.transactionId}
            onChange={(event) => setForm({ ...form, transactionId: event.target.value })}
            error={!!errors.transactionId}
            helperText={errors.transactionId}
          />
          <Button type="submit" variant="contained" size="large" loading={find.isPending}>
            Find Tip
          </Button>
        </Stack>
      </Paper>
      {find.isSuccess ? <FoundTipsList tips={find.data} /> : null}
    </>
  );
};

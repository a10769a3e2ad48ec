import { useState, type FormEvent } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { errorMessage } from '../../api/client';
import { useSubscriptionSlips } from '../../api/purchases';
import { PageHeader } from '../../components/PageHeader';
import { EmptyState } from '../../components/QueryStatus';
import { SectionHeading } from '../../components/SectionHeading';
import { SlipCard } from '../../components/SlipCard';
import { SubscriptionPanel } from '../../components/SubscriptionPanel';
import { UssdHint } from '../../components/UssdHint';
import { MESSAGES } from '../../lib/messages';
import { pageTitle } from '../../lib/site';
import { useSeo } from '../../lib/useSeo';
import type { FormErrors } from '../../validation/common';
import { normaliseTransactionCode } from '../../validation/find-tip.rules';
import { toKenyanMsisdn } from '../../validation/kenyan-phone.rules';
import {
  validateSubscriberPanel,
  type SubscriberPanelForm,
} from '../../validation/subscriber-panel.rules';
import { ResponsibleGamblingNote } from '../../components/ResponsibleGamblingNote';

/**
 * Premium slips of an active subscriber (docs/PRODUCT-RULES.md R44, R105), looked up by phone and
 * the code that proves the phone is theirs: the code in our subscription SMS, or the payment's
 * M-Pesa code.
 */
const PremiumSlips = () => {
  const [form, setForm] = useState<SubscriberPanelForm>({ phone: '', code: '' });
  const [errors, setErrors] = useState<FormErrors<keyof SubscriberPanelForm>>({});
  const slips = useSubscriptionSlips();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const found = validateSubscriberPanel(form);
    setErrors(found);
    if (Object.keys(found).length) return;
    slips.mutate({ msisdn: toKenyanMsisdn(form.phone), code: normaliseTransactionCode(form.code) });
  };

  return (
    <>
      <Paper variant="outlined" component="form" onSubmit={submit} noValidate sx={{ p: 2, maxWidth: 520 }}>
        <Stack spacing={2}>
          {slips.isError ? (
            <Alert severity="error">{errorMessage(slips.error, MESSAGES.tryAgain)}</Alert>
          ) : null}
          <TextField
            label="Subscribed phone number"
            type="tel"
            placeholder="0712345678"
            value={form.phone}
            onChange={(event) => setForm({ ...form, phone: event.target.value })}
            error={!!errors.phone}
            helperText={errors.phone}
            slotProps={{ htmlInput: { inputMode: 'numeric' } }}
          />
          <TextField
            label="Code from your subscription SMS"
            placeholder="ACDEFGHJ"
            value={form.code}
            onChange={(event) => setForm({ ...form, code: event.target.value })}
            error={!!errors.code}
            helperText={
              errors.code ??
              'The code at the end of our subscription SMS, or the M-Pesa code of your payment.'
            }
            slotProps={{ htmlInput: { autoCapitalize: 'characters', autoComplete: 'off', spellCheck: false } }}
          />
          <Button type="submit" variant="contained" loading={slips.isPending}>
            View Premium Tips
          </Button>
        </Stack>
      </Paper>
      {slips.isSuccess ? (
        slips.data.length === 0 ? (
          <EmptyState>No premium tips yet today. Check again later.</EmptyState>
        ) : (
          <Stack spacing={2} sx={{ mt: 2 }}>
            {slips.data.map((slip) => (
              <SlipCard key={slip.id} slip={slip} hideBuy />
            ))}
          </Stack>
        )
      ) : null}
    </>
  );
};

/**
 * /subscriptions (docs/PRODUCT-RULES.md R105): the Subscriber Panel: kinds and purchase, premium
 * slips by phone.
 */
export const SubscriptionsPage = () => {
  useSeo({
    title: pageTitle('Subscriber Panel'),
    description:
      'Subscribe for premium football tips every day: bronze, silver or gold, paid by M-Pesa.',
  });
  return (
    <>
      <PageHeader title="Subscriber Panel">
        Subscribe once and get the day&apos;s premium tips by SMS. Already subscribed? View today&apos;s
        premium tips with your phone number and the code from your subscription SMS.
      </PageHeader>
      <Stack spacing={4}>
        <Box component="section" aria-labelledby="plans-title">
          <SectionHeading id="plans-title">Subscriptions</SectionHeading>
          <SubscriptionPanel />
        </Box>
        <Box component="section" aria-labelledby="premium-title">
          <SectionHeading id="premium-title">Premium Tips</SectionHeading>
          <PremiumSlips />
        </Box>
      </Stack>
      <ResponsibleGamblingNote />
      <UssdHint />
    </>
  );
};

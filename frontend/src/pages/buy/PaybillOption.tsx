import { useState, type FormEvent } from 'react';
import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { errorMessage } from '../../api/client';
import { useBuySlipPaybill } from '../../api/purchases';
import type { Slip } from '../../api/types';
import { MESSAGES } from '../../lib/messages';
import { formatKsh } from '../../lib/money';
import { nairobiDate } from '../../lib/nairobi-time';
import { purchasePhoneError, toKenyanMsisdn } from '../../validation/kenyan-phone.rules';

/**
 * "Pay by paybill N, account R" (docs/PRODUCT-RULES.md R200): for a buyer whose M-Pesa prompt does
 * not show. The phone the picks go to asks the server for a reference; the page shows the
 * server's business number, account number, amount and expiry, nothing computed here.
 */
export const PaybillOption = ({ slip }: { slip: Slip }) => {
  const [phone, setPhone] = useState('');
  const [phoneError, setPhoneError] = useState<string | null>(null);
  const reference = useBuySlipPaybill();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const found = purchasePhoneError(phone);
    setPhoneError(found);
    if (found) return;
    reference.mutate({ phone: toKenyanMsisdn(phone), slip: slip.id });
  };

  const ref = reference.data;
  return (
    <Paper
      variant="outlined"
      component="form"
      onSubmit={submit}
      noValidate
      sx={{ p: 2, mt: 2 }}
      aria-label="Pay by paybill"
    >
      <Stack spacing={2}>
        <Typography variant="h2">No M-Pesa prompt? Pay by paybill</Typography>
        {ref ? (
          <Alert severity="info" data-testid="paybill-reference">
            <AlertTitle>
              Pay by paybill {ref.paybill}, account {ref.account}
            </AlertTitle>
            On your phone: M-PESA → Lipa na M-PESA → Pay Bill. Business no. <b>{ref.paybill}</b>,
            account no. <b>{ref.account}</b>, amount <b>{formatKsh(ref.amount)}</b> exactly. The
            picks come by SMS to the phone you entered. This account number works until{' '}
            {nairobiDate(ref.expires_at)}.
          </Alert>
        ) : (
          <>
            {reference.isError ? (
              <Alert severity="error">{errorMessage(reference.error, MESSAGES.buyFailed)}</Alert>
            ) : null}
            <TextField
              label="Phone to receive the picks"
              type="tel"
              placeholder="0712345678"
              autoComplete="tel-national"
              value={phone}
              onChange={(event) => setPhone(event.target.value)}
              error={!!phoneError}
              helperText={
                phoneError ?? 'We give you an account number for this phone and this slip.'
              }
              slotProps={{ htmlInput: { inputMode: 'numeric' } }}
            />
            <Button type="submit" variant="outlined" size="large" loading={reference.isPending}>
              Get paybill details
            </Button>
          </>
        )}
      </Stack>
    </Paper>
  );
};

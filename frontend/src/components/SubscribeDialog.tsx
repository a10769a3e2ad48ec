import { useState, type FormEvent } from 'react';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import TextField from '@mui/material/TextField';
import { errorMessage } from '../api/client';
import { useSubscribe } from '../api/purchases';
import { MESSAGES } from '../lib/messages';
import { formatKsh } from '../lib/money';
import { subscriptionPhoneError, toKenyanMsisdn } from '../validation/kenyan-phone.rules';
import type { SubscriptionChoice as Choice } from './subscription-choice';

/**
 * Subscription purchase (docs/PRODUCT-RULES.md R126): dialog open, phone entry, request sent; on
 * success the dialog closes and the panel alerts 'Request sent. Wait for mpesa stk'; a failure
 * alerts the server's message, else 'Error occurred. Try again'.
 */
export const SubscribeDialog = ({
  choice,
  onClose,
  onSent,
}: {
  choice: Choice;
  onClose: () => void;
  onSent: () => void;
}) => {
  const [phone, setPhone] = useState('');
  const [phoneError, setPhoneError] = useState<string | null>(null);
  const subscribe = useSubscribe();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const found = subscriptionPhoneError(phone);
    setPhoneError(found);
    if (found) return;
    subscribe.mutate(
      { phone: toKenyanMsisdn(phone), type: choice.kind.type || choice.key, days: choice.days },
      { onSuccess: onSent },
    );
  };

  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="xs" aria-labelledby="subscribe-title">
      <form onSubmit={submit} noValidate>
        <DialogTitle id="subscribe-title">
          {choice.kind.title || choice.key} · {formatKsh(choice.kind.price)}
        </DialogTitle>
        <DialogContent>
          <DialogContentText sx={{ mb: 2 }}>
            Enter your M-Pesa number. You will get a prompt on your phone to pay.
          </DialogContentText>
          {subscribe.isError ? (
            <Alert severity="error" sx={{ mb: 2 }}>
              {errorMessage(subscribe.error, MESSAGES.tryAgain)}
            </Alert>
          ) : null}
          <TextField
            label="Phone number"
            type="tel"
            placeholder="0712345678"
            fullWidth
            autoFocus
            value={phone}
            onChange={(event) => setPhone(event.target.value)}
            error={!!phoneError}
            helperText={phoneError}
            slotProps={{ htmlInput: { inputMode: 'numeric' } }}
          />
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose}>Cancel</Button>
          <Button type="submit" variant="contained" loading={subscribe.isPending}>
            Subscribe
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
};

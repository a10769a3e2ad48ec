import { useEffect, useState, type FormEvent } from 'react';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { errorMessage } from '../../api/client';
import { formatKsh, type DecimalValue } from '../../lib/money';
import { WITHDRAWAL_MESSAGES, withdrawPhoneError } from '../../validation/withdrawal.rules';
import { useWithdrawRequest } from './finance';

export const WITHDRAW_FALLBACK_ERROR = 'Error occurred. Try again';

interface WithdrawDialogProps {
  open: boolean;
  /** What the request will take, as the server computes it (finance summary withdrawable_amount). */
  amount: DecimalValue | undefined;
  /** The account's phone number, prefilled each time the dialog opens. */
  defaultPhone: string;
  onClose: () => void;
  /** Called with the server's message after a successful request. */
  onSuccess: (message: string) => void;
}

/**
 * The dashboard withdraw dialog (docs/PRODUCT-RULES.md R33, R112, R128, R136): states the amount
 * (the whole balance in whole Ksh, as the server will take it), the M-Pesa number prefilled with
 * the account's phone, then POST withdraw_request.
 */
export const WithdrawDialog = ({
  open,
  amount,
  defaultPhone,
  onClose,
  onSuccess,
}: WithdrawDialogProps) => {
  const [phone, setPhone] = useState(defaultPhone);
  const [phoneError, setPhoneError] = useState<string | null>(null);
  const withdraw = useWithdrawRequest();

  useEffect(() => {
    if (open) setPhone(defaultPhone);
  }, [open, defaultPhone]);

  const close = () => {
    withdraw.reset();
    setPhoneError(null);
    onClose();
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const error = withdrawPhoneError(phone);
    setPhoneError(error);
    if (error) return;
    withdraw.mutate(phone.replace(/\s+/g, ''), {
      onSuccess: (answer) => {
        setPhone('');
        onSuccess(answer?.message ?? 'Withdrawal request sent');
      },
    });
  };

  return (
    <Dialog
      open={open}
      onClose={close}
      aria-labelledby="withdraw-dialog-title"
      fullWidth
      maxWidth="xs"
    >
      <form onSubmit={submit} noValidate>
        <DialogTitle id="withdraw-dialog-title">Withdraw Cash</DialogTitle>
        <DialogContent>
          <Typography variant="body1" sx={{ mb: 1 }} data-testid="withdraw-amount">
            Amount to withdraw: <strong>{amount === undefined ? '…' : formatKsh(amount)}</strong>{' '}
            (your whole balance, in whole Ksh)
          </Typography>
          <Typography variant="body2" sx={{ mb: 2 }}>
            {WITHDRAWAL_MESSAGES.note}
          </Typography>
          {withdraw.isError && (
            <Alert severity="error" sx={{ mb: 2 }}>
              {errorMessage(withdraw.error, WITHDRAW_FALLBACK_ERROR)}
            </Alert>
          )}
          <TextField
            label="M-Pesa phone number"
            value={phone}
            onChange={(event) => setPhone(event.target.value)}
            error={!!phoneError}
            helperText={phoneError ?? ' '}
            inputMode="tel"
            autoFocus
            fullWidth
          />
        </DialogContent>
        <DialogActions>
          <Button onClick={close}>Cancel</Button>
          <Button type="submit" variant="contained" loading={withdraw.isPending}>
            Withdraw
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
};

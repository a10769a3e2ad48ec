import FlagIcon from '@mui/icons-material/Flag';
import OutlinedFlagIcon from '@mui/icons-material/OutlinedFlag';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import MuiButton from '@mui/material/Button';
import MuiTextField from '@mui/material/TextField';
import { useState, type MouseEvent } from 'react';
import {
  Button,
  useCanAccess,
  useNotify,
  useRecordContext,
  useRefresh,
  useUpdate,
} from 'react-admin';
import { errorText } from '../common/UpdateActionButton';

/** Longest review reason the server accepts. */
export const MAX_REASON_LENGTH = 500;

/**
 * Flags a purchase for review, or clears the flag, with a required reason (PUT /api/backoffice/
 * purchases/{id} `{flagged, reason}`; audited, no money changes).
 */
export const FlagPurchaseButton = () => {
  const record = useRecordContext();
  const notify = useNotify();
  const refresh = useRefresh();
  const [update, { isPending }] = useUpdate();
  const [open, setOpen] = useState(false);
  const [reason, setReason] = useState('');
  const { canAccess } = useCanAccess({ action: 'edit', resource: 'purchases', record });
  if (!record || canAccess !== true) return null;
  const flagged = record.flagged === true;
  const label = flagged ? 'Clear flag' : 'Flag';
  const trimmed = reason.trim();

  const openDialog = (event: MouseEvent) => {
    event.stopPropagation();
    setReason('');
    setOpen(true);
  };
  const submit = () =>
    update(
      'purchases',
      { id: record.id, data: { flagged: !flagged, reason: trimmed }, previousData: record },
      {
        mutationMode: 'pessimistic',
        onSuccess: () => {
          setOpen(false);
          notify(flagged ? 'Flag cleared' : 'Purchase flagged for review', { type: 'info' });
          refresh();
        },
        onError: (error) => notify(errorText(error), { type: 'error' }),
      },
    );

  return (
    <>
      <Button label={label} onClick={openDialog} color={flagged ? 'primary' : 'warning'}>
        {flagged ? <OutlinedFlagIcon /> : <FlagIcon />}
      </Button>
      <Dialog
        open={open}
        onClose={() => setOpen(false)}
        onClick={(event) => event.stopPropagation()}
        fullWidth
      >
        <DialogTitle>{flagged ? 'Clear the review flag' : 'Flag purchase for review'}</DialogTitle>
        <DialogContent>
          <MuiTextField
            autoFocus
            label="Reason"
            value={reason}
            onChange={(event) => setReason(event.target.value)}
            required
            multiline
            minRows={2}
            fullWidth
            margin="dense"
            slotProps={{ htmlInput: { maxLength: MAX_REASON_LENGTH } }}
            helperText={trimmed ? `${trimmed.length}/${MAX_REASON_LENGTH}` : 'A reason is required'}
          />
        </DialogContent>
        <DialogActions>
          <MuiButton onClick={() => setOpen(false)}>Cancel</MuiButton>
          <MuiButton
            onClick={() => void submit()}
            disabled={!trimmed || isPending}
            variant="contained"
          >
            {label}
          </MuiButton>
        </DialogActions>
      </Dialog>
    </>
  );
};

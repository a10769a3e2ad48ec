import Alert from '@mui/material/Alert';
import Snackbar from '@mui/material/Snackbar';
import { SNACKBAR_HIDE_MS } from '../lib/constants';

/** Success snackbar: hides automatically after 3 s (docs/PRODUCT-RULES.md R129). */
export const SuccessSnackbar = ({
  message,
  onClose,
}: {
  message: string | null;
  onClose: () => void;
}) => (
  <Snackbar
    open={!!message}
    autoHideDuration={SNACKBAR_HIDE_MS}
    onClose={onClose}
    anchorOrigin={{ vertical: 'bottom', horizontal: 'center' }}
  >
    <Alert severity="success" variant="filled" onClose={onClose}>
      {message}
    </Alert>
  </Snackbar>
);

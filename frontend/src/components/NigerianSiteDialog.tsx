import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import { Link as RouterLink } from 'react-router';
import { PATHS } from '../lib/paths';

/**
 * The Nigerian-site dialog (docs/PRODUCT-RULES.md R112): part of the product, but nothing opens it.
 * Layout renders it closed; it points Nigerian visitors at the Nigeria purchase and find-tip
 * routes.
 */
export const NigerianSiteDialog = ({
  open = false,
  onClose = () => undefined,
}: {
  open?: boolean;
  onClose?: () => void;
}) => (
  <Dialog open={open} onClose={onClose} aria-labelledby="nigerian-site-title">
    <DialogTitle id="nigerian-site-title">Visiting from Nigeria?</DialogTitle>
    <DialogContent>
      <DialogContentText>
        Pay for tips in Naira by card or bank transfer: choose Nigeria when you buy a slip, and find
        your bought tips with your e-mail address and transaction id.
      </DialogContentText>
    </DialogContent>
    <DialogActions>
      <Button component={RouterLink} to={PATHS.findTipNg} onClick={onClose}>
        Find Tip (Nigeria)
      </Button>
      <Button onClick={onClose} variant="contained">
        OK
      </Button>
    </DialogActions>
  </Dialog>
);

import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import { SMS_OPT_IN_TEXT } from '../lib/consent';

/**
 * The unticked marketing SMS box (docs/PRODUCT-RULES.md R276): its label is the exact wording the
 * server records with the opt-in. Optional: nothing depends on it.
 */
export const MarketingOptIn = ({
  checked,
  onChange,
}: {
  checked: boolean;
  onChange: (checked: boolean) => void;
}) => (
  <FormControlLabel
    control={<Checkbox checked={checked} onChange={(event) => onChange(event.target.checked)} />}
    label={SMS_OPT_IN_TEXT}
    slotProps={{ typography: { variant: 'body2' } }}
  />
);

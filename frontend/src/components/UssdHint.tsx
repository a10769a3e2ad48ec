import Alert from '@mui/material/Alert';
import Link from '@mui/material/Link';
import { SITE } from '../lib/site';

/**
 * Kenya's hint (docs/PRODUCT-RULES.md R93): tips come by SMS, and promotional (premium) SMS must be
 * enabled by dialling a USSD code first.
 */
export const UssdHint = () => (
  <Alert severity="info" variant="outlined" role="note" sx={{ my: 2 }}>
    Safaricom line? To receive premium tips by SMS, enable promotional messages: dial{' '}
    <Link href={`tel:${SITE.ussdPromoCode.replace(/#/g, '%23')}`} sx={{ fontWeight: 700 }}>
      {SITE.ussdPromoCode}
    </Link>
    .
  </Alert>
);

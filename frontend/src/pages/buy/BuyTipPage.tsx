import { useState, type FormEvent } from 'react';
import { Link as RouterLink, useParams } from 'react-router';
import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Button from '@mui/material/Button';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormLabel from '@mui/material/FormLabel';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { errorMessage } from '../../api/client';
import { useVisitorCountry } from '../../api/geo';
import { useBuySlip } from '../../api/purchases';
import type { Slip } from '../../api/types';
import { PageHeader } from '../../components/PageHeader';
import { UssdHint } from '../../components/UssdHint';
import { MESSAGES, MPESA_WAIT_MESSAGE, VOUCHER_PAID } from '../../lib/messages';
import { formatKsh } from '../../lib/money';
import { PATHS } from '../../lib/paths';
import { asSaleCountry, type SaleCountry } from '../../lib/sale-country';
import { pageTitle } from '../../lib/site';
import { useSeo } from '../../lib/useSeo';
import { purchasePhoneError, toKenyanMsisdn } from '../../validation/kenyan-phone.rules';
import { CheckoutForm } from './BuyTipFlutterwavePage';
import { PaybillOption } from './PaybillOption';
import { SlipToBuy } from './SlipToBuy';
import { ResponsibleGamblingNote } from '../../components/ResponsibleGamblingNote';
import { MarketingOptIn } from '../../components/MarketingOptIn';
import { smsConsentField } from '../../lib/consent';

const PAYING_FROM: readonly { country: SaleCountry; label: string }[] = [
  { country: 'KE', label: 'Kenya (M-Pesa)' },
  { country: 'NG', label: 'Nigeria' },
  { country: 'UG', label: 'Uganda' },
];

/** Where the buyer pays from: Kenya by M-Pesa, Nigeria and Uganda by card or wallet. */
const PayingFrom = ({
  value,
  onChange,
}: {
  value: SaleCountry;
  onChange: (country: SaleCountry) => void;
}) => (
  <FormControl sx={{ mb: 2 }}>
    <FormLabel id="paying-from">Paying from</FormLabel>
    <RadioGroup
      row
      aria-labelledby="paying-from"
      value={value}
      onChange={(event) => onChange(asSaleCountry(event.target.value))}
    >
      {PAYING_FROM.map((option) => (
        <FormControlLabel
          key={option.country}
          value={option.country}
          control={<Radio />}
          label={option.label}
        />
      ))}
    </RadioGroup>
  </FormControl>
);

/**
 * The M-Pesa form: phone (9 or 10 digits, 'Enter a valid phone number'), then 'Request Sent'
 * and what to do on the phone; a failure shows the server's message, else
 * 'Error occured buying tip' (docs/PRODUCT-RULES.md R136, R70).
 */
const MpesaForm = ({ slip }: { slip: Slip }) => {
  const [phone, setPhone] = useState('');
  const [phoneError, setPhoneError] = useState<string | null>(null);
  const [marketing, setMarketing] = useState(false);
  const [voucher, setVoucher] = useState('');
  const buy = useBuySlip();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const found = purchasePhoneError(phone);
    setPhoneError(found);
    if (found) return;
    // The voucher as typed: the server checks it (docs/PRODUCT-RULES.md R246, R247).
    buy.mutate({
      phone: toKenyanMsisdn(phone),
      slip: slip.id,
      ...(voucher.trim() ? { voucher: voucher.trim() } : {}),
      ...smsConsentField(marketing),
    });
  };

  if (buy.isSuccess && buy.data.message === VOUCHER_PAID) {
    return (
      <Alert severity="success">
        <AlertTitle>{VOUCHER_PAID}</AlertTitle>
        The picks are on their way to your phone by SMS.{' '}
        <Link component={RouterLink} to={PATHS.myTips}>
          See all your tips
        </Link>
        .
      </Alert>
    );
  }

  if (buy.isSuccess) {
    return (
      <Alert severity="success">
        <AlertTitle>{MESSAGES.purchaseRequested}</AlertTitle>
        {MPESA_WAIT_MESSAGE}{' '}
        <Link component={RouterLink} to={PATHS.findTip}>
          Find your tip again
        </Link>{' '}
        with your phone number and the M-Pesa code.
      </Alert>
    );
  }

  return (
    <Paper variant="outlined" component="form" onSubmit={submit} noValidate sx={{ p: 2 }}>
      <Stack spacing={2}>
        <Typography variant="h2">Pay {formatKsh(slip.price)} with M-Pesa</Typography>
        {buy.isError ? (
          <Alert severity="error">{errorMessage(buy.error, MESSAGES.buyFailed)}</Alert>
        ) : null}
        <TextField
          label="M-Pesa phone number"
          type="tel"
          placeholder="0712345678"
          autoComplete="tel-national"
          value={phone}
          onChange={(event) => setPhone(event.target.value)}
          error={!!phoneError}
          helperText={phoneError ?? 'You will get a prompt on this phone to enter your M-Pesa PIN.'}
          slotProps={{ htmlInput: { inputMode: 'numeric' } }}
        />
        <TextField
          label="Voucher code (optional)"
          placeholder="1234 5678 9012"
          value={voucher}
          onChange={(event) => setVoucher(event.target.value)}
          helperText="A voucher we sent you by SMS pays the slip at once, with no M-Pesa prompt."
          slotProps={{ htmlInput: { inputMode: 'numeric' } }}
        />
        <MarketingOptIn checked={marketing} onChange={setMarketing} />
        <Button type="submit" variant="contained" size="large" loading={buy.isPending}>
          Buy Tip
        </Button>
      </Stack>
    </Paper>
  );
};

/**
 * /buy_tip/{slipId} (docs/PRODUCT-RULES.md R103): Kenyan purchase by phone (M-Pesa STK push). The
 * country the buyer pays from is preselected by their IP (docs/PRODUCT-RULES.md R143); Nigeria and
 * Uganda pay here by e-mail checkout as on /buy_tip_ng and /buy_tip_ug.
 */
export const BuyTipPage = () => {
  const { slipId } = useParams();
  const visitorCountry = useVisitorCountry();
  const [chosenCountry, setCountry] = useState<SaleCountry | null>(null);
  const country = chosenCountry ?? visitorCountry;
  useSeo({
    title: pageTitle(`Buy Tip #${slipId ?? ''}`),
    description: 'Buy this football tip slip with M-Pesa and get the picks by SMS.',
    og: { type: 'website' },
  });
  return (
    <>
      <PageHeader title="Buy Tip">
        {country === 'KE'
          ? 'Pay with M-Pesa and the picks are sent to your phone by SMS.'
          : "Pay by card or mobile wallet on our payment partner's secure page; the picks are e-mailed to you."}
      </PageHeader>
      <PayingFrom value={country} onChange={setCountry} />
      <SlipToBuy slipId={slipId} country={country}>
        {(slip) =>
          country === 'KE' ? (
            <>
              <MpesaForm slip={slip} />
              <PaybillOption slip={slip} />
            </>
          ) : (
            <CheckoutForm key={country} slip={slip} country={country} />
          )
        }
      </SlipToBuy>
      <ResponsibleGamblingNote />
      {country === 'KE' ? <UssdHint /> : null}
    </>
  );
};

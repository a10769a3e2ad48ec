import { useState, type FormEvent } from 'react';
import { useParams } from 'react-router';
import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { errorMessage } from '../../api/client';
import { useBuySlipFlutterwave, type FlutterwaveCountry } from '../../api/purchases';
import type { Slip } from '../../api/types';
import { PageHeader } from '../../components/PageHeader';
import { redirectTo } from '../../lib/browser';
import { rememberBuyerEmail } from '../../lib/buyer-email';
import { MESSAGES, VOUCHER_PAID } from '../../lib/messages';
import { slipPriceLabel } from '../../lib/sale-country';
import { pageTitle } from '../../lib/site';
import { useSeo } from '../../lib/useSeo';
import { SlipToBuy } from './SlipToBuy';
import { ResponsibleGamblingNote } from '../../components/ResponsibleGamblingNote';

export const COUNTRY_NAME: Record<FlutterwaveCountry, string> = { NG: 'Nigeria', UG: 'Uganda' };

/**
 * E-mail form (docs/PRODUCT-RULES.md R138: no validation of the e-mail before sending): the API
 * answers a checkout link and the buyer is redirected to it; with a voucher code of that e-mail
 * that covers the price, the slip is paid at once and the picks are e-mailed (R283). A failure
 * shows the server's message, else 'Error occured buying tip'.
 */
export const CheckoutForm = ({ slip, country }: { slip: Slip; country: FlutterwaveCountry }) => {
  const [email, setEmail] = useState('');
  const [voucher, setVoucher] = useState('');
  const buy = useBuySlipFlutterwave(country);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    buy.mutate(
      {
        email: email.trim(),
        slip_id: slip.id,
        ...(voucher.trim() ? { voucher: voucher.trim() } : {}),
      },
      {
        onSuccess: (answer) => {
          rememberBuyerEmail(email.trim());
          if (answer.link) redirectTo(answer.link);
        },
      },
    );
  };

  if (buy.isSuccess && buy.data.message === VOUCHER_PAID) {
    return (
      <Alert severity="success">
        <AlertTitle>{VOUCHER_PAID}</AlertTitle>
        The picks are on their way to {email.trim()}. The e-mail also says how to find them here
        again.
      </Alert>
    );
  }

  return (
    <Paper variant="outlined" component="form" onSubmit={submit} noValidate sx={{ p: 2 }}>
      <Stack spacing={2}>
        <Typography variant="h2">Pay {slipPriceLabel(slip, country)} by card or wallet</Typography>
        {buy.isError ? (
          <Alert severity="error">{errorMessage(buy.error, MESSAGES.buyFailed)}</Alert>
        ) : null}
        <TextField
          label="Email"
          type="email"
          autoComplete="email"
          value={email}
          onChange={(event) => setEmail(event.target.value)}
          helperText="The picks are sent to this e-mail address after payment."
        />
        <TextField
          label="Voucher code (optional)"
          placeholder="1234 5678 9012"
          value={voucher}
          onChange={(event) => setVoucher(event.target.value)}
          helperText="A voucher we sent to this e-mail pays the slip at once, with no card payment."
          slotProps={{ htmlInput: { inputMode: 'numeric' } }}
        />
        <Button
          type="submit"
          variant="contained"
          size="large"
          loading={buy.isPending || buy.isSuccess}
        >
          Buy Tip
        </Button>
      </Stack>
    </Paper>
  );
};

const BuyTipFlutterwavePage = ({ country }: { country: FlutterwaveCountry }) => {
  const { slipId } = useParams();
  useSeo({
    title: pageTitle(`Buy Tip #${slipId ?? ''} (${COUNTRY_NAME[country]})`),
    description: `Buy this football tip slip from ${COUNTRY_NAME[country]} by card or mobile wallet.`,
  });
  return (
    <>
      <PageHeader title={`Buy Tip (${COUNTRY_NAME[country]})`}>
        Pay by card or mobile wallet on our payment partner&apos;s secure page. You come back here
        to see your picks, and they are e-mailed to you.
      </PageHeader>
      <SlipToBuy slipId={slipId} country={country}>
        {(slip) => <CheckoutForm slip={slip} country={country} />}
      </SlipToBuy>
      <ResponsibleGamblingNote />
    </>
  );
};

/** /buy_tip_ng/{slipId} (docs/PRODUCT-RULES.md R103): Nigeria purchase by e-mail, price in NGN. */
export const BuyTipNgPage = () => <BuyTipFlutterwavePage country="NG" />;

/** /buy_tip_ug/{slipId} (docs/PRODUCT-RULES.md R103): Uganda purchase by e-mail, price in UGX. */
export const BuyTipUgPage = () => <BuyTipFlutterwavePage country="UG" />;

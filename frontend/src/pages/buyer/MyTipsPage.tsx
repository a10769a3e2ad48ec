import { useState, type FormEvent } from 'react';
import { Link as RouterLink } from 'react-router';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import {
  useBuyerCode,
  useBuyerPurchases,
  type BuyerProof,
  type BuyerPurchase,
} from '../../api/buyer';
import { errorMessage } from '../../api/client';
import { useMarkets } from '../../api/slips';
import type { Market } from '../../api/types';
import { PageHeader } from '../../components/PageHeader';
import { Pill } from '../../components/Pill';
import { EmptyState } from '../../components/QueryStatus';
import { pickLabel, RESULT_COLOR, RESULT_LABEL } from '../../components/SlipCard';
import { MESSAGES } from '../../lib/messages';
import { formatKsh, formatNgn, formatUgx } from '../../lib/money';
import { nairobiClock, nairobiDate } from '../../lib/nairobi-time';
import { resultState } from '../../lib/odds';
import { PATHS } from '../../lib/paths';
import { pageTitle } from '../../lib/site';
import { useSeo } from '../../lib/useSeo';

/** A purchase's status as the buyer reads it (docs/PRODUCT-RULES.md R163). */
const STATUS: Record<
  string,
  { label: string; color: 'success' | 'error' | 'warning' | 'default' }
> = {
  pending: { label: 'Pending', color: 'warning' },
  paid: { label: 'Paid', color: 'success' },
  failed: { label: 'Failed', color: 'error' },
  refunded: { label: 'Refunded', color: 'default' },
};

const PRICE: Record<string, (value: string) => string> = {
  KES: formatKsh,
  NGN: formatNgn,
  UGX: formatUgx,
};

/** A tip's own result once the slip is settled (docs/PRODUCT-RULES.md R114). */
const TIP_RESULT: Record<string, string> = { W: 'Won', L: 'Lost', V: 'Void' };

const when = (iso: string): string => `${nairobiDate(iso)} ${nairobiClock(iso)}`;

/** One purchase: what, from whom, price, status and date; the picks once paid, the result once settled. */
const PurchaseCard = ({
  purchase,
  markets,
}: {
  purchase: BuyerPurchase;
  markets: Map<number, Market> | undefined;
}) => {
  const status = STATUS[purchase.status] ?? STATUS.failed;
  const title =
    purchase.kind === 'slip'
      ? `Slip ${purchase.slip_id}`
      : `${purchase.subscription_type ?? ''} subscription`.trim();
  const result = purchase.result ? resultState(purchase.result) : null;
  const tips = purchase.slip?.tips ?? [];
  const picks = tips.some((tip) => tip.market_type !== undefined && tip.market_type !== null);
  return (
    <Paper variant="outlined" component="article" aria-label={title} sx={{ p: 2 }}>
      <Stack
        direction="row"
        spacing={1}
        sx={{ justifyContent: 'space-between', alignItems: 'baseline', flexWrap: 'wrap' }}
      >
        <Typography
          variant="subtitle1"
          component="h2"
          sx={{ fontWeight: 700, textTransform: 'capitalize' }}
        >
          {title}
        </Typography>
        <Stack direction="row" spacing={1}>
          <Pill color={status.color}>{status.label}</Pill>
          {result ? <Pill color={RESULT_COLOR[result]}>{RESULT_LABEL[result]}</Pill> : null}
        </Stack>
      </Stack>
      <Typography variant="body2" color="text.secondary">
        {purchase.tipster ? `by ${purchase.tipster} · ` : ''}
        {(PRICE[purchase.currency] ?? formatKsh)(purchase.price)} · {when(purchase.created_at)}
      </Typography>
      {tips.length ? (
        <Box
          component="ul"
          sx={{ pl: 2, mt: 1, mb: 0 }}
          aria-label={picks ? 'Your picks' : 'Games'}
        >
          {tips.map((tip, index) => {
            const pick = pickLabel(tip, markets);
            return (
              <Typography component="li" variant="body2" key={`${tip.fixture}-${index}`}>
                {tip.home_team} v {tip.away_team}
                {pick ? (
                  <Box component="span" sx={{ fontWeight: 700, color: 'secondary.main' }}>
                    {' '}
                    – {pick}
                  </Box>
                ) : null}
                {tip.result ? ` (${TIP_RESULT[tip.result] ?? tip.result})` : ''}
              </Typography>
            );
          })}
        </Box>
      ) : null}
      {purchase.kind === 'slip' && purchase.status !== 'paid' && !picks ? (
        <Typography variant="caption" color="text.secondary">
          The picks show here once the payment goes through.
        </Typography>
      ) : null}
    </Paper>
  );
};

/**
 * /my-tips (docs/PRODUCT-RULES.md R160-R165): every purchase of a phone, proven with a code sent
 * by SMS (POST /api/buyer/code, GET /api/buyer/purchases): slip, tipster, price, status and
 * date, the picks once paid, the result once settled, 'Load more' for older ones.
 */
export const MyTipsPage = () => {
  useSeo({
    title: pageTitle('My tips'),
    description:
      'Every tip you bought with your phone: the picks, the price and how the slip ended. Sign in with a code by SMS.',
  });
  const [phone, setPhone] = useState('');
  const [code, setCode] = useState('');
  const [proof, setProof] = useState<BuyerProof | null>(null);
  const sendCode = useBuyerCode();
  const history = useBuyerPurchases(proof);
  const purchases = history.data?.pages.flatMap((page) => page.data) ?? [];
  const markets = useMarkets(
    purchases.some((p) =>
      p.slip?.tips.some((tip) => tip.market_type !== undefined && tip.market_type !== null),
    ),
  ).data;

  const askCode = (event: FormEvent) => {
    event.preventDefault();
    setProof(null);
    sendCode.mutate({ phone: phone.trim() });
  };
  const show = (event: FormEvent) => {
    event.preventDefault();
    const next = { phone: phone.trim(), code: code.trim() };
    if (proof && proof.phone === next.phone && proof.code === next.code) void history.refetch();
    else setProof(next);
  };

  return (
    <>
      <PageHeader title="My tips">
        Every tip you bought with your phone, with its picks once paid. We send a code by SMS to
        prove the phone is yours.
      </PageHeader>
      <Stack spacing={2} sx={{ maxWidth: 720 }}>
        <Paper variant="outlined" component="form" onSubmit={askCode} noValidate sx={{ p: 2 }}>
          <Stack spacing={2}>
            {sendCode.isError ? (
              <Alert severity="error">{errorMessage(sendCode.error, MESSAGES.tryAgain)}</Alert>
            ) : null}
            {sendCode.isSuccess ? (
              <Alert severity="success">
                We sent a 6-digit code to {phone.trim()}. It works for 10 minutes.
              </Alert>
            ) : null}
            <TextField
              label="Phone number"
              type="tel"
              placeholder="0712345678"
              autoComplete="tel"
              value={phone}
              onChange={(event) => setPhone(event.target.value)}
              helperText="The phone you paid with (M-Pesa), or the phone of your account"
            />
            <Button
              type="submit"
              variant="outlined"
              loading={sendCode.isPending}
              disabled={!phone.trim()}
            >
              Send code
            </Button>
          </Stack>
        </Paper>

        <Paper variant="outlined" component="form" onSubmit={show} noValidate sx={{ p: 2 }}>
          <Stack spacing={2}>
            <TextField
              label="Code from the SMS"
              value={code}
              onChange={(event) => setCode(event.target.value)}
              slotProps={{ htmlInput: { inputMode: 'numeric', maxLength: 6 } }}
            />
            <Button
              type="submit"
              variant="contained"
              loading={history.isFetching && !history.isFetchingNextPage}
              disabled={!code.trim() || !phone.trim()}
            >
              Show my tips
            </Button>
          </Stack>
        </Paper>

        {history.isError ? (
          <Alert severity="error">{errorMessage(history.error, MESSAGES.tryAgain)}</Alert>
        ) : null}
        {history.isSuccess && purchases.length === 0 ? (
          <EmptyState>
            No purchases for this phone yet.{' '}
            <Link component={RouterLink} to={PATHS.activeTips}>
              See the tips on sale
            </Link>
          </EmptyState>
        ) : null}
        {history.isSuccess && history.data.pages[0].vouchers.length ? (
          <Alert severity="info" data-testid="voucher-balance">
            Voucher balance: {formatKsh(history.data.pages[0].voucher_balance)}.{' '}
            {history.data.pages[0].vouchers
              .filter((voucher) => voucher.status === 'issued')
              .map((voucher) => `Voucher ${voucher.code} (${formatKsh(voucher.amount_ksh)})`)
              .join(' · ')}
          </Alert>
        ) : null}
        {purchases.length ? (
          <Stack spacing={1.5} component="section" aria-label="Your purchases">
            {purchases.map((purchase) => (
              <PurchaseCard key={purchase.id} purchase={purchase} markets={markets} />
            ))}
          </Stack>
        ) : null}
        {history.hasNextPage ? (
          // Fire-and-forget: TanStack Query never rejects fetchNextPage; a failure shows through history.isError.
          <Button
            variant="outlined"
            onClick={() => void history.fetchNextPage()}
            loading={history.isFetchingNextPage}
          >
            Load more
          </Button>
        ) : null}
      </Stack>
    </>
  );
};

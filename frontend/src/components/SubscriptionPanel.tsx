import { lazy, Suspense, useState } from 'react';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import Grid from '@mui/material/Grid';
import Typography from '@mui/material/Typography';
import { useSubscriptionKinds } from '../api/purchases';
import { LIFETIME_SUBSCRIPTION_DAYS } from '../lib/constants';
import { MESSAGES } from '../lib/messages';
import { formatKsh } from '../lib/money';
import { useLoggedError } from '../lib/useLoggedError';
import { LoadingState } from './QueryStatus';
import type { SubscriptionChoice as Choice, SubscriptionKindKey } from './subscription-choice';

// The phone form downloads when a visitor picks a subscription.
const SubscribeDialog = lazy(() =>
  import('./SubscribeDialog').then((m) => ({ default: m.SubscribeDialog })),
);

/** Order of the kinds on the panel (docs/PRODUCT-RULES.md R42: gold, bronze and silver). */
const KIND_ORDER: readonly SubscriptionKindKey[] = ['bronze', 'silver', 'gold'];

/** Default durations of the seeded kinds (docs/PRODUCT-RULES.md) when the API leaves days out. */
const DEFAULT_DAYS: Record<SubscriptionKindKey, number> = {
  bronze: 7,
  silver: 30,
  gold: LIFETIME_SUBSCRIPTION_DAYS,
};

export const durationLabel = (days: number): string =>
  days >= LIFETIME_SUBSCRIPTION_DAYS ? 'Lifetime' : `${days} days`;

/** The subscription kinds with their prices and a Subscribe button each (home and /subscriptions). */
export const SubscriptionPanel = () => {
  const kinds = useSubscriptionKinds();
  const [choice, setChoice] = useState<Choice | null>(null);
  const [sent, setSent] = useState(false);

  useLoggedError(kinds.error, 'subscription kinds');

  if (kinds.isPending) return <LoadingState label="Loading subscriptions" />;
  if (kinds.isError) return null;

  const choices: Choice[] = KIND_ORDER.flatMap((key) => {
    const kind = kinds.data[key];
    return kind ? [{ key, kind, days: kind.days ?? DEFAULT_DAYS[key] }] : [];
  });

  return (
    <>
      {sent ? (
        <Alert severity="success" sx={{ mb: 2 }} onClose={() => setSent(false)}>
          {MESSAGES.subscriptionRequested}
        </Alert>
      ) : null}
      <Grid container spacing={2}>
        {choices.map((item) => (
          <Grid key={item.key} size={{ xs: 12, sm: 4 }}>
            <Card
              variant="outlined"
              sx={{ p: 2, height: '100%', display: 'flex', flexDirection: 'column' }}
            >
              <Typography variant="h3" component="h3" sx={{ textTransform: 'capitalize' }}>
                {item.kind.title || item.key}
              </Typography>
              <Typography sx={{ fontWeight: 800, color: 'secondary.main', mt: 0.5 }}>
                {formatKsh(item.kind.price)}{' '}
                <Typography component="span" variant="body2" color="text.secondary">
                  / {durationLabel(item.days)}
                </Typography>
              </Typography>
              <Typography variant="body2" color="text.secondary" sx={{ my: 1, flex: 1 }}>
                {item.kind.description}
              </Typography>
              <Button
                variant="contained"
                onClick={() => {
                  setSent(false);
                  setChoice(item);
                }}
                aria-label={`Subscribe ${item.kind.title || item.key}`}
              >
                Subscribe
              </Button>
            </Card>
          </Grid>
        ))}
      </Grid>
      <Suspense fallback={null}>
        {choice ? (
          <SubscribeDialog
            choice={choice}
            onClose={() => setChoice(null)}
            onSent={() => {
              setChoice(null);
              setSent(true);
            }}
          />
        ) : null}
      </Suspense>
    </>
  );
};

import Box from '@mui/material/Box';
import Stack from '@mui/material/Stack';
import { errorMessage } from '../../api/client';
import { useSubscriptionSlips } from '../../api/purchases';
import { PageHeader } from '../../components/PageHeader';
import { PhoneCodeForm } from '../../components/PhoneCodeForm';
import { EmptyState } from '../../components/QueryStatus';
import { SectionHeading } from '../../components/SectionHeading';
import { SlipCard } from '../../components/SlipCard';
import { SubscriptionPanel } from '../../components/SubscriptionPanel';
import { UssdHint } from '../../components/UssdHint';
import { MESSAGES } from '../../lib/messages';
import { pageTitle } from '../../lib/site';
import { useSeo } from '../../lib/useSeo';
import { validateSubscriberPanel } from '../../validation/subscriber-panel.rules';
import { ResponsibleGamblingNote } from '../../components/ResponsibleGamblingNote';

/**
 * Premium slips of an active subscriber (docs/PRODUCT-RULES.md R44, R105), looked up by phone and
 * the code that proves the phone is theirs: the code in our subscription SMS, or the payment's
 * M-Pesa code.
 */
const PremiumSlips = () => {
  const slips = useSubscriptionSlips();

  return (
    <>
      <PhoneCodeForm
        validate={validateSubscriberPanel}
        onSubmit={(values) => slips.mutate(values)}
        pending={slips.isPending}
        error={slips.isError ? errorMessage(slips.error, MESSAGES.tryAgain) : null}
        phoneLabel="Subscribed phone number"
        codeLabel="Code from your subscription SMS"
        codePlaceholder="ACDEFGHJ"
        codeHint="The code at the end of our subscription SMS, or the M-Pesa code of your payment."
        codeInput={{ autoComplete: 'off', spellCheck: false }}
        submitLabel="View Premium Tips"
      />
      {slips.isSuccess ? (
        slips.data.length === 0 ? (
          <EmptyState>No premium tips yet today. Check again later.</EmptyState>
        ) : (
          <Stack spacing={2} sx={{ mt: 2 }}>
            {slips.data.map((slip) => (
              <SlipCard key={slip.id} slip={slip} hideBuy />
            ))}
          </Stack>
        )
      ) : null}
    </>
  );
};

/**
 * /subscriptions (docs/PRODUCT-RULES.md R105): the Subscriber Panel: kinds and purchase, premium
 * slips by phone.
 */
export const SubscriptionsPage = () => {
  useSeo({
    title: pageTitle('Subscriber Panel'),
    description:
      'Subscribe for premium football tips every day: bronze, silver or gold, paid by M-Pesa.',
  });
  return (
    <>
      <PageHeader title="Subscriber Panel">
        Subscribe once and get the day&apos;s premium tips by SMS. Already subscribed? View
        today&apos;s premium tips with your phone number and the code from your subscription SMS.
      </PageHeader>
      <Stack spacing={4}>
        <Box component="section" aria-labelledby="plans-title">
          <SectionHeading id="plans-title">Subscriptions</SectionHeading>
          <SubscriptionPanel />
        </Box>
        <Box component="section" aria-labelledby="premium-title">
          <SectionHeading id="premium-title">Premium Tips</SectionHeading>
          <PremiumSlips />
        </Box>
      </Stack>
      <ResponsibleGamblingNote />
      <UssdHint />
    </>
  );
};

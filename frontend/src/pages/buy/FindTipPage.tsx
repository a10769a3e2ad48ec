import { Link as RouterLink } from 'react-router';
import Link from '@mui/material/Link';
import { errorMessage } from '../../api/client';
import { useFindSlip } from '../../api/purchases';
import { FoundTipsList } from '../../components/FoundTipsList';
import { PageHeader } from '../../components/PageHeader';
import { PhoneCodeForm } from '../../components/PhoneCodeForm';
import { UssdHint } from '../../components/UssdHint';
import { MESSAGES } from '../../lib/messages';
import { PATHS } from '../../lib/paths';
import { pageTitle } from '../../lib/site';
import { useSeo } from '../../lib/useSeo';
import { validateFindTip } from '../../validation/find-tip.rules';

/**
 * /find_tip (docs/PRODUCT-RULES.md R104): recover a bought tip by phone and the M-Pesa transaction
 * code (docs/PRODUCT-RULES.md R72, R137: 'Enter Valid Phone Number', 'Invalid transaction code';
 * the code's first word, upper-cased).
 */
export const FindTipPage = () => {
  useSeo({
    title: pageTitle('Find Tip'),
    description:
      'Find a tip you bought again: enter your phone number and the M-Pesa code from the confirmation SMS.',
  });
  const find = useFindSlip();

  return (
    <>
      <PageHeader title="Find Tip">
        Bought a tip? Enter the phone number you paid with and the M-Pesa code from the confirmation
        SMS (or the purchase code in our SMS) to see your picks.
      </PageHeader>
      <PhoneCodeForm
        validate={validateFindTip}
        onSubmit={(values) => find.mutate(values)}
        pending={find.isPending}
        error={find.isError ? errorMessage(find.error, MESSAGES.tryAgain) : null}
        phoneLabel="Phone number"
        phoneAutoComplete="tel-national"
        codeLabel="Transaction code"
        codePlaceholder="SJK7ABC123"
        submitLabel="Find Tip"
        submitSize="large"
      >
        <Link component={RouterLink} to={PATHS.findTipNg} variant="body2">
          Paid from Nigeria or Uganda? Find your tip with your e-mail
        </Link>
      </PhoneCodeForm>
      {find.isSuccess ? <FoundTipsList tips={find.data} /> : null}
      <UssdHint />
    </>
  );
};

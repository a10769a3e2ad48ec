import { Link as RouterLink, useParams } from 'react-router';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import { PageHeader } from '../../components/PageHeader';
import { PATHS } from '../../lib/paths';
import { pageTitle } from '../../lib/site';
import { useSeo } from '../../lib/useSeo';

/**
 * /select-country/{slipId} (docs/PRODUCT-RULES.md R103): Nigeria or Uganda, linking to the two
 * purchase routes.
 */
export const SelectCountryPage = () => {
  const { slipId = '' } = useParams();
  useSeo({ title: pageTitle('Select Country'), description: 'Choose the country you pay from.' });
  return (
    <>
      <PageHeader title="Select Country">Where are you paying from?</PageHeader>
      <Stack spacing={2} sx={{ maxWidth: 360 }}>
        <Button component={RouterLink} to={PATHS.buyTipNg(slipId)} variant="contained" size="large">
          Nigeria
        </Button>
        <Button component={RouterLink} to={PATHS.buyTipUg(slipId)} variant="contained" size="large">
          Uganda
        </Button>
      </Stack>
    </>
  );
};

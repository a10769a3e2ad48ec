import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Typography from '@mui/material/Typography';
import { Title, usePermissions } from 'react-admin';

/** Back-office landing page: who is signed in and what the menu offers them. */
export const BackofficeHome = () => {
  const { permissions } = usePermissions<string | null>();
  const what =
    permissions === 'admin'
      ? 'Every back-office resource is in the menu.'
      : permissions === 'tipster'
        ? 'Your slips, earnings and withdrawals are in the menu.'
        : 'Nothing in the back office is open to your account.';
  return (
    <Card sx={{ mt: 2 }}>
      <Title title="Back office" />
      <CardContent>
        <Typography variant="h6" component="h2">
          Back office
        </Typography>
        <Typography variant="body2">{what}</Typography>
      </CardContent>
    </Card>
  );
};

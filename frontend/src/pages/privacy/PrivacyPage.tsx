import Alert from '@mui/material/Alert';
import CircularProgress from '@mui/material/CircularProgress';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { usePrivacyNotice } from '../../api/privacy';
import { PageHeader } from '../../components/PageHeader';
import { pageTitle } from '../../lib/site';
import { useSeo } from '../../lib/useSeo';

/**
 * /privacy: the privacy notice the server builds from its configuration (GET /api/site/privacy,
 * docs/PRODUCT-RULES.md R275): who the controller is, why each kind of data is held, how long
 * (the retention periods in force) and how to use each right. The page only lays it out.
 */
export const PrivacyPage = () => {
  useSeo({
    title: pageTitle('Privacy'),
    description: 'What we hold about you, why, for how long, and how to see, correct or delete it.',
  });
  const notice = usePrivacyNotice();
  const data = notice.data;
  return (
    <Stack spacing={3} sx={{ maxWidth: 860 }}>
      <PageHeader title="Your data and privacy">
        What we hold about you, why, for how long, and how to see, correct or delete it.
      </PageHeader>
      {notice.isPending ? <CircularProgress aria-label="Loading" /> : null}
      {notice.isError ? (
        <Alert severity="error">The privacy notice could not be loaded. Try again later.</Alert>
      ) : null}
      {data ? (
        <>
          <Paper variant="outlined" sx={{ p: 2 }}>
            <Typography variant="h2" sx={{ fontSize: '1.25rem', mb: 1 }}>
              Who we are
            </Typography>
            <Typography>
              The data controller is <strong>{data.controller.name}</strong>. Write to{' '}
              <Link href={`mailto:${data.controller.contact_email}`}>
                {data.controller.contact_email}
              </Link>{' '}
              about your data.
            </Typography>
          </Paper>

          <section aria-labelledby="privacy-purposes">
            <Typography id="privacy-purposes" variant="h2" sx={{ fontSize: '1.25rem', mb: 1 }}>
              What we hold and why
            </Typography>
            <Stack spacing={1} component="ul" sx={{ pl: 2, m: 0 }}>
              {data.purposes.map((p) => (
                <li key={p.data}>
                  <Typography component="span" sx={{ fontWeight: 600 }}>
                    {p.data}.
                  </Typography>{' '}
                  <Typography component="span">{p.purpose}</Typography>
                </li>
              ))}
            </Stack>
          </section>

          <section aria-labelledby="privacy-retention">
            <Typography id="privacy-retention" variant="h2" sx={{ fontSize: '1.25rem', mb: 1 }}>
              How long we keep it
            </Typography>
            <Table size="small" aria-labelledby="privacy-retention">
              <TableHead>
                <TableRow>
                  <TableCell>Data</TableCell>
                  <TableCell>Kept for</TableCell>
                </TableRow>
              </TableHead>
              <TableBody>
                {data.retention.map((r) => (
                  <TableRow key={r.data}>
                    <TableCell>{r.data}</TableCell>
                    <TableCell>{r.period}</TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          </section>

          <section aria-labelledby="privacy-rights">
            <Typography id="privacy-rights" variant="h2" sx={{ fontSize: '1.25rem', mb: 1 }}>
              Your rights
            </Typography>
            <Stack spacing={1.5}>
              {data.rights.map((r) => (
                <div key={r.right}>
                  <Typography variant="h3" sx={{ fontSize: '1rem', fontWeight: 700 }}>
                    {r.title}
                  </Typography>
                  <Typography>{r.how}</Typography>
                </div>
              ))}
            </Stack>
            <Typography color="text.secondary" sx={{ mt: 2 }}>
              {data.complaints}
            </Typography>
          </section>
        </>
      ) : null}
    </Stack>
  );
};

import { useState, type ReactNode } from 'react';
import { Link as RouterLink } from 'react-router';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardActionArea from '@mui/material/CardActionArea';
import CardContent from '@mui/material/CardContent';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { Title, usePermissions } from 'react-admin';
import { useOwnProfile } from '../../api/account';
import { formatKsh, type DecimalValue } from '../../lib/money';
import { percentRating } from '../../lib/odds';
import { PATHS } from '../../lib/paths';
import { SITE } from '../../lib/site';
import { WITHDRAWAL_MESSAGES, withdrawBalanceError } from '../../validation/withdrawal.rules';
import { useFinanceSummary } from './finance';
import { WithdrawDialog } from './WithdrawDialog';

/** What the menu offers a role (the back office's former landing text). */
const menuText = (permissions: unknown): string =>
  permissions === 'admin'
    ? 'Every back-office resource is in the menu.'
    : permissions === 'tipster'
      ? 'Your slips, earnings and withdrawals are in the menu.'
      : 'Publish your first slip with Add Tips: your slips, earnings and withdrawals then appear in the menu.';

const tileSx = { height: '100%' } as const;

const FigureTile = ({ label, value, to }: { label: string; value: string; to?: string }) => {
  const body = (
    <CardContent>
      <Typography variant="body2" color="text.secondary" component="h3">
        {label}
      </Typography>
      <Typography variant="h5" component="p" data-testid={`tile-${label}`}>
        {value}
      </Typography>
    </CardContent>
  );
  return (
    <Card sx={tileSx}>
      {to ? (
        <CardActionArea component={RouterLink} to={to} sx={tileSx}>
          {body}
        </CardActionArea>
      ) : (
        body
      )}
    </Card>
  );
};

/** An action tile: a link, a button, or (neither given, e.g. before the username is known) disabled. */
const ActionTile = ({
  label,
  to,
  onClick,
}: {
  label: string;
  to?: string;
  onClick?: () => void;
}) => (
  <Card sx={tileSx}>
    {to ? (
      <CardActionArea component={RouterLink} to={to} sx={tileSx}>
        <CardContent>
          <Typography variant="subtitle1">{label}</Typography>
        </CardContent>
      </CardActionArea>
    ) : (
      <CardActionArea onClick={onClick} disabled={!onClick} sx={tileSx}>
        <CardContent>
          <Typography variant="subtitle1">{label}</Typography>
        </CardContent>
      </CardActionArea>
    )}
  </Card>
);

const Grid = ({ children }: { children: ReactNode }) => (
  <Box
    sx={{
      display: 'grid',
      gap: 2,
      gridTemplateColumns: { xs: '1fr', sm: 'repeat(2, 1fr)', md: 'repeat(3, 1fr)' },
      mb: 2,
    }}
  >
    {children}
  </Box>
);

/**
 * A server figure as the tile shows it. Every figure comes computed from GET
 * /api/finance/pending_amount: today's and this month's income are already the tipster's 60%
 * share (the "- 40% Fee" of the labels, docs/PRODUCT-RULES.md R25, R109), so nothing is taken off
 * here.
 */
const money = (value: DecimalValue | undefined, loading: boolean) =>
  loading ? '…' : formatKsh(value);

/**
 * The tipster dashboard (docs/PRODUCT-RULES.md R109): finance tiles, actions, share link, withdraw
 * dialog.
 */
export const TipsterDashboard = () => {
  const { permissions } = usePermissions<string | null>();
  const summary = useFinanceSummary();
  const profile = useOwnProfile();
  const [dialogOpen, setDialogOpen] = useState(false);
  const [alert, setAlert] = useState<{ severity: 'error' | 'success'; text: string } | null>(null);
  const [copied, setCopied] = useState(false);

  const username = profile.data?.user.username;
  const shareUrl = username ? `${window.location.origin}${PATHS.profileOf(username)}` : '';
  const finance = summary.data;
  const loading = summary.isPending;

  const withdrawCash = () => {
    const error = withdrawBalanceError(finance?.can_withdraw);
    if (error) {
      setAlert({ severity: 'error', text: error });
      return;
    }
    setAlert(null);
    setDialogOpen(true);
  };

  const copyLink = async () => {
    if (!shareUrl) return;
    try {
      await navigator.clipboard.writeText(shareUrl);
      setCopied(true);
    } catch {
      setCopied(false);
    }
  };

  // Any logged-in user may publish (docs/PRODUCT-RULES.md "Roles"): the tiles are for every role.
  const signedIn = typeof permissions === 'string';

  return (
    <Box sx={{ mt: 2 }}>
      <Title title="Dashboard" />
      <Card sx={{ mb: 2 }}>
        <CardContent>
          <Typography variant="h6" component="h2">
            Back office
          </Typography>
          <Typography variant="body2">{menuText(permissions)}</Typography>
        </CardContent>
      </Card>
      {signedIn && (
        <>
          {summary.isError && (
            <Alert severity="error" sx={{ mb: 2 }}>
              Error occurred. Try again
            </Alert>
          )}
          {alert && (
            <Alert severity={alert.severity} sx={{ mb: 2 }} onClose={() => setAlert(null)}>
              {alert.text}
            </Alert>
          )}
          <Grid>
            <FigureTile label="Pending Payments" value={money(finance?.pending_amount, loading)} />
            <FigureTile
              label="My Rating"
              value={profile.isPending ? '…' : percentRating(profile.data?.stats?.[3])}
            />
            <FigureTile label="Account Balance" value={money(finance?.account_balance, loading)} />
            <FigureTile
              label="Total Earnings"
              value={money(finance?.total_earnings, loading)}
              to={PATHS.dashboardEarnings}
            />
            <FigureTile
              label="Today's Income - 40% Fee"
              value={money(finance?.today_earnings, loading)}
              to={PATHS.dashboardEarnings}
            />
            <FigureTile
              label="Monthly Income - 40% Fee"
              value={money(finance?.month_earnings, loading)}
              to={PATHS.dashboardEarnings}
            />
          </Grid>
          <Grid>
            <ActionTile label="Add Tips" to={PATHS.dashboardAddTips} />
            <ActionTile
              label="View Latest Tips"
              to={username ? PATHS.dashboardActiveTips(username) : undefined}
            />
            <ActionTile label="Withdraw Requests" to={PATHS.dashboardWithdraw} />
            <ActionTile
              label="Published Tips"
              to={username ? PATHS.dashboardFinishedTips(username) : undefined}
            />
            <ActionTile label="Settings" to={PATHS.accountSettings} />
            <ActionTile label="Withdraw Cash" onClick={withdrawCash} />
          </Grid>
          <Card sx={{ mb: 2 }}>
            <CardContent>
              <Typography variant="subtitle1" component="h3" gutterBottom>
                Share your profile
              </Typography>
              <Stack
                direction={{ xs: 'column', sm: 'row' }}
                spacing={1}
                sx={{ alignItems: { sm: 'center' } }}
              >
                <TextField
                  size="small"
                  value={shareUrl}
                  slotProps={{ htmlInput: { readOnly: true, 'aria-label': 'Profile link' } }}
                  sx={{ flexGrow: 1 }}
                />
                <Button variant="contained" onClick={() => void copyLink()} disabled={!shareUrl}>
                  {copied ? 'Copied' : 'Copy Link'}
                </Button>
                {SITE.social.length > 0 && shareUrl && (
                  <>
                    <Button
                      href={`https://www.facebook.com/sharer/sharer.php?u=${encodeURIComponent(shareUrl)}`}
                      target="_blank"
                      rel="noopener noreferrer"
                    >
                      Facebook
                    </Button>
                    <Button
                      href={`https://x.com/intent/tweet?url=${encodeURIComponent(shareUrl)}`}
                      target="_blank"
                      rel="noopener noreferrer"
                    >
                      X
                    </Button>
                    <Button
                      href={`https://wa.me/?text=${encodeURIComponent(shareUrl)}`}
                      target="_blank"
                      rel="noopener noreferrer"
                    >
                      WhatsApp
                    </Button>
                  </>
                )}
              </Stack>
            </CardContent>
          </Card>
          <Typography variant="body2" color="text.secondary">
            {WITHDRAWAL_MESSAGES.note}
          </Typography>
          <WithdrawDialog
            open={dialogOpen}
            amount={finance?.withdrawable_amount}
            defaultPhone={profile.data?.profile.phone_number ?? ''}
            onClose={() => setDialogOpen(false)}
            onSuccess={(text) => {
              setDialogOpen(false);
              setAlert({ severity: 'success', text });
            }}
          />
        </>
      )}
    </Box>
  );
};

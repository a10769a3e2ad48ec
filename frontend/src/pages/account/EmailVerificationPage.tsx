import { useEffect, useRef } from 'react';
import { useParams } from 'react-router';
import { useMutation } from '@tanstack/react-query';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import { verifyEmail } from '../../api/account';
import { errorMessage } from '../../api/client';
import { useAuthDialogs } from '../../components/auth-dialogs';
import { PageHeader } from '../../components/PageHeader';
import { LoadingState } from '../../components/QueryStatus';
import { isLoggedIn } from '../../lib/auth';
import { MESSAGES } from '../../lib/messages';
import { pageTitle } from '../../lib/site';
import { useSeo } from '../../lib/useSeo';

/**
 * /email-verification/{code} (docs/PRODUCT-RULES.md R107): verifies the e-mail on open. Logged out
 * it says 'You need to be logged in to use the email verification link'; a failure shows the
 * server's message, else 'An error occured' (docs/PRODUCT-RULES.md R70).
 */
export const EmailVerificationPage = () => {
  useSeo({ title: pageTitle('Email Verification') });
  const { code = '' } = useParams();
  const dialogs = useAuthDialogs();
  const loggedIn = isLoggedIn();
  const verify = useMutation({ mutationFn: verifyEmail });
  const started = useRef(false);

  useEffect(() => {
    if (!loggedIn || started.current) return;
    started.current = true;
    verify.mutate(code);
  }, [loggedIn, code, verify]);

  return (
    <>
      <PageHeader title="Email Verification" />
      {!loggedIn ? (
        <Stack spacing={2} sx={{ alignItems: 'flex-start' }}>
          <Alert severity="warning">{MESSAGES.verificationNeedsLogin}</Alert>
          <Button variant="contained" onClick={() => dialogs.open('login')}>
            Login
          </Button>
        </Stack>
      ) : verify.isError ? (
        <Alert severity="error">{errorMessage(verify.error, MESSAGES.verificationFailed)}</Alert>
      ) : verify.isSuccess ? (
        <Alert severity="success">{verify.data?.message || 'Email verified'}</Alert>
      ) : (
        <LoadingState label="Verifying your email" />
      )}
    </>
  );
};

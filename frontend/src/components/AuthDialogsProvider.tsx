import { lazy, Suspense, useMemo, useState, type ReactNode } from 'react';
import { AuthDialogsContext, type AuthDialog } from './auth-dialogs';

// The dialogs download on first open: they are not needed to show the home page.
const LoginDialog = lazy(() => import('./LoginDialog').then((m) => ({ default: m.LoginDialog })));
const RegistrationDialog = lazy(() =>
  import('./RegistrationDialog').then((m) => ({ default: m.RegistrationDialog })),
);
const PasswordResetDialog = lazy(() =>
  import('./PasswordResetDialog').then((m) => ({ default: m.PasswordResetDialog })),
);

/** Holds which account dialog is open and renders it. */
export const AuthDialogsProvider = ({ children }: { children: ReactNode }) => {
  const [dialog, setDialog] = useState<AuthDialog | null>(null);
  const api = useMemo(
    () => ({ open: (next: AuthDialog) => setDialog(next), close: () => setDialog(null) }),
    [],
  );
  const close = api.close;

  return (
    <AuthDialogsContext.Provider value={api}>
      {children}
      <Suspense fallback={null}>
        {dialog === 'login' ? (
          <LoginDialog
            onClose={close}
            onRegister={() => setDialog('register')}
            onForgotPassword={() => setDialog('reset')}
          />
        ) : null}
        {dialog === 'register' ? (
          <RegistrationDialog onClose={close} onLogin={() => setDialog('login')} />
        ) : null}
        {dialog === 'reset' ? <PasswordResetDialog onClose={close} /> : null}
      </Suspense>
    </AuthDialogsContext.Provider>
  );
};

import { createContext, useContext } from 'react';

/**
 * The account dialogs of docs/PRODUCT-RULES.md R112 that any page (top bar, hero, buy pages) may
 * open.
 */
export type AuthDialog = 'login' | 'register' | 'reset';

export interface AuthDialogsApi {
  open: (dialog: AuthDialog) => void;
  close: () => void;
}

export const AuthDialogsContext = createContext<AuthDialogsApi>({
  open: () => undefined,
  close: () => undefined,
});

/** Opens the login, registration or password reset dialog. */
export const useAuthDialogs = (): AuthDialogsApi => useContext(AuthDialogsContext);

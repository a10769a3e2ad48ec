/**
 * The e-mail a Nigerian or Ugandan buyer paid with, kept in this browser so /find_tip_ng can
 * show the picks straight after the checkout redirects back.
 */
const KEY = 'buyer_email';

export const rememberBuyerEmail = (email: string): void => {
  try {
    localStorage.setItem(KEY, email);
  } catch {
    // Private mode or storage full: the buyer types the e-mail again.
  }
};

export const rememberedBuyerEmail = (): string => {
  try {
    return localStorage.getItem(KEY) ?? '';
  } catch {
    return '';
  }
};

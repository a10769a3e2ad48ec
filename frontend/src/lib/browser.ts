/**
 * Full-page navigation, in one place so unit tests can replace it (jsdom cannot navigate).
 */

/** Reloads the page (after login, logout, avatar upload: docs/PRODUCT-RULES.md R124, R127). */
export const reloadPage = (): void => {
  window.location.reload();
};

/** Sends the browser to another site (the card/wallet checkout link). */
export const redirectTo = (url: string): void => {
  window.location.assign(url);
};

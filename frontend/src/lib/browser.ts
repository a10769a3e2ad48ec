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

/** Saves `text` as a download named `name` (the personal-data export: docs/PRODUCT-RULES.md R260). */
export const saveTextFile = (name: string, text: string, type = 'application/json'): void => {
  const url = URL.createObjectURL(new Blob([text], { type }));
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  document.body.appendChild(link);
  link.click();
  link.remove();
  URL.revokeObjectURL(url);
};

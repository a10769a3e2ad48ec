/** `&`, `<` and `>` escaped: plain text inside an HTML element body. Pure. */
export const escapeHtml = (text: string): string =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/** A plain-text e-mail body as its HTML part: the text escaped, in a `<pre>`. Pure. */
export const preHtml = (text: string): string => `<pre>${escapeHtml(text)}</pre>`;

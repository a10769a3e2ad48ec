/** An e-mail ready for the outbox. */
export interface EmailContent {
  subject: string;
  text: string;
  html: string;
}

const escapeHtml = (s: string): string =>
  s
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&#39;');

const layout = (greeting: string, lines: string[], link: string, linkText: string): string =>
  `<!doctype html><html><body style="font-family:sans-serif">` +
  `<p>${escapeHtml(greeting)}</p>` +
  lines.map((l) => `<p>${escapeHtml(l)}</p>`).join('') +
  `<p><a href="${escapeHtml(link)}">${escapeHtml(linkText)}</a></p>` +
  `<p style="color:#666">If the button does not work, open this address: ${escapeHtml(link)}</p>` +
  `</body></html>`;

/**
 * Password reset e-mail (docs/PRODUCT-RULES.md "Accounts"): a link to the frontend's /change_password/{token}, valid 1 hour.
 * `publicUrl` is the site origin (PUBLIC_URL).
 */
export const passwordResetEmail = (p: {
  publicUrl: string;
  username: string;
  token: string;
}): EmailContent => {
  const link = `${p.publicUrl}/change_password/${encodeURIComponent(p.token)}`;
  const lines = [
    'We received a request to reset your password.',
    'Open the link below within 1 hour to choose a new password. The link works once.',
    'If you did not ask for this, ignore this e-mail: your password stays the same.',
  ];
  return {
    subject: 'Reset your password',
    text: [`Hello ${p.username},`, '', ...lines, '', link].join('\n'),
    html: layout(`Hello ${p.username},`, lines, link, 'Choose a new password'),
  };
};

/**
 * E-mail verification e-mail (docs/PRODUCT-RULES.md "Accounts"): a link to the frontend's /email-verification/{code},
 * valid 24 hours, which the logged-in user opens to verify the address.
 */
export const emailVerificationEmail = (p: {
  publicUrl: string;
  username: string;
  code: string;
}): EmailContent => {
  const link = `${p.publicUrl}/email-verification/${encodeURIComponent(p.code)}`;
  const lines = [
    'Please confirm your e-mail address.',
    'Open the link below within 24 hours while logged in to your account.',
  ];
  return {
    subject: 'Verify your email address',
    text: [`Hello ${p.username},`, '', ...lines, '', link].join('\n'),
    html: layout(`Hello ${p.username},`, lines, link, 'Verify my email'),
  };
};

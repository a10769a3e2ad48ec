/**
 * Tiny server-side HTML helpers for the sandbox pages (no frontend build needed). Every value
 * that came from a request or a provider client goes through `escapeHtml`.
 */

const ESCAPES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
  '`': '&#96;',
};

/** Escapes text for HTML element content and quoted attribute values. */
export const escapeHtml = (value: unknown): string =>
  String(value ?? '').replace(/[&<>"'`]/g, (c) => ESCAPES[c]);

/** Escapes a path segment for a URL inside an HTML attribute. */
export const escapeUrlSegment = (value: string): string => escapeHtml(encodeURIComponent(value));

/** Formats a decimal string with thousands separators: `'1250.00'` → `'1,250.00'` (no float). */
export const groupThousands = (decimal: string): string => {
  const [whole, fraction] = decimal.split('.');
  const grouped = whole.replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  return fraction === undefined ? grouped : `${grouped}.${fraction}`;
};

const STYLE = `
*{box-sizing:border-box}
body{font-family:system-ui,-apple-system,Segoe UI,Roboto,sans-serif;margin:0;background:#f2f4f5;color:#1d2327}
main{max-width:480px;margin:0 auto;padding:12px}
main.wide{max-width:900px}
h1{font-size:1.25rem;margin:8px 0 12px}
h2{font-size:1rem;margin:18px 0 8px;color:#444}
.card{background:#fff;border-radius:10px;padding:12px 14px;margin:10px 0;box-shadow:0 1px 2px rgba(0,0,0,.08);overflow-x:auto}
.prompt{border-left:5px solid #2e9b2e}
.muted{color:#666;font-size:.85rem}
.notice{background:#e7f6e7;border-radius:8px;padding:8px 12px}
.error{background:#fdecea;border-radius:8px;padding:8px 12px;color:#8a1c12}
.sms .body{white-space:pre-wrap;word-wrap:break-word;margin-top:4px}
input[type=password],input[type=text],input[type=tel]{font-size:1.2rem;padding:8px;width:100%;border:1px solid #bbb;border-radius:6px}
input[type=password]{letter-spacing:.3em}
.buttons{display:flex;gap:8px;margin-top:10px;flex-wrap:wrap}
button{flex:1;font-size:1rem;padding:10px;border:0;border-radius:6px;cursor:pointer}
.accept,.pay{background:#2e9b2e;color:#fff}
.decline,.cancel{background:#ddd;color:#222}
.fail{background:#f3c1ba;color:#5c130b}
table{border-collapse:collapse;width:100%}
td,th{text-align:left;padding:6px;border-bottom:1px solid #e3e3e3;font-size:.9rem;vertical-align:top}
a{color:#0b62a4}
.amount{font-size:1.6rem;font-weight:600;margin:6px 0}
code{background:#eef;padding:0 3px;border-radius:3px}
`;

/**
 * A complete mobile-friendly page. `title` is escaped here; `body` must already be safe HTML.
 * `head` is extra trusted markup for the head (e.g. a noscript refresh).
 */
export const page = (
  title: string,
  body: string,
  opts: { wide?: boolean; head?: string } = {},
): string =>
  `<!doctype html>
<html lang="en"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width,initial-scale=1">
<meta name="robots" content="noindex">
<title>${escapeHtml(title)}</title>
<style>${STYLE}</style>${opts.head ?? ''}
</head><body><main${opts.wide ? ' class="wide"' : ''}>
${body}
</main></body></html>`;

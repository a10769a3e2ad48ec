/** Minimal document.cookie helpers (token, refresh and consent cookies). */

const DAY_MS = 24 * 60 * 60 * 1000;

/** Value of cookie `name`, or null when absent. */
export const getCookie = (name: string): string | null => {
  if (typeof document === 'undefined') return null;
  const prefix = `${encodeURIComponent(name)}=`;
  for (const part of document.cookie.split(';')) {
    const trimmed = part.trim();
    if (trimmed.startsWith(prefix)) return decodeURIComponent(trimmed.slice(prefix.length));
  }
  return null;
};

/** Sets cookie `name` on path / for `days` days (session cookie when omitted). */
export const setCookie = (name: string, value: string, days?: number): void => {
  let cookie = `${encodeURIComponent(name)}=${encodeURIComponent(value)}; path=/; SameSite=Lax`;
  if (days !== undefined) {
    cookie += `; max-age=${Math.round((days * DAY_MS) / 1000)}`;
    cookie += `; expires=${new Date(Date.now() + days * DAY_MS).toUTCString()}`;
  }
  if (typeof location !== 'undefined' && location.protocol === 'https:') cookie += '; Secure';
  document.cookie = cookie;
};

/** Removes cookie `name` from path /. */
export const removeCookie = (name: string): void => {
  document.cookie = `${encodeURIComponent(name)}=; path=/; max-age=0; expires=Thu, 01 Jan 1970 00:00:00 GMT`;
};

import { randomInt } from 'crypto';
import type { TestContext, TestResponse } from '../../setup/test-app';
import { eventually } from '../../support/eventually';

/**
 * A fresh client address per call site, so one test's requests do not use up another's rate
 * limit (given as the socket's address: the app believes X-Forwarded-For only from TRUST_PROXY).
 */
export const freshIp = (): string =>
  `10.${randomInt(0, 256)}.${randomInt(0, 256)}.${randomInt(1, 255)}`;

let seq = 0;
/** A valid registration payload with unique username, e-mail and phone. */
export const registration = (overrides: Record<string, unknown> = {}): Record<string, unknown> => {
  seq += 1;
  const tag = `${seq}${randomInt(0, 1_000_000)}`;
  return {
    username: `reg_${tag}`,
    email: `reg_${tag}@example.com`,
    phone_number: `07${String(randomInt(0, 100_000_000)).padStart(8, '0')}`,
    password: 'pass-word-123',
    ...overrides,
  };
};

/** Sends a request from its own random client address (see freshIp). */
export const req = <T = any>(
  t: TestContext,
  method: string,
  url: string,
  opts: { body?: unknown; headers?: Record<string, string>; token?: string; ip?: string } = {},
): Promise<TestResponse<T>> => {
  const { ip, ...rest } = opts;
  return t.request<T>(method, url, { ...rest, remoteAddress: ip ?? freshIp() });
};

/** A mailbox entry of GET /sandbox/api/mail. */
export interface Mail {
  id: string;
  kind: string;
  to: string;
  subject: string;
  text: string;
  html: string;
}

/** Waits (up to 10 s) for `count` messages to `to` in the sandbox mailbox; newest first. */
export const waitForMail = (t: TestContext, to: string, count = 1): Promise<Mail[]> =>
  eventually(
    async () => {
      const res = await t.request<Mail[]>('GET', `/sandbox/api/mail?to=${encodeURIComponent(to)}`);
      if (res.status === 200 && res.body.length >= count) return res.body;
      throw new Error(`mailbox: status ${res.status}, ${JSON.stringify(res.body)}`); // shown on timeout as the last error
    },
    { timeoutMs: 10_000, intervalMs: 50, what: `${count} mail(s) to ${to}` },
  );

/** The last path segment after `/${page}/` in a mail's text (the token of a link). */
export const tokenFromLink = (
  text: string,
  page: 'change_password' | 'email-verification',
): string => {
  const m = new RegExp(`/${page}/([A-Za-z0-9_-]+)`).exec(text);
  if (!m) throw new Error(`no /${page}/ link in: ${text}`);
  return m[1];
};

/** Multipart body with one file field. */
export const multipart = (
  field: string,
  filename: string,
  content: Buffer,
  contentType = 'application/octet-stream',
) => {
  const boundary = `----test${randomInt(0, 1e9)}`;
  const body = Buffer.concat([
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="${field}"; filename="${filename}"\r\nContent-Type: ${contentType}\r\n\r\n`,
    ),
    content,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return { body, headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
};

/** Fails when `value` (any response body) contains a password hash or one of `secrets`. */
export const expectNoSecrets = (value: unknown, secrets: string[] = []): void => {
  const text = JSON.stringify(value ?? null);
  expect(text).not.toMatch(/\$argon2/);
  expect(text).not.toMatch(/password_?hash/i);
  for (const s of secrets) expect(text).not.toContain(s);
};

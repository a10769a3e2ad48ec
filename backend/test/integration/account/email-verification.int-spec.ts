import { sql } from '../../setup/test-db';
import { createTestContext, TestContext } from '../../setup/test-app';
import { createUser } from '../../factories/account';
import { req, tokenFromLink, waitForMail } from './account-helpers';

describe('e-mail verification', () => {
  let t: TestContext;
  beforeAll(async () => (t = await createTestContext()));
  afterAll(() => t?.close());

  it('sends a /email-verification/{code} link; the code verifies the address, shown on the profile', async () => {
    const { user, token } = await createUser(t.ds);
    const sent = await req(t, 'GET', '/api/account/send-email-verification-code', { token });
    expect(sent.status).toBe(200);
    expect(sent.body).toEqual({ message: 'Verification email sent', email: user.email });

    const [mail] = await waitForMail(t, user.email);
    expect(mail.kind).toBe('email-verification');
    const code = tokenFromLink(mail.text, 'email-verification');
    expect(mail.text).toContain(`http://localhost/email-verification/${code}`);

    const res = await req(t, 'POST', `/api/account/verify-email-verification/${code}`, { token });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ message: 'Email verified' });
    const me = await req(t, 'GET', '/api/account/profile', { token });
    expect(me.body.profile.email_verified).toBe(true);

    const reuse = await req(t, 'POST', `/api/account/verify-email-verification/${code}`, { token });
    expect(reuse.status).toBe(400);
    expect(reuse.body).toEqual({ message: 'Invalid or expired verification code' });
  });

  it("refuses another user's code (bound to the user)", async () => {
    const owner = await createUser(t.ds);
    const other = await createUser(t.ds);
    await req(t, 'GET', '/api/account/send-email-verification-code', { token: owner.token });
    const code = tokenFromLink(
      (await waitForMail(t, owner.user.email))[0].text,
      'email-verification',
    );
    const res = await req(t, 'POST', `/api/account/verify-email-verification/${code}`, {
      token: other.token,
    });
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ message: 'Invalid or expired verification code' });
    expect(
      (
        await req(t, 'POST', `/api/account/verify-email-verification/${code}`, {
          token: owner.token,
        })
      ).status,
    ).toBe(200);
  });

  it('refuses an expired code (older than 24 hours) and a wrong one', async () => {
    const { user, token } = await createUser(t.ds);
    await req(t, 'GET', '/api/account/send-email-verification-code', { token });
    const code = tokenFromLink((await waitForMail(t, user.email))[0].text, 'email-verification');
    const [row] = await sql<{ secs: string }>(
      t.db.url,
      'SELECT extract(epoch FROM expires_at - created_at) AS secs FROM email_verification_code WHERE user_id = $1',
      [user.id],
    );
    expect(Math.round(Number(row.secs))).toBe(24 * 3600);
    await sql(
      t.db.url,
      `UPDATE email_verification_code SET expires_at = now() - interval '1 second' WHERE user_id = $1`,
      [user.id],
    );
    expect(
      (await req(t, 'POST', `/api/account/verify-email-verification/${code}`, { token })).status,
    ).toBe(400);
    const wrong = await req(
      t,
      'POST',
      '/api/account/verify-email-verification/not-a-real-code-at-all-0000',
      { token },
    );
    expect(wrong.status).toBe(400);
    expect(wrong.body).toEqual({ message: 'Invalid or expired verification code' });
    expect(
      (await req(t, 'POST', '/api/account/verify-email-verification/%20', { token })).status,
    ).toBe(400);
  });

  it('keeps only the newest code valid', async () => {
    const { user, token } = await createUser(t.ds);
    await req(t, 'GET', '/api/account/send-email-verification-code', { token });
    const first = tokenFromLink(
      (await waitForMail(t, user.email, 1))[0].text,
      'email-verification',
    );
    await req(t, 'GET', '/api/account/send-email-verification-code', { token });
    const second = tokenFromLink(
      (await waitForMail(t, user.email, 2))[0].text,
      'email-verification',
    );
    expect(
      (await req(t, 'POST', `/api/account/verify-email-verification/${first}`, { token })).status,
    ).toBe(400);
    expect(
      (await req(t, 'POST', `/api/account/verify-email-verification/${second}`, { token })).status,
    ).toBe(200);
  });

  it('answers 400 when the address is verified already', async () => {
    const { token } = await createUser(t.ds, { emailVerified: true });
    const res = await req(t, 'GET', '/api/account/send-email-verification-code', { token });
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ message: 'Your email is already verified' });
  });

  it('needs a login for both routes', async () => {
    expect((await req(t, 'GET', '/api/account/send-email-verification-code')).status).toBe(401);
    expect(
      (await req(t, 'POST', '/api/account/verify-email-verification/abcdefghijklmnopqrstuvwxyz'))
        .status,
    ).toBe(401);
  });

  it('stores the code only as a hash', async () => {
    const { user, token } = await createUser(t.ds);
    await req(t, 'GET', '/api/account/send-email-verification-code', { token });
    const code = tokenFromLink((await waitForMail(t, user.email))[0].text, 'email-verification');
    const rows = await sql(t.db.url, 'SELECT * FROM email_verification_code WHERE user_id = $1', [
      user.id,
    ]);
    expect(JSON.stringify(rows)).not.toContain(code);
  });
});

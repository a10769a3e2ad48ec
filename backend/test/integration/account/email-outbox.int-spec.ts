import { AddressInfo, createServer, Server, Socket } from 'net';
import { sql } from '../../setup/test-db';
import { createTestContext, TestContext } from '../../setup/test-app';
import { createUser } from '../../factories/account';
import { EmailOutboxService } from '../../../src/modules/notifications/email-outbox.service';
import { req } from './account-helpers';
import { eventually } from '../../support/eventually';

/** A minimal SMTP server (no TLS, no auth) that records every message it accepts. */
class TinySmtp {
  readonly messages: { from: string; to: string[]; data: string }[] = [];
  private server: Server | undefined;
  private sockets = new Set<Socket>();
  port = 0;

  start(port = 0): Promise<number> {
    this.server = createServer((socket) => this.session(socket));
    return new Promise((resolve) =>
      this.server!.listen(port, '127.0.0.1', () =>
        resolve((this.port = (this.server!.address() as AddressInfo).port)),
      ),
    );
  }

  stop(): Promise<void> {
    for (const s of this.sockets) s.destroy();
    return new Promise((resolve) => (this.server ? this.server.close(() => resolve()) : resolve()));
  }

  private session(socket: Socket): void {
    this.sockets.add(socket);
    socket.on('close', () => this.sockets.delete(socket));
    let buffer = '';
    let inData = false;
    let current = { from: '', to: [] as string[], data: '' };
    const reply = (line: string): boolean => socket.write(`${line}\r\n`);
    reply('220 tiny ESMTP');
    socket.on('data', (chunk) => {
      buffer += chunk.toString('utf8');
      for (;;) {
        if (inData) {
          const end = buffer.indexOf('\r\n.\r\n');
          if (end < 0) return;
          current.data = buffer.slice(0, end);
          buffer = buffer.slice(end + 5);
          inData = false;
          this.messages.push(current);
          current = { from: '', to: [], data: '' };
          reply('250 OK queued');
          continue;
        }
        const nl = buffer.indexOf('\r\n');
        if (nl < 0) return;
        const line = buffer.slice(0, nl);
        buffer = buffer.slice(nl + 2);
        const verb = line.slice(0, 4).toUpperCase();
        if (verb === 'EHLO' || verb === 'HELO') reply('250-tiny\r\n250 8BITMIME');
        else if (verb === 'MAIL') ((current.from = line), reply('250 OK'));
        else if (verb === 'RCPT') (current.to.push(line), reply('250 OK'));
        else if (verb === 'DATA') ((inData = true), reply('354 go on'));
        else if (verb === 'QUIT') (reply('221 bye'), socket.end());
        else reply('250 OK');
      }
    });
  }
}

describe('e-mail outbox over real SMTP (nodemailer)', () => {
  let t: TestContext;
  const smtp = new TinySmtp();
  beforeAll(async () => {
    const port = await smtp.start();
    t = await createTestContext({
      env: { SMTP_URL: `smtp://127.0.0.1:${port}`, MAIL_FROM: 'Tips <no-reply@tips.test>' },
    });
  });
  afterAll(async () => {
    await t?.close();
    await smtp.stop();
  });

  it('delivers a reset e-mail by SMTP after commit and clears the stored bodies', async () => {
    const { user } = await createUser(t.ds);
    expect(
      (await req(t, 'POST', '/api/account/reset-password/', { body: { email: user.email } }))
        .status,
    ).toBe(200);
    const msg = await eventually(
      async () => smtp.messages.find((m) => m.to.some((r) => r.includes(user.email))),
      { timeoutMs: 10_000, intervalMs: 50 },
    );
    expect(msg.from).toContain('no-reply@tips.test');
    expect(msg.data).toContain('Subject: Reset your password');
    expect(msg.data).toMatch(/change_password\//);

    const row = await eventually(
      async () => {
        const [r] = await sql(t.db.url, `SELECT * FROM email_outbox WHERE to_address = $1`, [
          user.email,
        ]);
        return r?.status === 'sent' ? r : undefined;
      },
      { timeoutMs: 10_000, intervalMs: 50 },
    );
    expect(row).toMatchObject({
      kind: 'password-reset',
      transport: 'smtp',
      attempts: 1,
      text_body: null,
      html_body: null,
    });
  });

  it('keeps a message it could not send and retries it with backoff until it goes out', async () => {
    const port = smtp.port;
    await smtp.stop();
    const { user } = await createUser(t.ds);
    await req(t, 'POST', '/api/account/reset-password/', { body: { email: user.email } });
    const failed = await eventually(
      async () => {
        const [r] = await sql(
          t.db.url,
          `SELECT *, next_attempt_at > now() AS later FROM email_outbox WHERE to_address = $1`,
          [user.email],
        );
        return r?.status === 'failed' ? r : undefined;
      },
      { timeoutMs: 10_000, intervalMs: 50 },
    );
    expect(failed).toMatchObject({ attempts: 1, later: true });
    expect(failed.last_error).toBeTruthy();
    expect(failed.text_body).toContain('change_password/');

    const outbox = t.get(EmailOutboxService);
    expect(await outbox.deliverDue()).toBe(0); // not due yet

    await smtp.start(port);
    await sql(t.db.url, `UPDATE email_outbox SET next_attempt_at = now() WHERE id = $1`, [
      failed.id,
    ]);
    expect(await outbox.deliverDue()).toBe(1);
    const [sent] = await sql(t.db.url, `SELECT status, attempts FROM email_outbox WHERE id = $1`, [
      failed.id,
    ]);
    expect(sent).toEqual({ status: 'sent', attempts: 2 });
    expect(smtp.messages.some((m) => m.to.some((r) => r.includes(user.email)))).toBe(true);
    expect(await outbox.deliverDue()).toBe(0); // sent once only
  });

  it('gives a message up (dead) after the last attempt', async () => {
    const outbox = t.get(EmailOutboxService);
    const port = smtp.port;
    await smtp.stop();
    const [row] = await sql<{ id: string }>(
      t.db.url,
      `INSERT INTO email_outbox (kind, to_address, subject, text_body, html_body, attempts) VALUES ('test', 'dead@example.com', 's', 't', 'h', 7) RETURNING id`,
    );
    expect(await outbox.deliver(String(row.id))).toBe('dead');
    expect(await outbox.deliver(String(row.id))).toBe('skipped');
    await smtp.start(port);
  });
});

describe('sandbox mailbox (SMTP_URL=sandbox)', () => {
  let t: TestContext;
  // createTestContext keeps earlier env overrides in process.env: set the default back explicitly.
  beforeAll(async () => (t = await createTestContext({ env: { SMTP_URL: 'sandbox' } })));
  afterAll(() => t?.close());

  it('lists delivered messages as JSON filtered by recipient, and as a page', async () => {
    const { user, token } = await createUser(t.ds, { username: 'MailboxUser' });
    await req(t, 'GET', '/api/account/send-email-verification-code', { token });
    const list = await eventually(
      async () => {
        const r = await t.request(
          'GET',
          `/sandbox/api/mail?to=${encodeURIComponent(user.email.toUpperCase())}`,
        );
        return r.body.length ? r.body : undefined;
      },
      { timeoutMs: 10_000, intervalMs: 50 },
    );
    expect(list[0]).toMatchObject({
      to: user.email,
      subject: 'Verify your email address',
      kind: 'email-verification',
      from: expect.any(String),
    });
    expect((await t.request('GET', '/sandbox/api/mail?to=nobody@example.com')).body).toEqual([]);
    const page = await t.request('GET', `/sandbox/mail?to=${encodeURIComponent(user.email)}`);
    expect(page.status).toBe(200);
    expect(page.headers['content-type']).toContain('text/html');
    expect(page.text).toContain('/email-verification/');
  });
});

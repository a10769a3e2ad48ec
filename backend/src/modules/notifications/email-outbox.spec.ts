import { emailRetryDelaySeconds } from './email-outbox.service';
import { renderMailbox } from './sandbox/sandbox-mail.controller';

describe('emailRetryDelaySeconds', () => {
  it('doubles from 30 s up to one hour', () => {
    expect([1, 2, 3, 4, 8, 20].map(emailRetryDelaySeconds)).toEqual([30, 60, 120, 240, 3600, 3600]);
  });
});

describe('renderMailbox', () => {
  it('escapes content and links URLs', () => {
    const html = renderMailbox(
      [
        {
          id: '1',
          kind: 'k',
          from: 'a@b',
          to: 'c@d',
          subject: '<b>hi</b>',
          text: 'open http://localhost/x/1 now <script>',
          html: null,
          status: 'sent',
          created_at: '2026-01-01T00:00:00.000Z',
          sent_at: null,
        },
      ],
      '"><script>',
    );
    expect(html).toContain('&lt;b&gt;hi&lt;/b&gt;');
    expect(html).toContain('<a href="http://localhost/x/1">http://localhost/x/1</a>');
    expect(html).not.toContain('<script>');
  });
});

describe('SandboxMailController', () => {
  it('answers 404 when the sandbox is off (always in production)', async () => {
    const { SandboxMailController } = await import('./sandbox/sandbox-mail.controller');
    const outbox = { sandboxMailbox: async () => [] } as never;
    const off = new SandboxMailController({ sandboxEnabled: false } as never, outbox);
    await expect(off.list()).rejects.toMatchObject({ status: 404 });
    await expect(off.page()).rejects.toMatchObject({ status: 404 });
    const on = new SandboxMailController({ sandboxEnabled: true } as never, outbox);
    await expect(on.list('a@b.co')).resolves.toEqual([]);
  });
});

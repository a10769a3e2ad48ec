import { Controller, Get, Header, Query } from '@nestjs/common';
import { ApiExcludeController } from '@nestjs/swagger';
import { Public } from '../../../common/decorators/public.decorator';
import { DomainError } from '../../../common/errors/domain-error';
import { AppConfig } from '../../../config/app-config';
import { EmailOutboxService, SandboxMail } from '../email-outbox.service';

const escapeHtml = (s: string): string =>
  s
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&#39;');
const linkify = (escaped: string): string =>
  escaped.replace(/https?:\/\/[^\s<]+/g, (url) => `<a href="${url}">${url}</a>`);

/** Renders the sandbox mailbox page (pure). */
export const renderMailbox = (mails: SandboxMail[], to: string | undefined): string => {
  const items = mails
    .map(
      (m) => `<article style="border:1px solid #ccc;border-radius:6px;padding:12px;margin:12px 0">
<div><b>${escapeHtml(m.subject)}</b></div>
<div style="color:#555">to ${escapeHtml(m.to)} · from ${escapeHtml(m.from)} · ${escapeHtml(m.sent_at ?? m.created_at)}</div>
<pre style="white-space:pre-wrap;font-family:inherit">${linkify(escapeHtml(m.text ?? ''))}</pre></article>`,
    )
    .join('\n');
  return `<!doctype html><html><head><meta charset="utf-8"><title>Sandbox mailbox</title></head>
<body style="font-family:sans-serif;max-width:760px;margin:24px auto">
<h1>Sandbox mailbox</h1>
<form method="get"><input name="to" placeholder="filter by recipient" value="${escapeHtml(to ?? '')}"> <button>Show</button></form>
${items || '<p>No messages.</p>'}
</body></html>`;
};

/**
 * The local mailbox of SMTP_URL=sandbox (docs/PRODUCT-RULES.md "Accounts"): GET /sandbox/api/mail?to= answers the
 * messages as JSON (newest first) and /sandbox/mail shows them, so reset and verification links
 * work on a fresh machine. 404 when the sandbox is off (always in production).
 */
@ApiExcludeController()
@Public()
@Controller('sandbox')
export class SandboxMailController {
  constructor(
    private readonly config: AppConfig,
    private readonly outbox: EmailOutboxService,
  ) {}

  private ensureEnabled(): void {
    if (!this.config.sandboxEnabled)
      throw new DomainError('SANDBOX_OFF', { status: 404, message: 'Not found' });
  }

  @Get('api/mail')
  async list(@Query('to') to?: string, @Query('limit') limit?: string): Promise<SandboxMail[]> {
    this.ensureEnabled();
    return this.outbox.sandboxMailbox(
      typeof to === 'string' && to ? to : undefined,
      Number(limit) || 50,
    );
  }

  @Get('mail')
  @Header('content-type', 'text/html; charset=utf-8')
  async page(@Query('to') to?: string): Promise<string> {
    this.ensureEnabled();
    const filter = typeof to === 'string' && to ? to : undefined;
    return renderMailbox(await this.outbox.sandboxMailbox(filter), filter);
  }
}

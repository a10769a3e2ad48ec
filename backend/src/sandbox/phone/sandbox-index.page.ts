import { escapeHtml, escapeUrlSegment, groupThousands, page } from '../common/html';
import { B2cRow, StkRow } from '../daraja/daraja-sandbox.repository';
import { formatMoney } from '../flutterwave/domain/flutterwave-rules';
import { FlwPaymentRow } from '../flutterwave/flutterwave-sandbox.repository';
import {
  AT_TEST_NUMBERS,
  B2C_FAILING_RECIPIENTS,
  STK_REFUSED_MSISDN_PREFIX,
} from '../sandbox.constants';
import { RecentPhone } from './sms-inbox.repository';

/** What /sandbox lists. */
export interface SandboxOverview {
  phones: RecentPhone[];
  checkouts: (FlwPaymentRow & { link: string })[];
  stk: StkRow[];
  b2c: B2cRow[];
}

const when = (d: Date | string | null): string =>
  d ? new Date(d).toLocaleString('en-GB', { timeZone: 'Africa/Nairobi', hour12: false }) : '';

const phoneLink = (msisdn: string): string =>
  `<a href="/sandbox/phone/${escapeUrlSegment(msisdn)}">+${escapeHtml(msisdn)}</a>`;

/** The sandbox index page: recent phones, Flutterwave checkouts, STK prompts, B2C payouts. */
export const renderIndexPage = (o: SandboxOverview): string => {
  const phones = o.phones.length
    ? `<table><tr><th>Phone</th><th>Waiting</th><th>Messages</th><th>Last activity</th></tr>${o.phones
        .map(
          (p) =>
            `<tr><td>${phoneLink(p.msisdn)}</td><td>${p.pendingPrompts}</td><td>${p.messages}</td><td>${escapeHtml(when(p.lastActivityAt))}</td></tr>`,
        )
        .join('')}</table>`
    : '<p class="muted">No phone has received anything yet.</p>';
  const checkouts = o.checkouts.length
    ? `<table><tr><th>tx_ref</th><th>Amount</th><th>Customer</th><th>Status</th><th>Transaction</th><th>Created</th></tr>${o.checkouts
        .map(
          (c) =>
            `<tr><td><a href="${escapeHtml(c.link)}">${escapeHtml(c.tx_ref)}</a></td><td>${escapeHtml(formatMoney(c.amount, c.currency))}</td><td>${escapeHtml(
              c.customer.email,
            )}</td><td>${escapeHtml(c.status)}</td><td>${escapeHtml(c.transaction_id ?? '')}</td><td>${escapeHtml(when(c.created_at))}</td></tr>`,
        )
        .join('')}</table>`
    : '<p class="muted">No checkout yet.</p>';
  const stk = o.stk.length
    ? `<table><tr><th>CheckoutRequestID</th><th>Phone</th><th>Ksh</th><th>Account</th><th>Status</th><th>Receipt</th><th>Created</th></tr>${o.stk
        .map(
          (s) =>
            `<tr><td>${escapeHtml(s.checkout_request_id)}</td><td>${phoneLink(s.msisdn)}</td><td>${escapeHtml(groupThousands(s.amount_ksh))}</td><td>${escapeHtml(
              s.account_reference,
            )}</td><td>${escapeHtml(s.status)}${s.result_code !== null ? ` (${escapeHtml(s.result_code)})` : ''}</td><td>${escapeHtml(
              s.receipt ?? '',
            )}</td><td>${escapeHtml(when(s.created_at))}</td></tr>`,
        )
        .join('')}</table>`
    : '<p class="muted">No STK push yet.</p>';
  const b2c = o.b2c.length
    ? `<table><tr><th>ConversationID</th><th>Phone</th><th>Ksh</th><th>Status</th><th>ResultCode</th><th>TransactionID</th></tr>${o.b2c
        .map(
          (b) =>
            `<tr><td>${escapeHtml(b.conversation_id)}</td><td>${phoneLink(b.party_b)}</td><td>${escapeHtml(groupThousands(b.amount_ksh))}</td><td>${escapeHtml(
              b.status,
            )}</td><td>${b.status === 'queued' ? '' : escapeHtml(b.result_code)}</td><td>${escapeHtml(b.transaction_id ?? '')}</td></tr>`,
        )
        .join('')}</table>`
    : '<p class="muted">No B2C payout yet.</p>';
  return page(
    'Provider sandboxes',
    `<h1>Provider sandboxes</h1>
<form class="card" method="get" action="/sandbox/phone" onsubmit="location.href='/sandbox/phone/'+encodeURIComponent(this.msisdn.value);return false">
<label>Open a phone <input type="tel" name="msisdn" placeholder="0712345678" required></label>
<div class="buttons"><button class="accept" type="submit">Open</button></div></form>
<h2>Phones</h2><div class="card">${phones}</div>
<h2>Flutterwave checkouts</h2><div class="card">${checkouts}</div>
<h2>M-Pesa STK pushes</h2><div class="card">${stk}</div>
<h2>M-Pesa B2C payouts</h2><div class="card">${b2c}</div>
<h2>Test values</h2><div class="card"><ul>
<li>STK pushes to <code>${escapeHtml(STK_REFUSED_MSISDN_PREFIX)}…</code> (0700 04x xxx) are refused: not on M-Pesa.</li>
<li>B2C fails with ResultCode 1 when the whole shillings end in 99; recipients ${Object.entries(
      B2C_FAILING_RECIPIENTS,
    )
      .map(([n, code]) => `<code>${escapeHtml(n)}</code> → ${escapeHtml(code)}`)
      .join(', ')}.</li>
<li>SMS to <code>${escapeHtml(AT_TEST_NUMBERS.blacklisted)}</code> → 406 UserInBlacklist, <code>${escapeHtml(
      AT_TEST_NUMBERS.insufficientBalance,
    )}</code> → 405 InsufficientBalance, <code>${escapeHtml(AT_TEST_NUMBERS.deliveryFails)}</code> → delivery report Failed.</li>
<li>Injected faults: <code>POST /sandbox/api/faults</code>; callbacks sent: <code>GET /sandbox/api/deliveries</code>; e-mail: <a href="/sandbox/mail">sandbox mailbox</a>.</li>
</ul></div>`,
    { wide: true },
  );
};

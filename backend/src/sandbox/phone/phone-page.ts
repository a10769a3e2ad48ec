import { escapeHtml, escapeUrlSegment, groupThousands, page } from '../common/html';
import { PromptView } from '../daraja/daraja-sandbox.service';
import { renderPayBillForm } from '../daraja/c2b/pay-bill-form';
import { InboxMessage } from './sms-inbox.repository';

/** What the phone shows: its pending STK prompts and its SMS inbox (newest first). */
export interface PhoneView {
  msisdn: string;
  prompts: PromptView[];
  messages: InboxMessage[];
}

/** Notices after a form post (`?done=`), fixed texts so nothing from the URL is echoed. */
export const PHONE_NOTICES: Readonly<Record<string, string>> = {
  accepted: 'Payment sent. Your M-PESA confirmation SMS is in the inbox below.',
  declined: 'Payment request cancelled.',
  wrong_pin: 'Wrong PIN entered: the payment failed.',
  paybill_paid: 'Pay bill sent. Your M-PESA confirmation SMS is in the inbox below.',
  paybill_refused: 'Pay bill refused by the business: nothing was taken. See the SMS below.',
  opted_out: 'STOP sent: this phone gets no more marketing SMS.',
  replied: 'Reply sent.',
};

const time = (iso: string): string => {
  const d = new Date(iso);
  return Number.isNaN(d.getTime())
    ? iso
    : d.toLocaleString('en-GB', { timeZone: 'Africa/Nairobi', hour12: false });
};

/** The prompts section (also re-rendered by the page's auto-refresh). */
const renderPrompts = (view: PhoneView): string => {
  if (!view.prompts.length) return '<p class="muted">No payment requests waiting.</p>';
  const base = `/sandbox/phone/${escapeUrlSegment(view.msisdn)}/prompts`;
  return view.prompts
    .map((p) => {
      const action = `${base}/${escapeUrlSegment(p.checkoutRequestId)}`;
      return `<form class="card prompt" method="post" action="${action}/accept" data-id="${escapeHtml(p.checkoutRequestId)}">
<div class="muted">M-PESA · ${escapeHtml(p.merchant)} (${escapeHtml(p.businessShortCode)})</div>
<div class="amount">Ksh ${escapeHtml(groupThousands(p.amount))}</div>
<p>${escapeHtml(p.text)}</p>
<label>PIN <input type="password" name="pin" inputmode="numeric" pattern="[0-9]{4}" maxlength="4" minlength="4" required autocomplete="off" aria-label="M-PESA PIN"></label>
<div class="buttons">
<button class="accept" type="submit">Accept</button>
<button class="decline" type="submit" formaction="${action}/decline" formnovalidate>Decline</button>
</div>
<div class="buttons"><button class="fail" type="submit" formaction="${action}/wrong-pin" formnovalidate>Enter a wrong PIN</button></div>
<div class="muted">Expires ${escapeHtml(time(p.expiresAt))} · ${escapeHtml(p.checkoutRequestId)}</div>
</form>`;
    })
    .join('\n');
};

/** The inbox section (also re-rendered by the page's auto-refresh). */
const renderInbox = (view: PhoneView): string => {
  if (!view.messages.length) return '<p class="muted">No messages yet.</p>';
  return view.messages
    .map(
      (
        m,
      ) => `<div class="card sms"><b>${escapeHtml(m.from)}</b> <span class="muted">${escapeHtml(time(m.at))}</span>
<div class="body">${escapeHtml(m.body)}</div></div>`,
    )
    .join('\n');
};

/**
 * Refreshes the prompts and the inbox every 2 s from the server-rendered page itself; a prompt
 * list being typed into is left alone until its PIN is submitted.
 */
const REFRESH_SCRIPT = `<script>
(function () {
  var ids = function (root) { return Array.prototype.map.call(root.querySelectorAll('[data-id]'), function (e) { return e.getAttribute('data-id'); }).join(','); };
  setInterval(function () {
    fetch(location.pathname, { headers: { accept: 'text/html' }, cache: 'no-store' }).then(function (r) { return r.ok ? r.text() : null; }).then(function (html) {
      if (!html) return;
      var doc = new DOMParser().parseFromString(html, 'text/html');
      var inbox = document.getElementById('inbox'), nextInbox = doc.getElementById('inbox');
      if (inbox && nextInbox && inbox.innerHTML !== nextInbox.innerHTML) inbox.innerHTML = nextInbox.innerHTML;
      var prompts = document.getElementById('prompts'), nextPrompts = doc.getElementById('prompts');
      if (!prompts || !nextPrompts || ids(prompts) === ids(nextPrompts)) return;
      var typing = Array.prototype.some.call(prompts.querySelectorAll('input[name=pin]'), function (i) { return i.value !== ''; });
      if (!typing) prompts.innerHTML = nextPrompts.innerHTML;
    }).catch(function () {});
  }, 2000);
})();
</script>`;

/** The sandbox phone page (server-rendered, mobile-friendly). All user text is escaped. */
export const renderPhonePage = (
  view: PhoneView,
  opts: { notice?: string; error?: string } = {},
): string =>
  page(
    `Phone ${view.msisdn}`,
    `<h1>+${escapeHtml(view.msisdn)}</h1>
<p class="muted">Sandbox phone · <a href="/sandbox">all sandbox phones and checkouts</a> · <a href="/sandbox/ussd/${escapeUrlSegment(view.msisdn)}">USSD</a></p>
${opts.notice ? `<p class="notice">${escapeHtml(opts.notice)}</p>` : ''}
${opts.error ? `<p class="error" role="alert">${escapeHtml(opts.error)}</p>` : ''}
<h2>M-PESA requests</h2>
<section id="prompts">${renderPrompts(view)}</section>
${renderPayBillForm(view.msisdn)}
<h2>Messages</h2>
<section id="inbox">${renderInbox(view)}</section>
<h2>Reply</h2>
<form class="card" method="post" action="/sandbox/phone/${escapeUrlSegment(view.msisdn)}/reply">
<label>Text <input name="text" maxlength="459" required value="STOP" aria-label="Reply text"></label>
<div class="buttons"><button type="submit">Send reply</button></div>
<p class="muted">Replying STOP, STOP ALL or UNSUBSCRIBE opts this phone out of marketing SMS.</p>
</form>
${REFRESH_SCRIPT}`,
    { head: '<noscript><meta http-equiv="refresh" content="2"></noscript>' },
  );

/** A small error page for sandbox HTML routes. */
export const renderErrorPage = (message: string, back?: { href: string; label: string }): string =>
  page(
    'Sandbox',
    `<h1>Sandbox</h1><p class="error" role="alert">${escapeHtml(message)}</p>${
      back
        ? `<p><a href="${escapeHtml(back.href)}">${escapeHtml(back.label)}</a></p>`
        : '<p><a href="/sandbox">Back to the sandbox</a></p>'
    }`,
  );

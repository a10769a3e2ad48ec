import { escapeHtml, escapeUrlSegment, page } from '../common/html';
import { formatMoney } from './domain/flutterwave-rules';
import { FlwPaymentRow } from './flutterwave-sandbox.repository';

/** The hosted checkout page of a sandbox payment link: amount, customer e-mail, Pay / Cancel. */
export const renderCheckoutPage = (row: FlwPaymentRow): string => {
  const action = `/sandbox/flutterwave/pay/${escapeUrlSegment(row.token)}`;
  const title = row.customizations?.title ?? 'Payment';
  const description = row.customizations?.description;
  const open = row.status === 'pending';
  return page(
    `${title} · Flutterwave sandbox`,
    `<h1>${escapeHtml(title)}</h1>
<div class="card">
<div class="muted">Flutterwave test checkout</div>
<div class="amount" id="amount">${escapeHtml(formatMoney(row.amount, row.currency))}</div>
${description ? `<p>${escapeHtml(description)}</p>` : ''}
<p>Customer: <b id="email">${escapeHtml(row.customer.email)}</b>${row.customer.name ? ` (${escapeHtml(row.customer.name)})` : ''}</p>
<p class="muted">Reference ${escapeHtml(row.tx_ref)}</p>
${
  open
    ? `<form method="post" action="${action}/pay"><div class="buttons"><button class="pay" type="submit">Pay ${escapeHtml(formatMoney(row.amount, row.currency))}</button></div></form>
<form method="post" action="${action}/cancel"><div class="buttons"><button class="cancel" type="submit">Cancel</button></div></form>
<form method="post" action="${action}/fail"><div class="buttons"><button class="fail" type="submit">Simulate a declined card</button></div></form>`
    : `<p class="notice">This checkout is ${escapeHtml(row.status)}.</p>`
}
</div>
<p class="muted"><a href="/sandbox">Sandbox home</a></p>`,
  );
};

/** Shown after Pay / Fail / Cancel when the payment had no redirect_url. */
export const renderCheckoutDone = (outcome: {
  status: string;
  txRef: string;
  transactionId: number | null;
}): string =>
  page(
    'Flutterwave sandbox',
    `<h1>Payment ${escapeHtml(outcome.status)}</h1>
<div class="card"><p>Reference ${escapeHtml(outcome.txRef)}</p>${
      outcome.transactionId ? `<p>Transaction id ${escapeHtml(outcome.transactionId)}</p>` : ''
    }</div><p><a href="/sandbox">Sandbox home</a></p>`,
  );

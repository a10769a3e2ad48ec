import { escapeHtml, escapeUrlSegment, page } from '../common/html';
import type { UssdScreen } from './ussd-phone.service';

const USSD_STYLE = `<style>
a.button{flex:1;text-align:center;padding:10px;border-radius:6px;text-decoration:none}
#ussd-screen{white-space:pre-wrap;font-family:monospace;font-size:1rem;background:#111;color:#e8ffe8;border-radius:8px;padding:12px;min-height:7em}
</style>`;

const header = (msisdn: string): string =>
  `<h1>USSD · +${escapeHtml(msisdn)}</h1>
<p class="muted">Sandbox USSD phone · prompts and SMS on <a href="/sandbox/phone/${escapeUrlSegment(msisdn)}">the sandbox phone</a></p>`;

/** The dial pad: type the service code and call (docs/PROVIDERS.md "Africa's Talking USSD", simulator). */
export const renderUssdDialPage = (msisdn: string, serviceCode: string): string =>
  page(
    `USSD ${msisdn}`,
    `${header(msisdn)}
<form class="card" method="post" action="/sandbox/ussd/${escapeUrlSegment(msisdn)}/dial">
<label>Dial <input type="tel" name="code" value="${escapeHtml(serviceCode)}" aria-label="USSD code" autocomplete="off"></label>
<div class="buttons"><button class="accept" type="submit">Call</button></div>
</form>`,
    { head: USSD_STYLE },
  );

/** One screen of a session: the menu's text and, while it waits, the answer box. */
export const renderUssdScreenPage = (msisdn: string, screen: UssdScreen): string => {
  const base = `/sandbox/ussd/${escapeUrlSegment(msisdn)}`;
  const form = screen.open
    ? `<form method="post" action="${base}/answer">
<input type="hidden" name="sessionId" value="${escapeHtml(screen.sessionId)}">
<input type="hidden" name="text" value="${escapeHtml(screen.text)}">
<input type="text" name="answer" inputmode="numeric" aria-label="Answer" autocomplete="off" autofocus>
<div class="buttons"><button class="accept" type="submit">Send</button><a class="button cancel" href="${base}">Cancel</a></div>
</form>`
    : `<p class="muted">Session ended.</p><p><a href="${base}">Dial again</a></p>`;
  return page(
    `USSD ${msisdn}`,
    `${header(msisdn)}
<div class="card"><div id="ussd-screen" role="status" data-open="${screen.open ? 'true' : 'false'}">${escapeHtml(screen.body)}</div>
${form}</div>`,
    { head: USSD_STYLE },
  );
};

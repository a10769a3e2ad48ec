import { escapeUrlSegment } from '../../common/html';

/**
 * The sandbox phone's Lipa na M-PESA "Pay bill" (docs/PROVIDERS.md "Daraja C2B"): business
 * number, account number, amount and PIN, posted to /sandbox/phone/{msisdn}/paybill.
 */
export const renderPayBillForm = (msisdn: string): string => `<h2>Pay bill</h2>
<form class="card paybill" method="post" action="/sandbox/phone/${escapeUrlSegment(msisdn)}/paybill">
<label>Business no. <input name="business" inputmode="numeric" pattern="[0-9]{5,7}" required autocomplete="off" aria-label="Business number"></label>
<label>Account no. <input name="account" required maxlength="20" autocomplete="off" aria-label="Account number"></label>
<label>Amount <input name="amount" inputmode="numeric" pattern="[0-9]{1,6}" required autocomplete="off" aria-label="Amount"></label>
<label>PIN <input type="password" name="pin" inputmode="numeric" pattern="[0-9]{4}" maxlength="4" minlength="4" required autocomplete="off" aria-label="Pay bill M-PESA PIN"></label>
<div class="buttons"><button class="accept" type="submit">Pay</button></div>
</form>`;

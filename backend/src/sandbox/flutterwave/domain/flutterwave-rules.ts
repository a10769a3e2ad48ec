import { fromScaled, toScaled } from '../../../common/decimal/decimal';
import { isHttpUrl, isObject } from '../../common/provider-answer';

/**
 * Pure rules of the Flutterwave v3 sandbox (docs/PROVIDERS.md §2): validation of `POST /v3/payments`
 * (§2.2, both spellings and placements the doc calls uncertain), the transaction object of the
 * verify calls (§2.4) and the `charge.completed` webhook body (§2.5). Amounts stay decimal
 * strings (bigint arithmetic for fees); they become JSON numbers only on the wire.
 */

/** Currencies the sandbox takes. */
export const FLW_CURRENCIES = new Set([
  'NGN',
  'UGX',
  'KES',
  'GHS',
  'TZS',
  'RWF',
  'ZAR',
  'XAF',
  'XOF',
  'USD',
  'GBP',
  'EUR',
]);
/** Currencies without a minor unit (whole amounts only, §2.2). */
const ZERO_DECIMAL = new Set(['UGX', 'RWF', 'XAF', 'XOF']);

/** The test card every sandbox card payment uses. */
const SANDBOX_CARD = {
  first_6digits: '553188',
  last_4digits: '2950',
  issuer: 'MASTERCARD  CREDIT',
  country: 'NG',
  type: 'MASTERCARD',
  expiry: '09/32',
};

/** A valid payment request, normalised. */
export interface PaymentIntent {
  txRef: string;
  /** Major unit, 2 decimals: `'2500.00'`. */
  amount: string;
  currency: string;
  redirectUrl: string | null;
  customer: { email: string; name: string | null; phone_number: string | null };
  customizations: { title?: string; description?: string; logo?: string } | null;
  meta: Record<string, unknown> | null;
  paymentOptions: string | null;
}

/** A rejected request: HTTP status and the envelope message (§2.2: `{status:"error", message, data:null}`). */
export interface FlwRejection {
  status: number;
  message: string;
}

type Checked<T> = { ok: true; value: T } | { ok: false; rejection: FlwRejection };
const bad = (message: string): { ok: false; rejection: FlwRejection } => ({
  ok: false,
  rejection: { status: 400, message },
});

const optionalText = (value: unknown, max: number): string | null | undefined => {
  if (value === undefined || value === null || value === '') return null;
  if (typeof value !== 'string' || value.length > max) return undefined;
  return value;
};

/** Validates `POST /v3/payments` (§2.2). */
export const validatePayment = (body: unknown): Checked<PaymentIntent> => {
  if (!isObject(body)) return bad('Invalid request body');
  const txRef = body.tx_ref;
  if (typeof txRef !== 'string' || !txRef.trim() || txRef.length > 100)
    return bad('tx_ref is required');
  const currency = body.currency === undefined ? 'NGN' : body.currency;
  if (typeof currency !== 'string' || !FLW_CURRENCIES.has(currency.toUpperCase()))
    return bad('Invalid currency');
  const cur = currency.toUpperCase();
  const amountText =
    typeof body.amount === 'number' && Number.isFinite(body.amount)
      ? String(body.amount)
      : body.amount;
  const scaled =
    typeof amountText === 'string' && /^\d+(\.\d+)?$/.test(amountText.trim())
      ? toScaled(amountText.trim(), 2)
      : null;
  if (scaled === null || scaled <= 0n)
    return bad('amount must be a positive number with at most 2 decimals');
  if (ZERO_DECIMAL.has(cur) && scaled % 100n !== 0n)
    return bad(`${cur} amounts must be whole numbers`);
  const redirect = body.redirect_url;
  if (redirect !== undefined && redirect !== null && redirect !== '' && !isHttpUrl(redirect))
    return bad('Invalid redirect_url');
  const customer = body.customer;
  if (
    !isObject(customer) ||
    typeof customer.email !== 'string' ||
    !/^[^\s@]+@[^\s@]+$/.test(customer.email.trim())
  ) {
    return bad('customer.email is required');
  }
  const name = optionalText(customer.name, 200);
  const phone = optionalText(customer.phonenumber ?? customer.phone_number, 30);
  if (name === undefined) return bad('Invalid customer.name');
  if (phone === undefined) return bad('Invalid customer.phonenumber');
  let customizations: PaymentIntent['customizations'] = null;
  if (body.customizations !== undefined && body.customizations !== null) {
    if (!isObject(body.customizations)) return bad('Invalid customizations');
    const c = body.customizations;
    const fields = {
      title: optionalText(c.title, 200),
      description: optionalText(c.description, 500),
      logo: optionalText(c.logo, 500),
    };
    if (Object.values(fields).some((v) => v === undefined)) return bad('Invalid customizations');
    customizations = Object.fromEntries(
      Object.entries(fields).filter(([, v]) => v),
    ) as PaymentIntent['customizations'];
  }
  if (body.meta !== undefined && body.meta !== null && !isObject(body.meta))
    return bad('Invalid meta');
  const configurations = isObject(body.configurations) ? body.configurations : body;
  const duration = configurations.session_duration;
  if (
    duration !== undefined &&
    !(Number.isInteger(duration) && (duration as number) >= 1 && (duration as number) <= 1440)
  ) {
    return bad('session_duration must be 1 to 1440 minutes');
  }
  const options = optionalText(body.payment_options, 200);
  if (options === undefined) return bad('Invalid payment_options');
  return {
    ok: true,
    value: {
      txRef: txRef.trim(),
      amount: fromScaled(scaled, 2),
      currency: cur,
      redirectUrl: typeof redirect === 'string' && redirect ? redirect : null,
      customer: { email: customer.email.trim(), name, phone_number: phone },
      customizations,
      meta: isObject(body.meta) ? body.meta : null,
      paymentOptions: options,
    },
  };
};

/** The payment type a sandbox transaction in `currency` is made with. */
export const paymentTypeFor = (currency: string): string =>
  currency === 'UGX' ? 'mobilemoneyug' : currency === 'KES' ? 'mpesa' : 'card';

/** The webhook's `event.type` for a payment type (§2.5: not dependable, sent anyway). */
const eventTypeFor = (paymentType: string): string =>
  paymentType === 'mobilemoneyug'
    ? 'MOBILEMONEYUG_TRANSACTION'
    : paymentType === 'mpesa'
      ? 'MPESA_TRANSACTION'
      : 'CARD_TRANSACTION';

/** Flutterwave's fee on a sandbox payment: 1.4 % of the amount, rounded half up to the currency's unit. */
export const appFee = (amount: string, currency: string): string => {
  const scaled = toScaled(amount, 2) ?? 0n;
  const unit = ZERO_DECIMAL.has(currency) ? 100n : 1n;
  const fee = ((scaled * 14n + 500n * unit) / (1000n * unit)) * unit;
  return fromScaled(fee, 2);
};

/** A stored sandbox transaction (a paid or failed checkout). */
export interface SandboxTransaction {
  transactionId: number;
  txRef: string;
  flwRef: string;
  amount: string;
  currency: string;
  status: 'successful' | 'failed';
  customer: PaymentIntent['customer'];
  customerId: number;
  meta: Record<string, unknown> | null;
  createdAt: Date;
  customerCreatedAt: Date;
}

const num = (decimal: string): number => Number(decimal);

/** `data` of the verify answers (§2.4). */
export const transactionData = (tx: SandboxTransaction): Record<string, unknown> => {
  const paymentType = paymentTypeFor(tx.currency);
  const fee = appFee(tx.amount, tx.currency);
  const settled = fromScaled((toScaled(tx.amount, 2) ?? 0n) - (toScaled(fee, 2) ?? 0n), 2);
  const successful = tx.status === 'successful';
  return {
    id: tx.transactionId,
    tx_ref: tx.txRef,
    flw_ref: tx.flwRef,
    device_fingerprint: 'N/A',
    amount: num(tx.amount),
    currency: tx.currency,
    charged_amount: num(tx.amount),
    app_fee: num(fee),
    merchant_fee: 0,
    processor_response: successful ? 'Approved. Successful' : 'Declined',
    auth_model: paymentType === 'card' ? 'PIN' : 'MOBILEMONEY',
    ip: '127.0.0.1',
    narration: paymentType === 'card' ? 'CARD Transaction ' : 'Tips marketplace',
    status: tx.status,
    payment_type: paymentType,
    created_at: tx.createdAt.toISOString(),
    account_id: 1938402,
    ...(paymentType === 'card'
      ? { card: { ...SANDBOX_CARD, token: `flw-t1nf-${tx.flwRef.slice(-10)}-m03k` } }
      : {}),
    meta: tx.meta,
    amount_settled: successful ? num(settled) : 0,
    customer: {
      id: tx.customerId,
      name: tx.customer.name ?? 'Anonymous customer',
      phone_number: tx.customer.phone_number ?? 'N/A',
      email: tx.customer.email,
      created_at: tx.customerCreatedAt.toISOString(),
    },
  };
};

/** The v3 `charge.completed` webhook (§2.5) for a transaction. */
export const webhookBody = (tx: SandboxTransaction): Record<string, unknown> => {
  const data = transactionData(tx);
  const { card: _card, meta: _meta, amount_settled: _settled, ...webhookData } = data;
  return {
    event: 'charge.completed',
    data: webhookData,
    'event.type': eventTypeFor(String(data.payment_type)),
  };
};

/**
 * Where the browser goes after the checkout (§2.3): `redirect_url` plus `status`, `tx_ref` and,
 * for a transaction, `transaction_id`; existing query parameters are kept.
 */
export const redirectTarget = (
  redirectUrl: string,
  outcome: {
    status: 'successful' | 'failed' | 'cancelled';
    txRef: string;
    transactionId?: number | null;
  },
): string => {
  const url = new URL(redirectUrl);
  url.searchParams.set('status', outcome.status);
  url.searchParams.set('tx_ref', outcome.txRef);
  if (outcome.transactionId) url.searchParams.set('transaction_id', String(outcome.transactionId));
  return url.toString();
};

/** `NGN 2,500.00` / `UGX 45,000` for the checkout page. */
export const formatMoney = (amount: string, currency: string): string => {
  const [whole, fraction] = amount.split('.');
  const grouped = whole.replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  return ZERO_DECIMAL.has(currency)
    ? `${currency} ${grouped}`
    : `${currency} ${grouped}.${fraction ?? '00'}`;
};

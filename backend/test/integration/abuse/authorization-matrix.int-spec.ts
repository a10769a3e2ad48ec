import { ResourceRegistry } from '../../../src/modules/backoffice/resource-registry';
import { createUser, signTestAccessToken } from '../../factories/account';
import { multipart } from '../account/account-helpers';
import type { TestResponse } from '../../setup/test-app';
import { nestRoutes, send } from './abuse-support';
import { Marketplace, seedMarketplace } from './marketplace-seed';

jest.setTimeout(180_000);

/**
 * Who calls. `owner` is tipster A, whose slips, sale shares and withdrawal the requests name;
 * `other` is tipster B; the forged ones claim role admin: signed with another secret, unsigned
 * (alg none), or expired; `closed` holds the token of an admin whose account was closed
 * (DELETE /api/account) after the token was issued: refused everywhere at once (docs/PRODUCT-RULES.md R264).
 */
const IDENTITIES = [
  'anonymous',
  'forged-secret',
  'forged-none',
  'forged-expired',
  'banned',
  'closed',
  'user',
  'other',
  'owner',
  'admin',
] as const;
type Identity = (typeof IDENTITIES)[number];

/**
 * How a route is protected:
 * - public: anyone (a visitor is never answered 401/403);
 * - login: any logged-in account, each seeing only its own data;
 * - admin: role admin only;
 * - tipster: tipsters (own rows only) and admins;
 * - owner: a record of tipster A: A and admins; another tipster is answered 404 (no hint it exists);
 * - secret: a provider callback authenticated by a secret in its path or headers (a JWT is no substitute);
 * - dev-only: a provider sandbox, never served in production (SandboxOffController answers 404 there).
 */
type Access = 'public' | 'login' | 'admin' | 'tipster' | 'owner' | 'secret' | 'dev-only';
/** An expected answer: a status, or 'ok' = anything but 401/403 (a 4xx for the sample body is fine), never a 5xx. */
type Outcome = 'ok' | 200 | 401 | 403 | 404 | 405;

interface Sample {
  url: string;
  body?: unknown;
  headers?: Record<string, string>;
}
interface Row {
  access: Access;
  /** The request each identity sends (path parameters naming tipster A's records where they matter). */
  sample?: (m: Marketplace) => Sample;
  /** Outcomes differing from the access class's defaults. */
  expect?: Partial<Record<Identity, Outcome>>;
}

const FORGED: Identity[] = ['forged-secret', 'forged-none', 'forged-expired'];
const DEFAULTS: Record<
  Exclude<Access, 'public' | 'secret' | 'dev-only'>,
  Record<Identity, Outcome>
> = {
  login: {
    anonymous: 401,
    'forged-secret': 401,
    'forged-none': 401,
    'forged-expired': 401,
    banned: 403,
    closed: 401,
    user: 'ok',
    other: 'ok',
    owner: 'ok',
    admin: 'ok',
  },
  admin: {
    anonymous: 401,
    'forged-secret': 401,
    'forged-none': 401,
    'forged-expired': 401,
    banned: 403,
    closed: 401,
    user: 403,
    other: 403,
    owner: 403,
    admin: 'ok',
  },
  tipster: {
    anonymous: 401,
    'forged-secret': 401,
    'forged-none': 401,
    'forged-expired': 401,
    banned: 403,
    closed: 401,
    user: 403,
    other: 'ok',
    owner: 'ok',
    admin: 'ok',
  },
  owner: {
    anonymous: 401,
    'forged-secret': 401,
    'forged-none': 401,
    'forged-expired': 401,
    banned: 403,
    closed: 401,
    user: 403,
    other: 404,
    owner: 200,
    admin: 'ok',
  },
};

const bad = 'not-the-secret-0000';
/**
 * Reads that trust the access token's claims without a database read: a user banned after the
 * token was issued keeps them until it expires (15 minutes; jwt.strategy.ts). Every write and
 * every account route checks the ban.
 */
const READ_WITHIN_TOKEN_LIFE: Partial<Record<Identity, Outcome>> = { banned: 'ok' };
/** A 1×1 PNG. */
const PNG_1X1 = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);
/**
 * THE TABLE: every route of the Nest router, classified. A new route fails the completeness test
 * until it is added here with its access class (and a sample request unless public/dev-only).
 */
const ROUTES: Record<string, Row> = {
  // Accounts (docs/PRODUCT-RULES.md R140)
  'POST /api/account/register': {
    access: 'public',
    sample: () => ({ url: '/api/account/register', body: {} }),
  },
  'POST /api/rg/code': { access: 'public', sample: () => ({ url: '/api/rg/code', body: {} }) },
  'POST /api/rg/limit': { access: 'public', sample: () => ({ url: '/api/rg/limit', body: {} }) },
  'POST /api/rg/self-exclusion': {
    access: 'public',
    sample: () => ({ url: '/api/rg/self-exclusion', body: {} }),
  },
  // A buyer's history (docs/PRODUCT-RULES.md R160-R162): holding the phone (an SMS code) is the proof, never a login.
  'POST /api/buyer/code': {
    access: 'public',
    sample: () => ({ url: '/api/buyer/code', body: {} }),
  },
  'GET /api/buyer/purchases': {
    access: 'public',
    sample: () => ({ url: '/api/buyer/purchases?phone=0722000999&code=000000' }),
  },
  // Data rights (docs/PRODUCT-RULES.md R260-R265): a buyer proves the phone by an SMS code; an account by its password.
  'POST /api/buyer/data-code': {
    access: 'public',
    sample: () => ({ url: '/api/buyer/data-code', body: {} }),
  },
  'GET /api/buyer/my-data': {
    access: 'public',
    sample: () => ({ url: '/api/buyer/my-data?phone=0722000999&code=000000' }),
  },
  'DELETE /api/buyer/my-data': {
    access: 'public',
    sample: () => ({ url: '/api/buyer/my-data?phone=0722000999&code=000000' }),
  },
  'POST /api/account/reauth': {
    access: 'login',
    sample: () => ({ url: '/api/account/reauth', body: { password: 'not-my-password-1' } }),
  },
  // Without a password proof every account is refused (403): the proof is the second factor of an export.
  'GET /api/account/my-data': {
    access: 'login',
    sample: () => ({ url: '/api/account/my-data' }),
    expect: { user: 403, other: 403, owner: 403, admin: 403 },
  },
  // The sample lacks the confirmation word and the password: 400 for every live account, nothing closed.
  'DELETE /api/account': { access: 'login', sample: () => ({ url: '/api/account', body: {} }) },
  'POST /api/account/email-login': {
    access: 'public',
    sample: () => ({ url: '/api/account/email-login', body: {} }),
  },
  'POST /api/account/token/refresh': {
    access: 'public',
    sample: () => ({ url: '/api/account/token/refresh', body: {} }),
  },
  'POST /api/account/logout': {
    access: 'public',
    sample: () => ({ url: '/api/account/logout', body: { refresh: 'x.y.z' } }),
  },
  'GET /api/account/profile': { access: 'login', sample: () => ({ url: '/api/account/profile' }) },
  'GET /api/account/profile/{username}': {
    access: 'public',
    sample: (m) => ({ url: `/api/account/profile/${m.tipster.user.username}` }),
  },
  'GET /api/records/tipster/{username}': {
    access: 'public',
    sample: (m) => ({ url: `/api/records/tipster/${m.tipster.user.username}?stake=100` }),
  },
  'GET /api/records/marketplace': {
    access: 'public',
    sample: () => ({ url: '/api/records/marketplace' }),
  },
  // The privacy notice (docs/PRODUCT-RULES.md R275).
  'GET /api/site/privacy': { access: 'public', sample: () => ({ url: '/api/site/privacy' }) },
  'POST /api/account/user/details': {
    access: 'login',
    sample: () => ({ url: '/api/account/user/details', body: {} }),
  },
  'POST /api/account/user/avatar': {
    access: 'login',
    sample: () => ({
      url: '/api/account/user/avatar',
      ...multipart('profile_image', 'me.png', PNG_1X1, 'image/png'),
    }),
  },
  'PUT /api/account/change-password': {
    access: 'login',
    sample: () => ({
      url: '/api/account/change-password',
      body: { old_password: 'not-my-password-1', new_password: 'new-password-123' },
    }),
  },
  'POST /api/account/reset-password': {
    access: 'public',
    sample: () => ({ url: '/api/account/reset-password', body: {} }),
  },
  'POST /api/account/reset-password/': {
    access: 'public',
    sample: () => ({ url: '/api/account/reset-password/', body: {} }),
  },
  'POST /api/account/reset-password/confirm': {
    access: 'public',
    sample: () => ({ url: '/api/account/reset-password/confirm', body: {} }),
  },
  'POST /api/account/reset-password/confirm/': {
    access: 'public',
    sample: () => ({ url: '/api/account/reset-password/confirm/', body: {} }),
  },
  'GET /api/account/send-email-verification-code': {
    access: 'login',
    sample: () => ({ url: '/api/account/send-email-verification-code' }),
  },
  'POST /api/account/verify-email-verification/{code}': {
    access: 'login',
    sample: () => ({
      url: '/api/account/verify-email-verification/AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA',
    }),
  },
  'POST /api/account/admin/users/{username}/ban': {
    access: 'admin',
    sample: () => ({ url: '/api/account/admin/users/nobody_here/ban' }),
  },
  'POST /api/account/admin/users/{username}/unban': {
    access: 'admin',
    sample: (m) => ({ url: `/api/account/admin/users/${m.banned.user.username}/unban` }),
  },
  'GET /media/avatars/{file}': {
    access: 'public',
    sample: () => ({ url: '/media/avatars/missing.webp' }),
  },
  // Fixtures, markets, slips (docs/PRODUCT-RULES.md R140)
  'GET /api/fixtures/search/fixture/odd/{gameId}': {
    access: 'public',
    sample: (m) => ({ url: `/api/fixtures/search/fixture/odd/${m.games[0].id}` }),
  },
  'POST /api/manage/search-games': {
    access: 'public',
    sample: () => ({ url: '/api/manage/search-games', body: { pattern: 'ars' } }),
  },
  'GET /api/home/top-games': { access: 'public', sample: () => ({ url: '/api/home/top-games' }) },
  'GET /api/slip/markets': { access: 'public', sample: () => ({ url: '/api/slip/markets' }) },
  'GET /api/slip/limits': { access: 'public', sample: () => ({ url: '/api/slip/limits' }) },
  'POST /api/slip/create': {
    access: 'login',
    sample: () => ({ url: '/api/slip/create', body: {} }),
  },
  'POST /api/slip/quote': {
    access: 'login',
    sample: () => ({ url: '/api/slip/quote', body: {} }),
    expect: READ_WITHIN_TOKEN_LIFE,
  },
  'GET /api/slip/can-post': {
    access: 'login',
    sample: () => ({ url: '/api/slip/can-post' }),
    expect: READ_WITHIN_TOKEN_LIFE,
  },
  'GET /api/slip/get/{id}': {
    access: 'public',
    sample: (m) => ({ url: `/api/slip/get/${m.slips.sold}` }),
  },
  'GET /api/slip/free': { access: 'public', sample: () => ({ url: '/api/slip/free' }) },
  'GET /api/export/slips.csv': {
    access: 'public',
    sample: () => ({ url: '/api/export/slips.csv' }),
  },
  'GET /api/export/slips.json': {
    access: 'public',
    sample: () => ({ url: '/api/export/slips.json' }),
  },
  'GET /api/log/checkpoint': { access: 'public', sample: () => ({ url: '/api/log/checkpoint' }) },
  'GET /api/log/tree-head': { access: 'public', sample: () => ({ url: '/api/log/tree-head' }) },
  'GET /api/log/tree-heads': { access: 'public', sample: () => ({ url: '/api/log/tree-heads' }) },
  'GET /api/log/public-key': { access: 'public', sample: () => ({ url: '/api/log/public-key' }) },
  'GET /api/log/leaves': {
    access: 'public',
    sample: () => ({ url: '/api/log/leaves?start=0&end=10' }),
  },
  'GET /api/log/proof/inclusion': {
    access: 'public',
    sample: () => ({ url: '/api/log/proof/inclusion?index=0&size=1' }),
  },
  'GET /api/log/proof/consistency': {
    access: 'public',
    sample: () => ({ url: '/api/log/proof/consistency?first=0&second=1' }),
  },
  'GET /v2/api/slip/data': { access: 'public', sample: () => ({ url: '/v2/api/slip/data' }) },
  'GET /v2/api/slip/data/': { access: 'public', sample: () => ({ url: '/v2/api/slip/data/' }) },
  'GET /v2/api/slip/data/finished': {
    access: 'public',
    sample: () => ({ url: '/v2/api/slip/data/finished' }),
  },
  'GET /v2/api/slip/data/finished/': {
    access: 'public',
    sample: () => ({ url: '/v2/api/slip/data/finished/' }),
  },
  'GET /api/home/active': { access: 'public', sample: () => ({ url: '/api/home/active' }) },
  'GET /api/home/finished': { access: 'public', sample: () => ({ url: '/api/home/finished' }) },
  'GET /v2/api/tipster/data': { access: 'public', sample: () => ({ url: '/v2/api/tipster/data' }) },
  'GET /v2/api/tipster/data/': {
    access: 'public',
    sample: () => ({ url: '/v2/api/tipster/data/' }),
  },
  // Purchases, find-slip, jackpots, subscriptions (docs/PRODUCT-RULES.md R140)
  'POST /api/processor/buy': {
    access: 'public',
    sample: () => ({ url: '/api/processor/buy', body: {} }),
  },
  'POST /api/processor/buy-flw': {
    access: 'public',
    sample: () => ({ url: '/api/processor/buy-flw', body: {} }),
  },
  'POST /api/processor/buy-flw-ug': {
    access: 'public',
    sample: () => ({ url: '/api/processor/buy-flw-ug', body: {} }),
  },
  'POST /api/processor/buy-paybill': {
    access: 'public',
    sample: () => ({ url: '/api/processor/buy-paybill', body: {} }),
  },
  'POST /api/manage/find-slip/{phone}/{code}': {
    access: 'public',
    sample: () => ({ url: '/api/manage/find-slip/0722000999/WRONGCODE1' }),
  },
  'POST /api/manage/find-slip-ng/{email}/{id}': {
    access: 'public',
    sample: () => ({ url: '/api/manage/find-slip-ng/nobody%40example.ng/MTIzNDU' }),
  },
  'GET /api/jackpot/get-all-jackpots': {
    access: 'public',
    sample: () => ({ url: '/api/jackpot/get-all-jackpots' }),
  },
  'GET /api/jackpot/history': {
    access: 'public',
    sample: () => ({ url: '/api/jackpot/history?company=SP&limit=5' }),
  },
  'GET /api/manage/get-subscription-kind': {
    access: 'public',
    sample: () => ({ url: '/api/manage/get-subscription-kind' }),
  },
  'POST /api/processor/subscribe': {
    access: 'public',
    sample: () => ({ url: '/api/processor/subscribe', body: {} }),
  },
  'GET /api/manage/get-subscription-slips/{phone}': {
    access: 'public',
    sample: () => ({ url: '/api/manage/get-subscription-slips/0722000999' }),
  },
  // Provider callbacks: the secret is the credential.
  'POST /api/processor/mpesa/callback/{token}': {
    access: 'secret',
    sample: () => ({ url: `/api/processor/mpesa/callback/${bad}`, body: {} }),
    expect: all(404),
  },
  'POST /api/processor/c2b/validation/{token}': {
    access: 'secret',
    sample: () => ({ url: `/api/processor/c2b/validation/${bad}`, body: {} }),
    expect: all(403),
  },
  'POST /api/processor/c2b/confirmation/{token}': {
    access: 'secret',
    sample: () => ({ url: `/api/processor/c2b/confirmation/${bad}`, body: {} }),
    expect: all(403),
  },
  'POST /api/processor/status-result/{token}': {
    access: 'secret',
    sample: () => ({ url: `/api/processor/status-result/${bad}`, body: {} }),
    expect: all(404),
  },
  'POST /api/processor/status-result/{token}/timeout': {
    access: 'secret',
    sample: () => ({ url: `/api/processor/status-result/${bad}/timeout`, body: {} }),
    expect: all(404),
  },
  'POST /api/processor/flutterwave/webhook': {
    access: 'secret',
    sample: () => ({
      url: '/api/processor/flutterwave/webhook',
      headers: { 'verif-hash': bad },
      body: { event: 'charge.completed' },
    }),
    expect: all(401),
  },
  'POST /api/finance/callbacks/b2c-result/{token}': {
    access: 'secret',
    sample: () => ({ url: `/api/finance/callbacks/b2c-result/${bad}`, body: {} }),
    expect: all(404),
  },
  'POST /api/finance/callbacks/balance-result/{token}': {
    access: 'secret',
    sample: () => ({ url: `/api/finance/callbacks/balance-result/${bad}`, body: {} }),
    expect: all(404),
  },
  'POST /api/finance/callbacks/balance-result/{token}/timeout': {
    access: 'secret',
    sample: () => ({ url: `/api/finance/callbacks/balance-result/${bad}/timeout`, body: {} }),
    expect: all(404),
  },
  'POST /api/finance/callbacks/b2c-timeout/{token}': {
    access: 'secret',
    sample: () => ({ url: `/api/finance/callbacks/b2c-timeout/${bad}`, body: {} }),
    expect: all(404),
  },
  'POST /api/notifications/sms/delivery-report/{token}': {
    access: 'secret',
    sample: () => ({ url: `/api/notifications/sms/delivery-report/${bad}`, body: {} }),
    expect: all(404),
  },
  // USSD: the key is a query parameter (docs/PROVIDERS.md "Africa's Talking USSD"); a wrong one is 403, whoever signs in.
  'POST /api/ussd/africastalking': {
    access: 'secret',
    sample: () => ({
      url: `/api/ussd/africastalking?key=${bad}`,
      body: { sessionId: 'ATUid_1', phoneNumber: '+254711082123', text: '' },
    }),
    expect: all(403),
  },
  'POST /api/notifications/sms/inbound/{token}': {
    access: 'secret',
    sample: () => ({ url: `/api/notifications/sms/inbound/${bad}`, body: {} }),
    expect: all(404),
  },
  // The unsubscribe link (docs/PRODUCT-RULES.md R234): the signed token is the credential, no login.
  'GET /api/notifications/unsubscribe': {
    access: 'public',
    sample: () => ({ url: '/api/notifications/unsubscribe?token=bad' }),
  },
  // Finance (docs/PRODUCT-RULES.md R140): each account sees only its own money.
  'GET /api/finance/pending_amount': {
    access: 'login',
    sample: () => ({ url: '/api/finance/pending_amount' }),
    expect: READ_WITHIN_TOKEN_LIFE,
  },
  'POST /api/finance/withdraw_request': {
    access: 'login',
    sample: () => ({ url: '/api/finance/withdraw_request', body: { phone_number: '0711000099' } }),
  },
  'GET /api/finance/get_payments': {
    access: 'login',
    sample: () => ({ url: '/api/finance/get_payments' }),
    expect: READ_WITHIN_TOKEN_LIFE,
  },
  'GET /api/finance/withdrawals': {
    access: 'login',
    sample: () => ({ url: '/api/finance/withdrawals' }),
    expect: READ_WITHIN_TOKEN_LIFE,
  },
  // Blog, health, SEO pages
  'GET /v2/api/manage/post': { access: 'public', sample: () => ({ url: '/v2/api/manage/post' }) },
  'GET /v2/api/manage/post/': { access: 'public', sample: () => ({ url: '/v2/api/manage/post/' }) },
  'GET /api/health': { access: 'public', sample: () => ({ url: '/api/health' }) },
  // Cache counters only; outside production open (npm run bench reads them), in production admins only (404 to others).
  'GET /api/health/cache': { access: 'public', sample: () => ({ url: '/api/health/cache' }) },
  'GET /sitemap.xml': { access: 'public', sample: () => ({ url: '/sitemap.xml' }) },
  'GET /robots.txt': { access: 'public', sample: () => ({ url: '/robots.txt' }) },
  'GET /blog/{slug}': { access: 'public', sample: (m) => ({ url: `/blog/${m.post.slug}` }) },
  'GET /buy_tip/{slipId}': {
    access: 'public',
    sample: (m) => ({ url: `/buy_tip/${m.slips.sold}` }),
  },
  // Pages whose HTML carries the visitor lists inline (slow networks), and the visitor's country by
  // IP (docs/PRODUCT-RULES.md R143).
  'GET /': { access: 'public', sample: () => ({ url: '/' }) },
  'GET /active_tips': { access: 'public', sample: () => ({ url: '/active_tips' }) },
  'GET /api/geo/country': { access: 'public', sample: () => ({ url: '/api/geo/country' }) },
  // The back office: every resource's allowlist (admins), then the generic routes expanded per resource below (BACKOFFICE).
  'GET /api/backoffice/resources': {
    access: 'admin',
    sample: () => ({ url: '/api/backoffice/resources' }),
  },
  'GET /api/backoffice/{resource}': { access: 'admin' },
  'GET /api/backoffice/{resource}/{id}': { access: 'admin' },
  'POST /api/backoffice/{resource}': { access: 'admin' },
  'PUT /api/backoffice/{resource}/{id}': { access: 'admin' },
  'DELETE /api/backoffice/{resource}/{id}': { access: 'admin' },
  // Provider sandboxes and the sandbox mailbox (development only).
  ...Object.fromEntries(
    [
      'GET /sandbox/api/mail',
      'GET /sandbox/mail',
      'GET /sandbox/daraja/oauth/v1/generate',
      'POST /sandbox/daraja/mpesa/stkpush/v1/processrequest',
      'POST /sandbox/daraja/mpesa/stkpushquery/v1/query',
      'POST /sandbox/daraja/mpesa/transactionstatus/v1/query',
      'POST /sandbox/daraja/mpesa/accountbalance/v1/query',
      'POST /sandbox/daraja/mpesa/b2c/v3/paymentrequest',
      'POST /sandbox/daraja/mpesa/b2c/v1/paymentrequest',
      'POST /sandbox/flutterwave/v3/payments',
      'GET /sandbox/flutterwave/v3/transactions/verify_by_reference',
      'GET /sandbox/flutterwave/v3/transactions/{id}/verify',
      'GET /sandbox/flutterwave/pay/{token}',
      'POST /sandbox/flutterwave/pay/{token}/{action}',
      'POST /sandbox/africastalking/version1/messaging',
      'GET /sandbox',
      'GET /sandbox/phone',
      'GET /sandbox/phone/{msisdn}',
      'POST /sandbox/phone/{msisdn}/prompts/{checkoutRequestId}/{action}',
      'POST /sandbox/phone/{msisdn}/reply',
      'GET /sandbox/api/phones/{msisdn}',
      'POST /sandbox/api/phones/{msisdn}/prompts/{checkoutRequestId}/{action}',
      'GET /sandbox/api/deliveries',
      'GET /sandbox/api/faults',
      'POST /sandbox/api/faults',
      'DELETE /sandbox/api/faults',
      'GET /sandbox/api/daraja/stk/{checkoutRequestId}',
      'POST /sandbox/api/daraja/stk/{checkoutRequestId}/resend-callback',
      'GET /sandbox/api/daraja/b2c/{conversationId}',
      'POST /sandbox/api/flutterwave/transactions/{id}/resend-webhook',
      'PUT /sandbox/s3/{bucket}/*',
      'GET /sandbox/s3/{bucket}/*',
      'DELETE /sandbox/s3/{bucket}/*',
      'POST /sandbox/tsa',
      'GET /sandbox/tsa/certificate',
      'GET /sandbox/ussd/{msisdn}',
      'POST /sandbox/ussd/{msisdn}/dial',
      'POST /sandbox/ussd/{msisdn}/answer',
      // Daraja C2B in the sandbox (docs/PROVIDERS.md "Daraja C2B").
      'POST /sandbox/daraja/mpesa/c2b/{version}/registerurl',
      'POST /sandbox/phone/{msisdn}/paybill',
      'POST /sandbox/api/phones/{msisdn}/paybill',
      'ALL /sandbox',
      'ALL /sandbox/*',
    ].map((k) => [k, { access: 'dev-only' } as Row]),
  ),
};

/** Bull Board: plain Fastify routes (not in the Nest router), guarded by protectQueueBoard. */
const FASTIFY_ROUTES: Record<string, Row> = {
  'GET /admin/queues': { access: 'admin', sample: () => ({ url: '/admin/queues/api/queues' }) },
};

function all(outcome: Outcome): Partial<Record<Identity, Outcome>> {
  return Object.fromEntries(IDENTITIES.map((i) => [i, outcome]));
}

/** Back-office resources: who may use each, and which record of tipster A a request names. */
type ResourceAccess =
  | { access: 'admin' }
  | {
      access: 'tipster';
      ownRecord: (m: Marketplace) => number;
      update?: unknown;
      expect?: Partial<Record<'update' | 'delete', Partial<Record<Identity, Outcome>>>>;
    };
const BACKOFFICE: Record<string, ResourceAccess> = {
  'audit-log': { access: 'admin' },
  // Read-only resources answer 405 to a write before looking the record up: no hint whether it exists.
  // Read-only: every write answers 405, an admin's too.
  deliveries: { access: 'admin' },
  earnings: {
    access: 'tipster',
    ownRecord: (m) => m.earningId,
    expect: {
      update: { other: 405, owner: 405, admin: 405 },
      delete: { other: 405, owner: 405, admin: 405 },
    },
  },
  'fixture-imports': { access: 'admin' },
  fixtures: { access: 'admin' },
  'free-tips': { access: 'admin' },
  jackpots: { access: 'admin' },
  posts: { access: 'admin' },
  'premium-slips': { access: 'admin' },
  purchases: { access: 'admin' },
  slips: {
    access: 'tipster',
    ownRecord: (m) => m.slips.sold,
    expect: {
      update: { other: 405, owner: 405, admin: 405 },
      delete: { other: 405, owner: 405, admin: 405 },
    },
  },
  'rg-limits': { access: 'admin' },
  'retention-runs': { access: 'admin' },
  'unmatched-payments': { access: 'admin' },
  'sms-messages': { access: 'admin' },
  'subscription-kinds': { access: 'admin' },
  users: { access: 'admin' },
  // A tipster reads its withdrawals; only an admin approves (the owner approving its own is 403).
  withdrawals: {
    access: 'tipster',
    ownRecord: (m) => m.withdrawalId,
    update: { status: 'approved' },
    expect: { update: { owner: 403, admin: 200 }, delete: { other: 405, owner: 405, admin: 405 } },
  },
};

interface Case {
  route: string;
  identity: Identity;
  method: string;
  sample: Sample;
  expected: Outcome;
  /** Extra check on the answer (e.g. another tipster's list holds none of A's rows). */
  check?: (res: TestResponse) => void;
}

/**
 * The authorization matrix (docs/RELIABILITY.md, "Fuzz and abuse"): every route of the Nest
 * router (plus Bull Board) is classified in ROUTES; every route that needs a login, a role or a
 * secret is called as each of ten identities and answers exactly as its class says. No answer to
 * anyone but tipster A or an admin shows A's e-mail, phone or withdrawal number.
 */
describe('authorization matrix', () => {
  let m: Marketplace;
  let tokens: Record<Identity, string | undefined>;
  let ownerLedgerIds: number[];

  beforeAll(async () => {
    m = await seedMarketplace();
    // An admin (every role check passes) whose account is closed after its token was issued.
    const closedAdmin = await createUser(m.t.ds, { role: 'admin' });
    const closing = await send(m.t, {
      method: 'DELETE',
      url: '/api/account',
      token: closedAdmin.token,
      body: { password: closedAdmin.password, confirmation: 'DELETE' },
    });
    if (closing.status !== 200)
      throw new Error(`closing the admin's account: ${closing.status} ${closing.text}`);
    const adminClaims = {
      sub: String(m.admin.user.id),
      username: m.admin.user.username,
      role: 'admin',
      typ: 'access',
    };
    const none = `${Buffer.from(JSON.stringify({ alg: 'none', typ: 'JWT' })).toString('base64url')}.${Buffer.from(JSON.stringify({ ...adminClaims, exp: 9e9 })).toString('base64url')}.`;
    tokens = {
      anonymous: undefined,
      'forged-secret': signTestAccessToken(adminClaims, {
        secret: 'another-secret-of-32-characters!!',
      }),
      'forged-none': none,
      'forged-expired': signTestAccessToken(adminClaims, { expiresInSeconds: -60 }),
      banned: m.banned.token,
      closed: closedAdmin.token,
      user: m.user.token,
      other: m.otherTipster.token,
      owner: m.tipster.token,
      admin: m.admin.token,
    };
    ownerLedgerIds = (
      await m.t.ds.query(`SELECT id FROM ledger_entry WHERE user_id = $1`, [m.tipster.user.id])
    ).map((r: { id: string }) => Number(r.id));
  });
  afterAll(() => m?.close());

  it('has every route of the router and every back-office resource in the table, and nothing stale', () => {
    const routes = nestRoutes(m.t);
    const keys = routes.map((r) => `${r.method} ${r.path}`);
    expect(keys.filter((k) => !(k in ROUTES))).toEqual([]);
    expect(
      Object.keys(ROUTES).filter((k) => !keys.includes(k) && !k.startsWith('ALL /sandbox')),
    ).toEqual([]);
    expect(m.t.get(ResourceRegistry).names().sort()).toEqual(Object.keys(BACKOFFICE).sort());
    // The table agrees with the routes' own metadata: public ⇔ @Public(), admin ⇔ @Roles('admin') (back office: per resource).
    for (const r of routes) {
      const row = ROUTES[`${r.method} ${r.path}`];
      const open = ['public', 'secret', 'dev-only'].includes(row.access);
      expect({ route: `${r.method} ${r.path}`, isPublic: r.isPublic }).toEqual({
        route: `${r.method} ${r.path}`,
        isPublic: open,
      });
      const generic = r.path.startsWith('/api/backoffice/{resource}');
      if (!generic)
        expect({ route: `${r.method} ${r.path}`, admin: r.roles.includes('admin') }).toEqual({
          route: `${r.method} ${r.path}`,
          admin: row.access === 'admin',
        });
      if (!open && generic) expect(r.roles).toEqual([]);
    }
  });

  /** The cases of the table: each protected row × each identity (public rows: a visitor only). */
  const cases = (): Case[] => {
    const out: Case[] = [];
    const ownerMarkers = [
      m.tipster.user.email,
      m.tipster.user.phoneNumber!,
      `254${m.tipster.user.phoneNumber!.slice(1)}`,
      '0799000111',
      '254799000111',
    ];
    const noOwnerData = (identity: Identity) => (res: TestResponse) => {
      if (identity === 'owner' || identity === 'admin') return;
      for (const marker of ownerMarkers)
        expect({ identity, leaked: res.text.includes(marker) ? marker : null }).toEqual({
          identity,
          leaked: null,
        });
    };
    const add = (
      route: string,
      method: string,
      row: Row,
      overrides: Partial<Record<Identity, Outcome>> = {},
      check?: (identity: Identity) => (res: TestResponse) => void,
    ) => {
      if (row.access === 'dev-only') return;
      if (!row.sample) throw new Error(`${route}: a sample request is needed`);
      const sample = row.sample(m);
      if (row.access === 'public') {
        out.push({ route, identity: 'anonymous', method, sample, expected: 'ok' });
        return;
      }
      const base = row.access === 'secret' ? all(404) : DEFAULTS[row.access];
      for (const identity of IDENTITIES) {
        const expected = { ...base, ...row.expect, ...overrides }[identity]!;
        out.push({
          route,
          identity,
          method,
          sample,
          expected,
          check: (res) => {
            noOwnerData(identity)(res);
            check?.(identity)(res);
          },
        });
      }
    };
    for (const [route, row] of [...Object.entries(ROUTES), ...Object.entries(FASTIFY_ROUTES)]) {
      if (route.includes('/api/backoffice/{resource}')) continue;
      add(route, route.split(' ')[0], row);
    }
    for (const [resource, spec] of Object.entries(BACKOFFICE)) {
      const list = `/api/backoffice/${resource}`;
      if (spec.access === 'admin') {
        const row = (sample: (mm: Marketplace) => Sample): Row => ({ access: 'admin', sample });
        add(
          `GET ${list}`,
          'GET',
          row(() => ({ url: list })),
        );
        add(
          `GET ${list}/{id}`,
          'GET',
          row(() => ({ url: `${list}/1` })),
        );
        add(
          `POST ${list}`,
          'POST',
          row(() => ({ url: list, body: {} })),
        );
        add(
          `PUT ${list}/{id}`,
          'PUT',
          row(() => ({ url: `${list}/999999`, body: {} })),
        );
        add(
          `DELETE ${list}/{id}`,
          'DELETE',
          row(() => ({ url: `${list}/999999` })),
        );
        continue;
      }
      const own = `${list}/${spec.ownRecord(m)}`;
      const ownIds =
        resource === 'earnings'
          ? ownerLedgerIds
          : resource === 'slips'
            ? [m.slips.sold, m.slips.unsold]
            : [m.withdrawalId];
      const notOwnersRows = (identity: Identity) => (res: TestResponse) => {
        if (identity !== 'other' || !Array.isArray(res.body)) return;
        expect({
          resource,
          foreign: res.body
            .map((r: { id: number }) => Number(r.id))
            .filter((id: number) => ownIds.includes(id)),
        }).toEqual({ resource, foreign: [] });
      };
      add(
        `GET ${list}`,
        'GET',
        { access: 'tipster', sample: () => ({ url: list }) },
        {},
        notOwnersRows,
      );
      add(`GET ${list}/{id}`, 'GET', { access: 'owner', sample: () => ({ url: own }) });
      add(
        `POST ${list}`,
        'POST',
        { access: 'tipster', sample: () => ({ url: list, body: {} }) },
        { other: 405, owner: 405, admin: 405 },
      );
      add(
        `PUT ${list}/{id}`,
        'PUT',
        { access: 'owner', sample: () => ({ url: own, body: spec.update ?? {} }) },
        spec.expect?.update,
      );
      add(
        `DELETE ${list}/{id}`,
        'DELETE',
        { access: 'owner', sample: () => ({ url: own }) },
        spec.expect?.delete,
      );
    }
    return out;
  };

  it('answers every identity on every protected route as the table says', async () => {
    const all = cases();
    const order = (c: Case) => IDENTITIES.indexOf(c.identity); // admin last: its writes change records
    const failures: string[] = [];
    const counts: Record<string, number> = {};
    for (const c of [...all].sort((a, b) => order(a) - order(b))) {
      const res = await send(m.t, {
        method: c.method,
        url: c.sample.url,
        body: c.sample.body,
        headers: c.sample.headers,
        token: tokens[c.identity],
      });
      const ok =
        res.status < 500 &&
        (c.expected === 'ok'
          ? res.status !== 401 && res.status !== 403
          : res.status === c.expected);
      counts[c.identity] = (counts[c.identity] ?? 0) + 1;
      if (!ok)
        failures.push(
          `${c.route} as ${c.identity}: expected ${c.expected}, got ${res.status} ${res.text.slice(0, 120)}`,
        );
      else c.check?.(res);
    }
    const protectedRoutes = new Set(
      all.filter((c) => c.identity !== 'anonymous' || c.expected !== 'ok').map((c) => c.route),
    ).size;
    console.log(
      `authorization matrix: ${all.length} cases, ${protectedRoutes} protected routes × ${IDENTITIES.length} identities; per identity ${JSON.stringify(counts)}`,
    );
    expect(failures).toEqual([]);
  });

  it('refuses a withdrawal to a tipster banned after logging in, and keeps the balance', async () => {
    const tipster = await createUser(m.t.ds, { role: 'tipster' });
    const [sale] = await m.t.ds.query(
      `INSERT INTO purchase (kind, slip_id, phone, amount, provider, code, status, paid_at) VALUES ('slip', $1, '254722000404', 1000, 'mpesa', 'BANCODE01', 'paid', now()) RETURNING id`,
      [m.slips.sold],
    );
    await m.t.ds.query(
      `INSERT INTO ledger_entry (user_id, account, kind, amount, status, purchase_id) VALUES ($1, 'tipster', 'sale_share', 600, 'P', $2)`,
      [tipster.user.id, sale.id],
    );
    expect(
      (
        await send(m.t, {
          method: 'POST',
          url: `/api/account/admin/users/${tipster.user.username}/ban`,
          token: m.admin.token,
        })
      ).status,
    ).toBe(200);
    // The access token issued before the ban still verifies for up to 15 minutes.
    const res = await send(m.t, {
      method: 'POST',
      url: '/api/finance/withdraw_request',
      token: tipster.token,
      body: { phone_number: '0722000404' },
    });
    expect(res).toMatchObject({ status: 403 });
    expect(
      await m.t.ds.query(`SELECT id FROM withdrawal WHERE user_id = $1`, [tipster.user.id]),
    ).toEqual([]);
  });
});

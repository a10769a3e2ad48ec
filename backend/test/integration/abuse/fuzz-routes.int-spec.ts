import { getMetadataStorage } from 'class-validator';
import fc from 'fast-check';
import { INVALID_VALUE_MESSAGE } from '../../../src/common/filters/database-errors';
import { AppConfig } from '../../../src/config/app-config';
import { ResourceRegistry } from '../../../src/modules/backoffice/resource-registry';
import { PhoneCodeService } from '../../../src/modules/rg/phone-code.service';
import { TransparencyLogService } from '../../../src/modules/transparency/transparency-log.service';
import { TreeHeadService } from '../../../src/modules/transparency/tree-head.service';
import { createUser, CreatedUser, DEFAULT_PASSWORD } from '../../factories/account';
import type { TestResponse } from '../../setup/test-app';
import {
  ApiOperation,
  leakedInternals,
  nestRoutes,
  openApiOperations,
  send,
} from './abuse-support';
import { Marketplace, seedMarketplace } from './marketplace-seed';
import { ussdCodeOf } from '../../../src/modules/slip/domain/ussd-code';

/**
 * Cases per run: FUZZ_RUNS (default 2,500: about two minutes on a busy 2-core machine);
 * `FUZZ_RUNS=50000 npx jest test/integration/abuse/fuzz-routes.int-spec.ts` for a long run,
 * FUZZ_SEED=<n> to replay a run (the seed is printed).
 */
const RUNS = Number(process.env.FUZZ_RUNS ?? 2_500);
const SEED = process.env.FUZZ_SEED ? Number(process.env.FUZZ_SEED) : Date.now() % 2_147_483_647;
jest.setTimeout(Math.max(300_000, RUNS * 300));

type Identity = 'anonymous' | 'user' | 'tipster' | 'admin';
const IDENTITIES: Identity[] = ['anonymous', 'user', 'tipster', 'admin'];

/** One request of the fuzz. */
interface FuzzCase {
  op: string;
  identity: Identity;
  method: string;
  url: string;
  headers: Record<string, string>;
  payload?: string | Buffer;
  /** What kind of body was sent (for the report). */
  bodyKind: string;
}

/** Strings that broke parsers, drivers or handlers somewhere. */
const NASTY = [
  '',
  ' ',
  '\u0000',
  'a\u0000b',
  '%00',
  '\\u0000',
  "'; DROP TABLE slip; --",
  "' OR '1'='1",
  '" OR ""="',
  '../../etc/passwd',
  '..\\..\\boot.ini',
  '<script>alert(1)</script>',
  '${7*7}',
  '{{7*7}}',
  '%s%s%s%n',
  'null',
  'undefined',
  'NaN',
  'Infinity',
  '-Infinity',
  '-1',
  '0',
  '-0',
  '1e309',
  '99999999999999999999999',
  '9007199254740993',
  '2147483648',
  '0x1F',
  '1_000',
  '１２３',
  '٣',
  '\ud800',
  '\udfff',
  'ä',
  '😀',
  '\u202e',
  '\r\n',
  '\t',
  '%',
  '%%',
  '%zz',
  '\\',
  '"',
  "'",
  '`',
  '__proto__',
  'constructor',
  'prototype',
  'toString',
  'hasOwnProperty',
  '[]',
  '{}',
  '[object Object]',
  'true',
  '2026-02-30',
  '2026-13-01T25:61:61Z',
  '0000-00-00',
  '9999-12-31T23:59:59Z',
  '+254712345678',
  '254712345678',
  '0712345678',
  '07123456789',
  '0712 345 678',
  'a@b',
  'a@b.c',
  '@',
  'a'.repeat(255) + '@example.com',
  'ws_CO_0000',
  'TKE4H7Q2ZP',
  'ASC',
  'DESC',
  'id',
  '*',
  '?',
  '#',
  '&',
  '=',
  ';',
  ',',
];
/** Raw (already percent-encoded) path and query fragments: NUL, invalid UTF-8, encoded separators. */
const RAW = [
  '%00',
  'a%00',
  '%FF',
  '%C3%28',
  '%E0%80%80',
  '%ED%A0%80',
  '%F4%90%80%80',
  '%',
  '%zz',
  '%2e%2e',
  '..',
  '%2F',
  '%5C',
  '%2F%2F',
  '%0D%0A',
  '%20',
  '+',
  '%2B',
];

/** Percent-encodes the UTF-8 bytes of `s` (lone surrogates become U+FFFD, as Node sends them). */
const enc = (s: string): string =>
  [...Buffer.from(s, 'utf8')]
    .map((b) =>
      /[A-Za-z0-9\-_.~]/.test(String.fromCharCode(b))
        ? String.fromCharCode(b)
        : `%${b.toString(16).toUpperCase().padStart(2, '0')}`,
    )
    .join('');

const safeDecode = (s: string): string => {
  try {
    return decodeURIComponent(s);
  } catch {
    return s;
  }
};

const nest = (depth: number, leaf: unknown = 1, asObject = false): unknown => {
  let v = leaf;
  for (let i = 0; i < depth; i++) v = asObject ? { a: v } : [v];
  return v;
};

/** Any text: short random strings in several alphabets, the nasty list, numbers, huge strings. */
const text: fc.Arbitrary<string> = fc.oneof(
  { weight: 4, arbitrary: fc.string({ maxLength: 30 }) },
  { weight: 2, arbitrary: fc.string({ unit: 'grapheme', maxLength: 12 }) },
  { weight: 1, arbitrary: fc.string({ unit: 'binary', maxLength: 12 }) },
  { weight: 5, arbitrary: fc.constantFrom(...NASTY) },
  { weight: 2, arbitrary: fc.integer().map(String) },
  { weight: 1, arbitrary: fc.double().map(String) },
  { weight: 1, arbitrary: fc.integer({ min: 1_000, max: 200_000 }).map((n) => 'x'.repeat(n)) },
);
/** Any JSON value: text, numbers, booleans, null, small arrays and objects, deep nesting. */
const anyValue: fc.Arbitrary<unknown> = fc.oneof(
  { weight: 6, arbitrary: text },
  {
    weight: 2,
    arbitrary: fc.oneof(
      fc.integer(),
      fc.double({ noNaN: true }),
      fc.constantFrom(0, -1, 1.5, 2 ** 53, -(2 ** 63), 1e308),
    ),
  },
  { weight: 1, arbitrary: fc.boolean() },
  { weight: 1, arbitrary: fc.constant(null) },
  { weight: 1, arbitrary: fc.array(text, { maxLength: 4 }) },
  { weight: 1, arbitrary: fc.dictionary(text, text, { maxKeys: 3 }) },
  { weight: 1, arbitrary: fc.jsonValue({ maxDepth: 3 }) },
  {
    weight: 1,
    arbitrary: fc
      .tuple(fc.integer({ min: 2, max: 45 }), fc.boolean())
      .map(([d, o]) => nest(d, 'x', o)),
  },
);

/** Header values: printable Latin-1 (bytes ≥ 0x80 are not UTF-8), the nasty list without control characters. */
const latin1 = fc.string({
  unit: fc
    .integer({ min: 0x20, max: 0xff })
    .filter((c) => c !== 0x7f)
    .map((c) => String.fromCharCode(c)),
  maxLength: 60,
});
const headerText = fc.oneof(
  latin1,
  fc.constantFrom(...NASTY.filter((s) => /^[\x20-\x7e]*$/.test(s))),
  fc.integer({ min: 100, max: 8_000 }).map((n) => 'h'.repeat(n)),
);

describe('fuzz: every route of the OpenAPI document', () => {
  let m: Marketplace;
  let ops: (ApiOperation & { documented: boolean })[];
  let identities: Record<Exclude<Identity, 'anonymous'>, CreatedUser>;
  let valid: Record<string, string[]>;
  let bodyFields: Record<string, string[]>;
  let resourceFields: Record<string, { body: string[]; list: string[] }>;
  const tooLarge = Buffer.alloc(1_100_000, 0x20);
  /** USSD_CALLBACK_KEY: the USSD callback's `?key=` is given right often enough to reach the menu. */
  let ussdKey = '';

  beforeAll(async () => {
    m = await seedMarketplace();
    identities = { user: m.user, tipster: m.tipster, admin: m.admin };
    const documented = await openApiOperations(m.t);
    const seen = new Set(documented.map((o) => `${o.method} ${o.path}`));
    // Routes left out of the document (provider callbacks, media, SEO pages) are fuzzed as well.
    const extra = nestRoutes(m.t)
      .filter((r) => !seen.has(`${r.method} ${r.path}`) && r.method !== 'ALL')
      .map((r) => ({
        method: r.method,
        path: r.path,
        pathParams: [...r.path.matchAll(/\{(\w+)\}/g)].map((x) => x[1]),
        queryParams: [],
        multipart: false,
        documented: false,
      }));
    ops = [...documented.map((o) => ({ ...o, documented: true })), ...extra];

    const config = m.t.get(AppConfig);
    const registry = m.t.get(ResourceRegistry);
    const dtoFields = (dto: unknown): string[] =>
      dto
        ? [
            ...new Set(
              getMetadataStorage()
                .getTargetValidationMetadatas(dto as () => void, '', true, false)
                .map((x) => x.propertyName),
            ),
          ]
        : [];
    resourceFields = Object.fromEntries(
      registry.names().map((name) => {
        const def = registry.get(name);
        return [
          name,
          {
            body: [...new Set([...dtoFields(def.create?.dto), ...dtoFields(def.update?.dto)])],
            list: Object.keys(def.fields),
          },
        ];
      }),
    );
    const slipIds = Object.values(m.slips).map(String);
    // A signed tree head, so the /api/log proof routes answer with data too.
    await m.t.get(TreeHeadService).run();
    const logSize = (await m.t.get(TransparencyLogService).latestHead()).tree_size;
    const [pending] = await m.t.ds.query(
      `SELECT checkout_request_id FROM purchase WHERE checkout_request_id IS NOT NULL LIMIT 1`,
    );
    valid = {
      username: ['amani_tips', 'baraka_tips', 'nobody_here'],
      code: [
        m.sales.mpesa.code,
        m.sales.mpesa.receipt!,
        'AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA',
      ],
      gameId: [m.games[0].id, m.games[5].id, '1'],
      id: [
        ...slipIds,
        '1',
        String(m.withdrawalId),
        String(m.sales.mpesa.purchaseId),
        String(m.post.id),
        Buffer.from(String(m.sales.flutterwave.txRef)).toString('base64'),
      ],
      slipId: slipIds,
      phone: [m.sales.mpesa.phone!, m.sales.subscription.phone!, '0722000999'],
      email: [m.sales.flutterwave.email!, 'nobody@example.ng'],
      resource: registry.names(),
      msisdn: [m.sales.mpesa.msisdn!, '254722000999'],
      checkoutRequestId: [String(pending?.checkout_request_id ?? 'ws_CO_1'), 'ws_CO_unknown'],
      action: ['accept', 'decline', 'cancel', 'pay', 'fail', 'timeout'],
      conversationId: ['AG_20261123_unknown'],
      // Daraja C2B bodies (docs/PROVIDERS.md "Daraja C2B").
      TransactionType: ['Pay Bill'],
      TransID: ['RKTQDM7W6S', 'RKTQDM7W6T'],
      TransTime: ['20191122063845'],
      TransAmount: ['10', '50.00', '200'],
      BusinessShortCode: ['600984', '600000'],
      BillRefNumber: [m.sales.mpesa.code, 'INVOICE008'],
      MSISDN: ['25470****149'],
      FirstName: ['John'],
      token: [config.mpesa.callbackToken, config.africasTalking.callbackToken, 'wrong-token'],
      file: ['missing.webp'],
      slug: [m.post.slug],
      bucket: ['avatars'],
      // Body fields
      password: [DEFAULT_PASSWORD, 'pass-word-123'],
      new_password: ['new-password-123'],
      old_password: ['wrong-password-1'],
      phone_number: ['0712345678', '0711000099'],
      country: ['KE', 'NG', 'UG', 'XX'],
      name: ['Wanjiru'],
      city: ['Nakuru'],
      pattern: ['ars', 'Chelsea'],
      type: ['silver', 'gold', 'bronze'],
      days: ['30', '1000'],
      slip: slipIds,
      slip_id: slipIds,
      amount: ['100', '50', '1000'],
      // Voucher codes (docs/PRODUCT-RULES.md R246, R247): well-formed but unknown, spaced, too short.
      voucher: ['482177301196', '4821 7730 1196', '123'],
      money_back: ['true', 'false'],
      refresh: ['x.y.z'],
      // Data rights (docs/PRODUCT-RULES.md R261, R262): the closing's confirmation word and a forged password proof.
      confirmation: ['DELETE', 'delete'],
      proof: [`v1.1.9999999999999.${'a'.repeat(64)}`],
      flagged: ['true'],
      reason: ['Customer called support'],
      premium: ['true', 'false'],
      status: ['approved', 'rejected'],
      role: ['user', 'tipster'],
      banned: ['false'],
      published: ['true'],
      title: ['Reading the odds'],
      content: ['<p>Decimal odds.</p>'],
      target: ['daraja.stkpush', 'flutterwave.payments'],
      count: ['1'],
      // The transparency log's query parameters (GET /api/log/...).
      index: ['0', '1', String(logSize - 1), String(logSize)],
      size: [String(logSize), '1', String(logSize + 1)],
      first: ['0', '1', String(logSize)],
      second: [String(logSize), '2'],
      start: ['0', String(logSize - 1)],
      end: [String(logSize), '1000'],
      before: [String(logSize), '1'],
      // Africa's Talking's USSD form fields (POST /api/ussd/africastalking; docs/PROVIDERS.md "Africa's Talking USSD").
      sessionId: ['ATUid_fuzz_1', 'ATUid_fuzz_2'],
      serviceCode: ['*384*123#'],
      phoneNumber: ['+254722000999', `+${m.sales.mpesa.msisdn}`, '+2348031234567'],
      networkCode: ['63902', '99999'],
      text: [
        '',
        '1',
        '1*1',
        '1*1*1',
        '1*9*9*0',
        '2',
        '2*1',
        '3',
        `3*${ussdCodeOf(m.slips.unsold)}`,
        `3*${ussdCodeOf(m.slips.unsold)}*1`,
        // "3 Pay with voucher" (docs/PRODUCT-RULES.md R278): asked, a malformed code, a code, back.
        `3*${ussdCodeOf(m.slips.unsold)}*3`,
        `3*${ussdCodeOf(m.slips.unsold)}*3*12345`,
        `3*${ussdCodeOf(m.slips.unsold)}*3*123456789012`,
        '1*1*3*0',
        '1*1*3*000000000000*1',
        '4*1*100',
        '4*2*1*123456',
        '0',
        '*'.repeat(40),
        'STOP',
        'stop all',
        'hello',
      ],
      // Incoming SMS fields (docs/PROVIDERS.md §3.7).
      from: ['+254711082300', '+2348031234567'],
      to: ['22384'],
      date: ['2026-12-05 08:30:00'],
      linkId: ['SampleLinkId123'],
    };
    // A live buyer-history code of the M-Pesa buyer, so GET /api/buyer/purchases answers with data too.
    await m.t.get(PhoneCodeService).send(m.sales.mpesa.phone, 'buyer');
    const [codeSms] = await m.t.ds.query(
      `SELECT body FROM sms_outbox WHERE to_msisdn = $1 AND purpose = 'buyer-code' ORDER BY id DESC LIMIT 1`,
      [m.sales.mpesa.msisdn],
    );
    valid.code.push((/(\d{6})/.exec(codeSms.body) as RegExpExecArray)[1]);
    // And a live data-rights code of the same buyer (docs/PRODUCT-RULES.md R261), so GET and DELETE /api/buyer/my-data answer with data too.
    await m.t.get(PhoneCodeService).send(m.sales.mpesa.phone, 'data');
    const [dataSms] = await m.t.ds.query(
      `SELECT body FROM sms_outbox WHERE to_msisdn = $1 AND purpose = 'data-code' ORDER BY id DESC LIMIT 1`,
      [m.sales.mpesa.msisdn],
    );
    valid.code.push((/(\d{6})/.exec(dataSms.body) as RegExpExecArray)[1]);
    ussdKey = config.ussd.callbackKey ?? '';
    bodyFields = {
      '/api/slip/create': ['tips', 'amount', 'money_back'],
      '/api/slip/quote': ['tips'],
      '/api/processor/buy': ['phone', 'slip', 'voucher'],
      '/api/processor/buy-flw': ['email', 'slip_id', 'voucher'],
      '/api/processor/buy-flw-ug': ['email', 'slip_id', 'voucher'],
      '/api/processor/buy-paybill': ['phone', 'slip'],
      // Daraja C2B validation and confirmation (docs/PROVIDERS.md "Daraja C2B"), reached with the real token too.
      '/api/processor/c2b/validation/{token}': [
        'TransactionType',
        'TransID',
        'TransTime',
        'TransAmount',
        'BusinessShortCode',
        'BillRefNumber',
        'InvoiceNumber',
        'OrgAccountBalance',
        'ThirdPartyTransID',
        'MSISDN',
        'FirstName',
      ],
      '/api/processor/c2b/confirmation/{token}': [
        'TransactionType',
        'TransID',
        'TransTime',
        'TransAmount',
        'BusinessShortCode',
        'BillRefNumber',
        'InvoiceNumber',
        'OrgAccountBalance',
        'ThirdPartyTransID',
        'MSISDN',
        'FirstName',
      ],
      '/api/finance/withdraw_request': ['phone_number'],
      '/sandbox/api/faults': ['target', 'count', 'status'],
      '/api/ussd/africastalking': [
        'sessionId',
        'serviceCode',
        'phoneNumber',
        'networkCode',
        'text',
      ],
      // Africa's Talking incoming SMS (docs/PROVIDERS.md §3.7), form fields.
      '/api/notifications/sms/inbound/{token}': [
        'from',
        'to',
        'text',
        'date',
        'id',
        'linkId',
        'networkCode',
      ],
    };
  });
  afterAll(() => m?.close());

  /** A value for parameter or field `name`: a seeded valid one (often) or anything. */
  const valueFor = (name: string): fc.Arbitrary<unknown> => {
    const known = valid[name];
    const typed = (v: string): unknown =>
      ['true', 'false'].includes(v)
        ? v === 'true'
        : /^\d+$/.test(v) && !['phone', 'phone_number', 'code'].includes(name)
          ? Number(v)
          : v;
    if (name === 'tips') {
      const games = m.games.slice(0, 5).map((g) => ({ game: Number(g.id), market: 1 }));
      return fc.oneof(
        fc.subarray(games, { minLength: 0 }),
        fc.array(fc.record({ game: anyValue, market: anyValue }, { requiredKeys: [] }), {
          maxLength: 6,
        }),
        anyValue,
      );
    }
    return known
      ? fc.oneof(
          { weight: 3, arbitrary: fc.constantFrom(...known).map(typed) },
          { weight: 2, arbitrary: anyValue },
        )
      : anyValue;
  };
  const pathValue = (name: string): fc.Arbitrary<string> =>
    fc.oneof(
      { weight: 4, arbitrary: fc.constantFrom(...(valid[name] ?? ['1'])).map(enc) },
      { weight: 3, arbitrary: text.map((s) => enc(s.slice(0, 3_000)) || 'x') },
      { weight: 2, arbitrary: fc.constantFrom(...RAW) },
      {
        weight: 1,
        arbitrary: fc
          .tuple(fc.constantFrom(...(valid[name] ?? ['1'])), fc.constantFrom(...RAW))
          .map(([v, r]) => enc(v) + r),
      },
    );

  /** The query string: declared and known keys, random keys, raw garbage. */
  const queryFor = (op: ApiOperation, resource?: string): fc.Arbitrary<string> => {
    const listFields = resource ? (resourceFields[resource]?.list ?? []) : [];
    const keys = [
      ...op.queryParams,
      'p',
      'page',
      'weekly',
      'all',
      'slug',
      'username',
      'account',
      'top',
      'home_team',
      'team_a',
      'tips',
      'tx_ref',
      'to',
    ];
    const jsonParam = fc.oneof(
      fc
        .tuple(
          fc.constantFrom(...(listFields.length ? listFields : ['id'])),
          fc.constantFrom('ASC', 'DESC', 'asc', 'up'),
        )
        .map((x) => JSON.stringify(x)),
      fc
        .tuple(fc.integer({ min: -5, max: 10_000 }), fc.integer({ min: -5, max: 100_000 }))
        .map((x) => JSON.stringify(x)),
      fc
        .dictionary(
          fc.constantFrom(
            ...listFields,
            'q',
            'id',
            ...listFields.flatMap((f) => [`${f}_gte`, `${f}_lte`]),
          ),
          anyValue,
          { maxKeys: 3 },
        )
        .map((x) => JSON.stringify(x)),
      anyValue.map((x) => JSON.stringify(x) ?? 'undefined'),
    );
    const pair = fc.oneof(
      {
        weight: 4,
        arbitrary: fc
          .tuple(
            fc.constantFrom(...keys),
            fc.oneof(text, fc.constantFrom('1', '2', '0', '-1', '1000000')),
          )
          .map(([k, v]) => `${k}=${enc(v.slice(0, 2_000))}`),
      },
      {
        weight: resource ? 4 : 0,
        arbitrary: fc
          .tuple(fc.constantFrom('sort', 'range', 'filter'), jsonParam)
          .map(([k, v]) => `${k}=${enc(v.slice(0, 4_000))}`),
      },
      {
        weight: 1,
        arbitrary: fc
          .tuple(text, text)
          .map(([k, v]) => `${enc(k.slice(0, 200))}=${enc(v.slice(0, 200))}`),
      },
      {
        weight: 1,
        arbitrary: fc
          .tuple(fc.constantFrom(...keys, 'sort', 'filter'), fc.constantFrom(...RAW))
          .map(([k, r]) => `${k}=${r}`),
      },
      {
        weight: 1,
        arbitrary: fc.constantFrom(
          '&',
          '=',
          '==',
          'a',
          '%FF=1',
          'p[]=1',
          'p=1&p=2',
          'filter=1&filter=2',
          '__proto__=1',
          'constructor[prototype][x]=1',
        ),
      },
    );
    const query = fc.oneof(
      { weight: 2, arbitrary: fc.constant('') },
      {
        weight: 3,
        arbitrary: fc.array(pair, { minLength: 1, maxLength: 4 }).map((p) => `?${p.join('&')}`),
      },
    );
    if (!op.queryParams.includes('key')) return query;
    return fc.oneof(
      { weight: 3, arbitrary: query.map((q) => `${q ? `${q}&` : '?'}key=${enc(ussdKey)}`) },
      { weight: 1, arbitrary: query },
    );
  };

  /** The body: an object over the route's fields (valid, wrong type, missing, extra) or a hostile payload. */
  const bodyFor = (
    op: ApiOperation,
    resource?: string,
  ): fc.Arbitrary<{ payload?: string | Buffer; contentType?: string; kind: string }> => {
    const fields = [
      ...Object.keys(op.bodySchema?.properties ?? {}),
      ...(bodyFields[op.path] ?? []),
      ...(resource ? (resourceFields[resource]?.body ?? []) : []),
    ];
    const names = fields.length ? [...new Set(fields)] : ['id', 'name', 'email', 'phone', 'code'];
    const object = fc
      .tuple(
        fc.record(Object.fromEntries(names.map((n) => [n, valueFor(n)])), { requiredKeys: [] }),
        fc.dictionary(
          fc.oneof(
            text,
            fc.constantFrom('__proto__', 'constructor', 'role', 'is_admin', 'user_id', 'price'),
          ),
          anyValue,
          { maxKeys: 2 },
        ),
      )
      .map(([known, extra]) => JSON.stringify({ ...extra, ...known }));
    return fc.oneof(
      { weight: 10, arbitrary: object.map((payload) => ({ payload, kind: 'object' })) },
      {
        weight: 2,
        arbitrary: anyValue.map((v) => ({
          payload: JSON.stringify(v) ?? 'null',
          kind: 'json value',
        })),
      },
      {
        weight: 1,
        arbitrary: fc
          .integer({ min: 20, max: 20_000 })
          .map((n) => ({ payload: '['.repeat(n) + ']'.repeat(n), kind: 'deep array' })),
      },
      {
        weight: 1,
        arbitrary: fc
          .integer({ min: 20, max: 5_000 })
          .map((n) => ({ payload: `${'{"a":'.repeat(n)}1${'}'.repeat(n)}`, kind: 'deep object' })),
      },
      {
        weight: 1,
        arbitrary: fc
          .constantFrom(
            '{',
            '{"a":}',
            "{'a':1}",
            '[1,]',
            'nul',
            '\u0000',
            '{"a":"\\ud800"}',
            '{"a":"\\u0000"}',
            '{"__proto__":{"x":1}}',
            '{"constructor":{"prototype":{"x":1}}}',
          )
          .map((payload) => ({ payload, kind: 'bad json' })),
      },
      {
        weight: 1,
        arbitrary: fc.uint8Array({ minLength: 1, maxLength: 64 }).map((bytes) => ({
          payload: Buffer.concat([
            Buffer.from('{"email":"'),
            Buffer.from(bytes),
            Buffer.from('"}'),
          ]),
          kind: 'invalid utf-8',
        })),
      },
      { weight: 1, arbitrary: fc.constant({ payload: '', kind: 'empty' }) },
      {
        weight: 2,
        arbitrary: fc
          .tuple(
            fc.constantFrom(
              'text/plain',
              'application/x-www-form-urlencoded',
              'multipart/form-data; boundary=xyz',
              'multipart/form-data',
              'application/xml',
              'image/png',
              'application/octet-stream',
              'application/json; charset=utf-16',
              'application/vnd.api+json',
              'APPLICATION/JSON',
              'application/json, text/plain',
              ';',
            ),
            fc.oneof(text, object),
          )
          .map(([contentType, payload]) => ({ payload, contentType, kind: `as ${contentType}` })),
      },
      { weight: 1, arbitrary: fc.constant({ payload: tooLarge, kind: 'over the body limit' }) },
      { weight: 2, arbitrary: fc.constant({ payload: undefined, kind: 'none' }) },
    );
  };

  /** Up to three hostile headers (a content-encoding the server does not speak only now and then). */
  const headersFor = (identity: Identity): fc.Arbitrary<Record<string, string>> => {
    const entry = (name: string, value: fc.Arbitrary<string>, weight = 3) => ({
      weight,
      arbitrary: value.map((v): [string, string] => [name, v]),
    });
    return fc
      .array(
        fc.oneof(
          entry(
            'x-forwarded-for',
            fc.oneof(
              headerText,
              fc.constantFrom(
                '1.2.3.4',
                '::1',
                '127.0.0.1, 10.0.0.1',
                'unknown',
                '999.999.999.999',
              ),
            ),
          ),
          entry(
            'cookie',
            fc.oneof(
              headerText.map((v) => `token=${v}`),
              headerText.map((v) => `refresh=${v}; token=`),
              headerText,
            ),
          ),
          entry('origin', fc.oneof(headerText, fc.constantFrom('https://evil.example', 'null'))),
          entry(
            'accept-encoding',
            fc.constantFrom('gzip', 'br', 'deflate', 'identity;q=0', 'x-unknown', '*'),
          ),
          entry('content-encoding', fc.constantFrom('gzip', 'br', 'x-unknown'), 1),
          entry('range', fc.constantFrom('bytes=0-1', 'bytes=-1', 'bytes=9999999-', 'items=0-1')),
          entry('if-none-match', headerText),
          entry('accept-language', headerText),
          entry('user-agent', headerText),
          entry(
            'accept',
            fc.oneof(
              fc.constantFrom('application/json', 'text/html', '*/*', 'application/xml'),
              headerText,
            ),
          ),
          entry(
            'authorization',
            identity === 'anonymous'
              ? fc.oneof(
                  headerText,
                  headerText.map((v) => `Bearer ${v}`),
                  fc.constantFrom(
                    'Bearer ',
                    'Basic YTpi',
                    'Bearer eyJhbGciOiJub25lIn0.eyJzdWIiOiIxIiwicm9sZSI6ImFkbWluIn0.',
                  ),
                )
              : fc.constant(''),
            identity === 'anonymous' ? 3 : 0,
          ),
        ),
        { maxLength: 3 },
      )
      .map((entries) => Object.fromEntries(entries.filter(([, v]) => v !== '')));
  };

  /** One fuzz case: an operation, an identity, and hostile path parameters, query, body and headers. */
  const caseArb = (): fc.Arbitrary<FuzzCase> =>
    fc.constantFrom(...ops).chain((op) => {
      const backoffice = op.path.startsWith('/api/backoffice');
      const identity = backoffice
        ? fc.constantFrom<Identity>('admin', 'admin', 'admin', 'tipster', 'user', 'anonymous')
        : fc.constantFrom<Identity>(...IDENTITIES);
      const params = fc.tuple(...op.pathParams.map((p) => pathValue(p)), fc.constant(0));
      return fc
        .tuple(identity, params, fc.constantFrom(...(valid.resource as string[])))
        .chain(([who, values, resource]) => {
          const named = op.pathParams.includes('resource')
            ? safeDecode(String(values[op.pathParams.indexOf('resource')]))
            : '';
          const chosen = backoffice
            ? valid.resource.includes(named)
              ? named
              : resource
            : undefined;
          const withBody = ['POST', 'PUT', 'PATCH', 'DELETE'].includes(op.method);
          return fc
            .tuple(
              queryFor(op, chosen),
              withBody
                ? bodyFor(op, chosen)
                : fc.constant({ payload: undefined, kind: 'none' } as {
                    payload?: string | Buffer;
                    contentType?: string;
                    kind: string;
                  }),
              headersFor(who),
            )
            .map(([query, body, headers]): FuzzCase => {
              let i = 0;
              const path = op.path
                .replace(/\{(\w+)\}/g, () => String(values[i++]))
                .replace('*', 'fuzz/key.png');
              const h = { ...headers };
              if (body.payload !== undefined)
                h['content-type'] = body.contentType ?? 'application/json';
              else if (withBody) delete h['content-encoding'];
              return {
                op: `${op.method} ${op.path}`,
                identity: who,
                method: op.method,
                url: path + query,
                headers: h,
                payload: body.payload,
                bodyKind: body.kind,
              };
            });
        });
    });

  /** Accounts whose session a case may have ended (logout, ban, password change): made again when needed. */
  const SESSION_ENDING =
    /logout|change-password|\/ban|\/unban|backoffice\/\{resource\}|token\/refresh|^DELETE \/api\/account$/;
  let identityResets = 0;
  const refreshIdentities = async (): Promise<void> => {
    for (const role of ['user', 'tipster', 'admin'] as const) {
      const res = await send(m.t, {
        method: 'GET',
        url: '/api/account/profile',
        token: identities[role].token,
      });
      if (res.status !== 200) {
        identities[role] = await createUser(m.t.ds, { role });
        identityResets++;
      }
    }
  };

  it(`never answers a 5xx, a stack trace or SQL (${RUNS} cases; FUZZ_RUNS for more)`, async () => {
    expect(ops.filter((o) => o.documented).length).toBeGreaterThanOrEqual(60);
    const failures = new Map<string, { c: FuzzCase; res: TestResponse; why: string }>();
    const statuses: Record<string, number> = {};
    const perOp: Record<string, number> = {};
    const bodyKinds: Record<string, number> = {};
    /** Routes whose bad value only PostgreSQL caught (the global filter's 400): each wants its own check. */
    const netCatches = new Set<string>();
    const started = Date.now();
    let cases = 0;
    await fc.assert(
      fc.asyncProperty(caseArb(), async (c) => {
        cases++;
        const token = c.identity === 'anonymous' ? undefined : identities[c.identity].token;
        const res = await send(m.t, {
          method: c.method,
          url: c.url,
          headers: c.headers,
          body: c.payload,
          token,
        });
        statuses[String(res.status)] = (statuses[String(res.status)] ?? 0) + 1;
        perOp[c.op] = (perOp[c.op] ?? 0) + 1;
        bodyKinds[c.bodyKind] = (bodyKinds[c.bodyKind] ?? 0) + 1;
        if (
          res.status === 400 &&
          (res.body as { message?: string } | undefined)?.message === INVALID_VALUE_MESSAGE
        )
          netCatches.add(c.op);
        const leak = leakedInternals(res.text);
        const why = res.status >= 500 ? `status ${res.status}` : leak ? `body shows ${leak}` : null;
        if (why) {
          const key = `${c.op} ${why}`;
          if (!failures.has(key)) failures.set(key, { c, res, why });
        }
        if (c.op === 'POST /sandbox/api/faults')
          await send(m.t, { method: 'DELETE', url: '/sandbox/api/faults' });
        if (SESSION_ENDING.test(c.op)) await refreshIdentities();
        return true;
      }),
      { numRuns: RUNS, seed: SEED, endOnFailure: true },
    );
    const seconds = ((Date.now() - started) / 1000).toFixed(0);
    const covered = Object.keys(perOp).length;
    console.log(
      `fuzz: ${cases} cases in ${seconds} s over ${covered} of ${ops.length} routes (${ops.filter((o) => o.documented).length} documented), seed ${SEED}; ` +
        `statuses ${JSON.stringify(statuses)}; bodies ${JSON.stringify(bodyKinds)}; identities re-created ${identityResets}; ` +
        `values only PostgreSQL refused (400) on ${netCatches.size ? [...netCatches].join(', ') : 'no route'}; failures ${failures.size}`,
    );
    const report = [...failures.values()].map(({ c, res, why }) => ({
      route: c.op,
      why,
      as: c.identity,
      request: `${c.method} ${c.url.slice(0, 300)}`,
      body: `${c.bodyKind}: ${String(c.payload ?? '').slice(0, 300)}`,
      headers: JSON.stringify(c.headers).slice(0, 300),
      answer: res.text.slice(0, 300),
    }));
    expect(report).toEqual([]);
    expect(cases).toBe(RUNS);
    expect(covered).toBeGreaterThanOrEqual(Math.min(ops.length, Math.floor(RUNS / 20)));
  });
});

import {
  MAX_JSON_DEPTH,
  NOT_UTF8_MESSAGE,
  NUL_MESSAGE,
  TOO_DEEP_MESSAGE,
} from '../../../src/common/validation/input-guards';
import { createUser, CreatedUser } from '../../factories/account';
import { dataDirWith, importFixtures, startReplay } from '../../factories/fixtures';
import { publishSlip, tippableGames } from '../../factories/slip';
import { createTestContext, TestContext } from '../../setup/test-app';
import { ApiOperation, fillPath, leakedInternals, openApiOperations, send } from './abuse-support';

jest.setTimeout(120_000);

const DATA_NOW = new Date('2026-04-20T12:00:00+03:00');

/** `[`×n `]`×n, optionally wrapped as the value of `field`. */
const deepArray = (n: number, field?: string): string => {
  const inner = '['.repeat(n) + ']'.repeat(n);
  return field ? `{"${field}":${inner}}` : inner;
};

/**
 * Hostile bodies, parameters and query strings that used to answer 500 (docs/RELIABILITY.md,
 * "Fuzz and abuse"): JSON nested 20,000 deep overflowed the validation pipe's stack; a NUL
 * character reached PostgreSQL, which refuses it in text. Both are refused with 400 in one place
 * (common/validation/input-guards.ts) before guards and handlers run.
 */
describe('hostile input: deep JSON, NUL, invalid UTF-8, huge strings', () => {
  let t: TestContext;
  let data: ReturnType<typeof dataDirWith>;
  let admin: CreatedUser;
  let user: CreatedUser;
  let slipId: number;
  let purchaseId: number;
  let ops: ApiOperation[];

  beforeAll(async () => {
    data = dataDirWith(['E0-2025-26.csv']);
    t = await createTestContext({
      listen: true,
      env: { FOOTBALL_DATA_DIR: data.dir, REPLAY_ANCHOR: '2026-04-20' },
    });
    await startReplay(t);
    await importFixtures(t);
    admin = await createUser(t.ds, { role: 'admin' });
    user = await createUser(t.ds, { name: 'Wanjiru', city: 'Nakuru' });
    const tipster = await createUser(t.ds, { role: 'tipster' });
    slipId = (
      await publishSlip(t, tipster.user.id, await tippableGames(t.ds, DATA_NOW, 3), { amount: 150 })
    ).id;
    const [row] = await t.ds.query(
      `INSERT INTO purchase (kind, slip_id, phone, amount, provider, code, status) VALUES ('slip', $1, '254712000901', '150', 'mpesa', 'HX0001', 'pending') RETURNING id`,
      [slipId],
    );
    purchaseId = Number(row.id);
    ops = await openApiOperations(t);
  });
  afterAll(async () => {
    await t?.close();
    data?.remove();
  });

  describe('JSON nested deeper than 32 levels', () => {
    /** Every operation of the OpenAPI document that takes a JSON body (the DTO-validated ones and the rest). */
    const jsonOps = () =>
      ops.filter(
        (o) =>
          ['POST', 'PUT', 'PATCH'].includes(o.method) &&
          !o.multipart &&
          !o.path.startsWith('/sandbox'),
      );

    it('covers the twelve DTO-validated body routes of the document', () => {
      const validated = jsonOps().filter((o) => o.bodySchema);
      expect(validated.length).toBeGreaterThanOrEqual(12);
    });

    it('is refused with 400 at parse time on every JSON route, logged in as admin or not', async () => {
      const seen: string[] = [];
      for (const op of jsonOps()) {
        const url = fillPath(op.path, {
          resource: 'purchases',
          id: String(purchaseId),
          phone: '0712000901',
          email: 'a@b.ng',
        });
        for (const body of [
          deepArray(20_000),
          `{"a":${'{"a":'.repeat(5_000)}1${'}'.repeat(5_001)}`,
        ]) {
          for (const token of [admin.token, undefined]) {
            const res = await send(t, { method: op.method, url, body, token });
            seen.push(`${op.method} ${op.path} ${res.status}`);
            expect({ op: `${op.method} ${op.path}`, status: res.status, body: res.body }).toEqual({
              op: `${op.method} ${op.path}`,
              status: 400,
              body: { message: TOO_DEEP_MESSAGE },
            });
          }
        }
      }
      expect(seen.length).toBeGreaterThanOrEqual(4 * 12);
    });

    it(`parses ${MAX_JSON_DEPTH} levels, refuses ${MAX_JSON_DEPTH + 1}; brackets inside strings do not count`, async () => {
      const at = await send(t, {
        method: 'POST',
        url: '/api/manage/search-games',
        body: deepArray(MAX_JSON_DEPTH - 1, 'pattern'),
      });
      expect(at).toMatchObject({
        status: 400,
        body: { pattern: expect.arrayContaining(['pattern must be text']) },
      });
      const over = await send(t, {
        method: 'POST',
        url: '/api/manage/search-games',
        body: deepArray(MAX_JSON_DEPTH, 'pattern'),
      });
      expect(over).toMatchObject({ status: 400, body: { message: TOO_DEEP_MESSAGE } });
      const password = `${'[{'.repeat(60)} \\" [`;
      const inString = await send(t, {
        method: 'POST',
        url: '/api/account/email-login',
        body: { email: 'nobody@example.com', password },
      });
      expect(inString).toMatchObject({
        status: 401,
        body: { message: 'Invalid email or password' },
      });
    });

    it('keeps the __proto__ and constructor.prototype refusal', async () => {
      const proto = await send(t, {
        method: 'POST',
        url: '/api/account/email-login',
        body: '{"email":"a@b.co","password":"x","__proto__":{"role":"admin"}}',
      });
      expect(proto.status).toBe(400);
      const ctor = await send(t, {
        method: 'POST',
        url: '/api/account/email-login',
        body: '{"constructor":{"prototype":{"role":"admin"}}}',
      });
      expect(ctor.status).toBe(400);
    });
  });

  describe('a NUL character', () => {
    const refused = (field: string) => ({
      status: 400,
      body: { message: `Invalid ${field}`, [field]: [NUL_MESSAGE] },
    });

    it.each([
      [
        'email-login',
        'POST',
        '/api/account/email-login',
        { email: 'wanjiru\u0000@example.com', password: 'correct-horse-42' },
        'email',
      ],
      ['search-games', 'POST', '/api/manage/search-games', { pattern: 'arsenal\u0000' }, 'pattern'],
      [
        'buy-flw',
        'POST',
        '/api/processor/buy-flw',
        { email: 'ade\u0000@example.ng', slip_id: 0 },
        'email',
      ],
      [
        'subscribe',
        'POST',
        '/api/processor/subscribe',
        { phone: '0712000902', type: 'silver\u0000', days: 30 },
        'type',
      ],
      ['a key of a body', 'POST', '/api/account/register', { 'user\u0000name': 'x' }, 'body'],
      [
        'a nested value',
        'POST',
        '/api/slip/create',
        { tips: [{ game: '1\u0000', market: 1 }], amount: 100 },
        'tips.0.game',
      ],
    ])('in the body of %s: 400 naming the field', async (_name, method, url, body, field) => {
      if (url === '/api/processor/buy-flw') (body as { slip_id: number }).slip_id = slipId;
      const res = await send(t, {
        method,
        url,
        body,
        token: url === '/api/slip/create' ? user.token : undefined,
      });
      expect(res).toMatchObject(refused(field));
    });

    it('in user/details: 400, and the stored details stay', async () => {
      const res = await send(t, {
        method: 'POST',
        url: '/api/account/user/details',
        token: user.token,
        body: { name: 'Wan\u0000jiru', city: 'Eldoret' },
      });
      expect(res).toMatchObject(refused('name'));
      const [row] = await t.ds.query(`SELECT name, city FROM app_user WHERE id = $1`, [
        user.user.id,
      ]);
      expect(row).toEqual({ name: 'Wanjiru', city: 'Nakuru' });
    });

    it('in a back-office PUT purchases: 400, and the purchase is not flagged', async () => {
      const res = await send(t, {
        method: 'PUT',
        url: `/api/backoffice/purchases/${purchaseId}`,
        token: admin.token,
        body: { flagged: true, reason: 'odd\u0000payment' },
      });
      expect(res).toMatchObject(refused('reason'));
      const [row] = await t.ds.query(`SELECT review_reason FROM purchase WHERE id = $1`, [
        purchaseId,
      ]);
      expect(row.review_reason).toBeNull();
    });

    it.each([
      ['find-slip phone', `/api/manage/find-slip/0712%00000901/HX0001`, 'phone'],
      ['find-slip code', `/api/manage/find-slip/0712000901/HX%000001`, 'code'],
      ['find-slip-ng email', `/api/manage/find-slip-ng/ade%00%40example.ng/MTIz`, 'email'],
      ['find-slip-ng id', `/api/manage/find-slip-ng/ade%40example.ng/MT%00Iz`, 'id'],
    ])('in a path parameter (%s, as %%00): 400', async (_name, url, field) => {
      expect(await send(t, { method: 'POST', url })).toMatchObject(refused(field));
    });

    it.each([
      ['a blog slug', 'GET', '/v2/api/manage/post?slug=news%00', 'slug', false],
      ['a page number', 'GET', '/api/finance/get_payments?p=1%00', 'p', true],
      ['a tipster page', 'GET', '/v2/api/tipster/data?p=%00', 'p', false],
      [
        'a back-office filter',
        'GET',
        `/api/backoffice/purchases?filter=${encodeURIComponent('{"q":"\u0000"}')}`,
        'filter',
        true,
      ],
      [
        'a back-office list',
        'GET',
        `/api/backoffice/users?sort=${encodeURIComponent('["id\u0000","ASC"]')}`,
        'sort',
        true,
      ],
    ])('in a query string (%s): 400', async (_name, method, url, field, auth) => {
      expect(await send(t, { method, url, token: auth ? admin.token : undefined })).toMatchObject(
        refused(field),
      );
    });
  });

  describe('what the provider would refuse is refused first (found by the fuzz: 502 before)', () => {
    it.each(['-1248756581', '0212345678', '254812345678'])(
      'buy and subscribe refuse %j, not an M-Pesa number, with 400',
      async (phone) => {
        expect(
          await send(t, {
            method: 'POST',
            url: '/api/processor/buy',
            body: { phone, slip: slipId },
          }),
        ).toMatchObject({
          status: 400,
          body: { message: 'Enter a valid phone number' },
        });
        expect(
          await send(t, {
            method: 'POST',
            url: '/api/processor/subscribe',
            body: { phone, type: 'silver', days: 30 },
          }),
        ).toMatchObject({
          status: 400,
          body: { message: expect.stringMatching(/valid phone number/i) },
        });
        const [{ n }] = await t.ds.query(
          `SELECT count(*)::int AS n FROM purchase WHERE phone NOT LIKE '2547%' AND phone NOT LIKE '2541%'`,
        );
        expect(n).toBe(0);
      },
    );

    it.each([2147483648, '2147483648', 9_007_199_254_740_991])(
      'buy, buy-flw and buy-flw-ug answer slip %j, past the int column, with 400',
      async (slip) => {
        for (const [url, body] of [
          ['/api/processor/buy', { phone: '0712000904', slip }],
          ['/api/processor/buy-flw', { email: 'ade@example.ng', slip_id: slip }],
          ['/api/processor/buy-flw-ug', { email: 'ade@example.ug', slip_id: slip }],
        ] as const) {
          expect(await send(t, { method: 'POST', url, body })).toMatchObject({
            status: 400,
            body: { message: 'Slip not found' },
          });
        }
      },
    );

    it.each([1762074827, 'not-an-email', 'a@b', `${'x'.repeat(250)}@example.ng`, null])(
      'buy-flw refuses the e-mail %j with 400',
      async (email) => {
        const res = await send(t, {
          method: 'POST',
          url: '/api/processor/buy-flw',
          body: { email, slip_id: slipId },
        });
        expect(res).toMatchObject({ status: 400, body: { message: 'Invalid Email' } });
        expect(
          await send(t, {
            method: 'POST',
            url: '/api/processor/buy-flw-ug',
            body: { email, slip_id: slipId },
          }),
        ).toMatchObject({ status: 400 });
      },
    );
  });

  describe('invalid UTF-8 and huge strings', () => {
    it('refuses a JSON body that is not UTF-8 with 400', async () => {
      const body = Buffer.concat([
        Buffer.from('{"email":"a'),
        Buffer.from([0xc3, 0x28, 0xff]),
        Buffer.from('@b.co","password":"x"}'),
      ]);
      expect(
        await send(t, { method: 'POST', url: '/api/account/email-login', body }),
      ).toMatchObject({ status: 400, body: { message: NOT_UTF8_MESSAGE } });
    });

    it.each([
      ['a path parameter', 'POST', '/api/manage/find-slip/0712000901/%C3%28%FF'],
      ['a profile name', 'GET', '/api/account/profile/%FF%FE'],
      ['a query value', 'GET', '/v2/api/manage/post?slug=%C3%28'],
      ['a query key', 'GET', '/v2/api/tipster/data?%FF=1'],
      ['a slip id', 'GET', '/api/slip/get/%E0%80%80'],
    ])(
      'answers %s with invalid UTF-8 with a 4xx or an empty result, never a 5xx',
      async (_name, method, url) => {
        const res = await send(t, { method, url });
        expect(res.status).toBeLessThan(500);
        expect(leakedInternals(res.text)).toBeUndefined();
      },
    );

    it('answers huge strings with a 4xx: 300 KB in each field, and more than the 1 MB body limit (413)', async () => {
      const huge = 'x'.repeat(300_000);
      for (const [url, body] of [
        ['/api/account/email-login', { email: `${huge}@example.com`, password: huge }],
        [
          '/api/account/register',
          { username: huge, email: `${huge}@example.com`, phone_number: huge, password: huge },
        ],
        ['/api/processor/buy', { phone: huge, slip: huge }],
        ['/api/processor/buy-flw', { email: `${huge}@example.ng`, slip_id: slipId }],
        ['/api/processor/subscribe', { phone: '0712000903', type: huge }],
        ['/api/manage/search-games', { pattern: huge }],
      ] as const) {
        const res = await send(t, { method: 'POST', url, body });
        expect([url, res.status >= 400 && res.status < 500 ? '4xx' : res.status]).toEqual([
          url,
          '4xx',
        ]);
      }
      const tooBig = await send(t, {
        method: 'POST',
        url: '/api/account/email-login',
        body: { email: 'x'.repeat(1_100_000) },
      });
      expect(tooBig.status).toBe(413);
      const longPath = await send(t, {
        method: 'POST',
        url: `/api/manage/find-slip/${'7'.repeat(8_000)}/${'A'.repeat(8_000)}`,
      });
      expect(longPath.status).toBeLessThan(500);
    });
  });
});

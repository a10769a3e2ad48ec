import { validateEnv } from '../../../src/config/env';
import type { TestResponse } from '../../setup/test-app';
import { nestRoutes, send } from './abuse-support';
import { Marketplace, seedMarketplace } from './marketplace-seed';

jest.setTimeout(180_000);

/**
 * Keys under which a tip carries its pick or its per-game odd (docs/PRODUCT-RULES.md R114,
 * find-slip rows, SMS-like shapes).
 */
const PICK_KEYS = [
  'market_type',
  'market',
  'market_id',
  'm_market',
  'tip',
  'Tip',
  'pick',
  'odd',
  'odds',
  'prediction',
];
/** Keys under which an object names the fixture it is about. */
const FIXTURE_KEYS = ['fixture', 'fixture_id', 'fixtureId', 'game', 'game_id', 'gameId'];
/** Routes never served in production (SandboxOffController answers every /sandbox path with 404 there). */
const DEV_ONLY = /^\/sandbox(\/|$)/;

interface Finding {
  url: string;
  what: string;
}

/**
 * Where an open slip's pick or per-game odd shows in a JSON value: any object naming one of
 * `fixtures` (by id) that also carries a pick key with a value.
 */
const picksIn = (value: unknown, fixtures: Set<string>, path = '$'): string[] => {
  const found: string[] = [];
  const stack: [unknown, string][] = [[value, path]];
  while (stack.length) {
    const [v, p] = stack.pop()!;
    if (v === null || typeof v !== 'object') continue;
    const o = v as Record<string, unknown>;
    const ref = FIXTURE_KEYS.map((k) => o[k]).find(
      (x) => (typeof x === 'number' || typeof x === 'string') && fixtures.has(String(x)),
    );
    if (ref !== undefined) {
      for (const k of PICK_KEYS)
        if (o[k] !== undefined && o[k] !== null) found.push(`${p}.${k} of fixture ${String(ref)}`);
    }
    for (const [k, child] of Object.entries(o)) stack.push([child, `${p}.${k}`]);
  }
  return found;
};

/** Fixture ids named anywhere in a JSON value (under one of FIXTURE_KEYS). */
const fixturesNamedIn = (value: unknown): string[] => {
  const ids: string[] = [];
  const stack: unknown[] = [value];
  while (stack.length) {
    const v = stack.pop();
    if (v === null || typeof v !== 'object') continue;
    for (const [k, child] of Object.entries(v as Record<string, unknown>)) {
      if (FIXTURE_KEYS.includes(k) && (typeof child === 'number' || typeof child === 'string'))
        ids.push(String(child));
      stack.push(child);
    }
  }
  return ids;
};

/**
 * The public-walk leak test (docs/RELIABILITY.md, "Fuzz and abuse"): with sales, a subscription, a
 * premium slip and slips on sale seeded through the real provider flows, every public GET route of
 * the Nest router (and the server-rendered pages) is walked as a visitor and as a logged-in user
 * who bought nothing. No response may show the pick or per-game odd of a slip that is not settled,
 * a password hash, a token or secret, or any account's or buyer's e-mail, phone, purchase code or receipt.
 */
describe('public walk: nothing secret reaches a visitor', () => {
  let m: Marketplace;
  let openFixtures: Set<string>;
  let settledFixtures: Set<string>;
  let secrets: string[];
  let teamsOfOpenTips: string[];

  beforeAll(async () => {
    m = await seedMarketplace();
    const open = await m.t.ds.query(
      `SELECT t.fixture_id::text AS fixture, f.home_team, f.away_team FROM tip t JOIN fixture f ON f.id = t.fixture_id WHERE t.slip_id = ANY($1)`,
      [m.openSlips],
    );
    openFixtures = new Set(open.map((r: { fixture: string }) => r.fixture));
    teamsOfOpenTips = open.map(
      (r: { home_team: string; away_team: string }) => `${r.home_team} v ${r.away_team} - `,
    );
    const settled = await m.t.ds.query(
      `SELECT fixture_id::text AS fixture FROM tip WHERE slip_id = $1`,
      [m.slips.settled],
    );
    settledFixtures = new Set(settled.map((r: { fixture: string }) => r.fixture));

    const env = validateEnv(process.env) as unknown as Record<string, unknown>;
    const configSecrets = [
      'JWT_ACCESS_SECRET',
      'JWT_REFRESH_SECRET',
      'MPESA_CONSUMER_SECRET',
      'MPESA_PASSKEY',
      'MPESA_CALLBACK_TOKEN',
      'FLW_SECRET_KEY',
      'FLW_SECRET_HASH',
      'AT_API_KEY',
      'AT_CALLBACK_TOKEN',
      'USSD_CALLBACK_KEY',
      'S3_SECRET_ACCESS_KEY',
    ]
      .map((k) => env[k])
      .filter((v): v is string => typeof v === 'string' && v.length >= 8);
    const people = [m.admin, m.tipster, m.otherTipster, m.settledTipster, m.user, m.banned];
    const phones = [
      ...people.map((p) => p.user.phoneNumber!),
      m.sales.mpesa.phone!,
      m.sales.subscription.phone!,
      '0799000111',
      '0722000303',
    ];
    const sales = Object.values(m.sales);
    secrets = [
      ...people.flatMap((p) => [p.user.email, p.token, p.refresh]),
      ...phones.flatMap((p) => [p, `254${p.slice(1)}`]),
      ...sales
        .flatMap((s) => [s.email, s.code, s.receipt, s.txRef])
        .filter((s): s is string => !!s),
      'SHRCODE01',
      'TKSHARE001',
      ...configSecrets,
    ];
    expect(secrets.length).toBeGreaterThan(30);
  });
  afterAll(() => m?.close());

  /** Every finding of one response: picks of open slips, hashes, tokens, secrets, the SMS form of a pick. */
  const inspect = (url: string, res: TestResponse): Finding[] => {
    const findings: Finding[] = [];
    const text = res.text;
    if (res.body !== undefined)
      for (const what of picksIn(res.body, openFixtures))
        findings.push({ url, what: `pick ${what}` });
    if (/\$argon2|password_?hash/i.test(text)) findings.push({ url, what: 'password hash' });
    if (/eyJ[\w-]{8,}\.eyJ[\w-]{8,}\./.test(text)) findings.push({ url, what: 'a JWT' });
    for (const s of secrets)
      if (text.includes(s)) findings.push({ url, what: `secret ${s.slice(0, 12)}…` });
    for (const s of teamsOfOpenTips)
      if (text.includes(s)) findings.push({ url, what: `pick line '${s}…'` });
    return findings;
  };

  /** The URLs of every public GET route, with each path parameter taken from the seeded data. */
  const publicUrls = (): { urls: string[]; routes: string[] } => {
    const usernames = [
      'amani_tips',
      'baraka_tips',
      'chebet_tips',
      'wanjiru_user',
      'ops_admin',
      'banned_user',
      'nobody_here',
    ];
    const slipIds = [...Object.values(m.slips), 999_999].map(String);
    const values: Record<string, string[]> = {
      username: usernames,
      id: slipIds,
      slipId: slipIds,
      gameId: m.games.map((g) => g.id),
      slug: [m.post.slug, 'no-such-post'],
      // A phone without a subscription: the premium panel's proof of ownership is checked elsewhere.
      phone: ['0722000999'],
      file: ['missing.webp'],
    };
    const listQueries = [
      '',
      '?p=1',
      '?p=2',
      '?top=1',
      '?home=1',
      '?tips=3',
      '?account=1',
      ...usernames.map((u) => `?username=${u}`),
      ...m.games
        .slice(0, 6)
        .flatMap((g) => [
          `?home_team=${encodeURIComponent(g.name.split(' v ')[0])}`,
          `?team_a=${encodeURIComponent(g.name.split(' v ')[1])}`,
        ]),
    ];
    const queries: Record<string, string[]> = {
      '/v2/api/slip/data': listQueries,
      '/v2/api/slip/data/': listQueries,
      '/v2/api/slip/data/finished': listQueries,
      '/v2/api/slip/data/finished/': listQueries,
      '/v2/api/tipster/data': ['', '?all=1', '?weekly=1', '?p=1'],
      '/v2/api/tipster/data/': ['', '?all=1&weekly=1'],
      '/v2/api/manage/post': ['', '?page=1', `?slug=${m.post.slug}`],
      '/v2/api/manage/post/': [''],
      // A buyer's history with the buyer's phone but no code of theirs (docs/PRODUCT-RULES.md R160).
      '/api/buyer/purchases': [
        '',
        `?phone=${m.sales.mpesa.phone}&code=000000`,
        `?phone=${m.sales.mpesa.msisdn}&code=${m.sales.mpesa.code}`,
      ],
    };
    const routes = nestRoutes(m.t).filter(
      (r) => r.isPublic && (r.method === 'GET' || r.method === 'ALL') && !DEV_ONLY.test(r.path),
    );
    const urls = new Set<string>();
    for (const r of routes) {
      const names = [...r.path.matchAll(/\{(\w+)\}/g)].map((x) => x[1]);
      let paths = [r.path];
      for (const name of names) {
        const options = values[name];
        if (!options)
          throw new Error(`no seeded values for {${name}} of ${r.path}: add them to the walk`);
        paths = paths.flatMap((p) =>
          options.map((v) => p.replace(`{${name}}`, encodeURIComponent(v))),
        );
      }
      for (const p of paths) for (const q of queries[r.path] ?? ['']) urls.add(p + q);
    }
    // Pages of the web app and documents served beside the API.
    for (const p of [
      '/',
      '/active_tips',
      '/finished_tips',
      '/profile/amani_tips',
      `/buy_tip/${m.slips.sold}`,
      '/api/docs-json',
      '/api/docs',
    ])
      urls.add(p);
    return { urls: [...urls], routes: routes.map((r) => `${r.method} ${r.path}`) };
  };

  it('finds the picks, hashes and secrets it looks for (the detectors are live)', async () => {
    const own = await send(m.t, {
      method: 'GET',
      url: `/api/slip/get/${m.slips.sold}`,
      token: m.tipster.token,
    });
    expect(inspect('own slip', own).some((f) => f.what.startsWith('pick '))).toBe(true);
    const settled = await send(m.t, { method: 'GET', url: `/api/slip/get/${m.slips.settled}` });
    expect(picksIn(settled.body, settledFixtures).length).toBeGreaterThan(0);
    const users = await send(m.t, {
      method: 'GET',
      url: '/api/backoffice/users',
      token: m.admin.token,
    });
    expect(inspect('users', users).some((f) => f.what.startsWith('secret '))).toBe(true);
    const buyerSms = await send(m.t, {
      method: 'GET',
      url: `/sandbox/api/phones/${m.sales.mpesa.msisdn}`,
    });
    expect(inspect('buyer inbox', buyerSms).some((f) => f.what.startsWith('pick line'))).toBe(true);
  });

  it.each([
    ['a visitor', undefined],
    ['a logged-in user who bought nothing', 'user'],
  ] as const)(
    'walks every public GET route as %s: no pick, odd, hash, token, e-mail or phone',
    async (_who, as) => {
      const { urls, routes } = publicUrls();
      expect(routes.length).toBeGreaterThanOrEqual(20);
      const token = as === 'user' ? m.user.token : undefined;
      const findings: Finding[] = [];
      const statuses: Record<string, number> = {};
      const shown = new Set<string>();
      for (const url of urls) {
        const res = await send(m.t, { method: 'GET', url, token });
        statuses[String(res.status)] = (statuses[String(res.status)] ?? 0) + 1;
        expect({ url, status: res.status < 500 }).toEqual({ url, status: true });
        findings.push(...inspect(url, res));
        for (const f of fixturesNamedIn(res.body)) if (openFixtures.has(f)) shown.add(f);
      }
      console.log(
        `public walk as ${_who}: ${urls.length} URLs over ${routes.length} public GET routes; statuses ${JSON.stringify(statuses)}; findings ${findings.length}`,
      );
      expect(findings).toEqual([]);
      // The open slips were on show (their games listed), only without their picks.
      expect([...shown].sort()).toEqual([...openFixtures].sort());
    },
  );

  it("does not show a subscriber's premium picks to a visitor who only knows the phone number", async () => {
    for (const phone of [m.sales.subscription.phone!, m.sales.subscription.msisdn!]) {
      const url = `/api/manage/get-subscription-slips/${phone}`;
      const res = await send(m.t, { method: 'GET', url });
      expect(inspect(url, res)).toEqual([]);
    }
  });
});

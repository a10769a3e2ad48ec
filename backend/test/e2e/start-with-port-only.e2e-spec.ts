import { mkdtempSync, rmSync } from 'fs';
import { join } from 'path';
import { REPO_ROOT } from '../../src/config/app-config';
import { ReplayClock } from '../../src/modules/fixtures/replay-clock.service';
import { createUser } from '../factories/account';
import { dataDirWith, importFixtures } from '../factories/fixtures';
import { publishSlip, setOdd, tippableGames } from '../factories/slip';
import { buildBackendIfStale, startProcess, TestProcess } from '../setup/processes';
import { eventually } from '../support/eventually';
import { createTestContext, deleteRedisKeys, freePort, TestContext } from '../setup/test-app';
import { TEST_REDIS_URL, testRunId, testStorageRoot } from '../setup/test-env';

jest.setTimeout(600_000);

const MAIN_JS = join(REPO_ROOT, 'backend', 'dist', 'main.js');

/** The built app started with exactly `env` (see startProcess). */
const startBuiltApp = (env: Record<string, string>): TestProcess =>
  startProcess('app', process.execPath, [MAIN_JS], env);

/**
 * `PORT` alone gives a working product (docs/PRODUCT-RULES.md R36, R37, R40): the built app started
 * with only PORT — plus its own scratch DATABASE_URL, REDIS_PREFIX and STORAGE_DIR so it collides
 * with nothing, and a small FOOTBALL_DATA_DIR so its boot-time fixtures import stays small — and no
 * PUBLIC_URL sells a slip through the M-Pesa sandbox (STK prompt accepted on the sandbox phone,
 * picks SMS in its inbox) and through a Flutterwave checkout, and every link it hands out
 * (checkout, SMS, e-mail, sitemap, robots, avatars) is on that port. Before PUBLIC_URL followed
 * PORT, the provider clients called http://localhost:3000 and the buy answered 502 'M-Pesa request
 * failed. Try again'.
 */
describe('the built app started with PORT alone', () => {
  let data: ReturnType<typeof dataDirWith>;
  let prep: TestContext;
  let server: TestProcess | undefined;
  let storageDir: string;
  let base: string;
  let origin: string;
  let slipId: number;
  const prefixes: string[] = [];

  beforeAll(async () => {
    buildBackendIfStale();

    // The database: migrated (template clone), some real fixtures and one slip on sale, prepared
    // by the in-process app, which then stops before the built app starts on the same database.
    data = dataDirWith(['E0-2025-26.csv']);
    prep = await createTestContext({ env: { FOOTBALL_DATA_DIR: data.dir } });
    prefixes.push(prep.redisPrefix);
    await importFixtures(prep);
    const { dataNow } = await prep.get(ReplayClock).frame();
    const games = await tippableGames(prep.ds, new Date(dataNow.getTime() + 3 * 3600_000), 3);
    for (const g of games) await setOdd(prep.ds, g.id, 1, '2.00');
    const tipster = await createUser(prep.ds, {
      username: `port_only_${Date.now().toString(36)}`,
      role: 'tipster',
    });
    await prep.ds.query(`UPDATE app_user SET avatar_file = $2 WHERE id = $1`, [
      tipster.user.id,
      '00000000-0000-4000-8000-000000000001.webp',
    ]);
    slipId = (await publishSlip(prep, tipster.user.id, games, { amount: 100 })).id;
    await prep.app.close();

    const port = await freePort();
    const redisPrefix = `test-${testRunId()}-port-only-${port}`;
    prefixes.push(redisPrefix);
    storageDir = mkdtempSync(join(testStorageRoot(), 'port-only-'));
    base = `http://127.0.0.1:${port}`;
    origin = `http://localhost:${port}`;
    server = startBuiltApp({
      PORT: String(port),
      DATABASE_URL: prep.db.url,
      REDIS_URL: TEST_REDIS_URL,
      REDIS_PREFIX: redisPrefix,
      STORAGE_DIR: storageDir,
      FOOTBALL_DATA_DIR: data.dir,
    });
    await eventually(async () => (await fetch(`${base}/api/health`)).ok, {
      timeoutMs: 180_000,
      intervalMs: 250,
      what: 'the app answers /api/health',
    }).catch((err) => {
      throw new Error(`${err.message}\n${server?.output().slice(-3000)}`);
    });
  });

  afterAll(async () => {
    await server?.stop();
    await prep?.db.drop();
    for (const prefix of prefixes) await deleteRedisKeys(prefix);
    if (prep) rmSync(prep.storageDir, { recursive: true, force: true });
    if (storageDir) rmSync(storageDir, { recursive: true, force: true });
    data?.remove();
  });

  const post = (path: string, body: unknown) =>
    fetch(`${base}${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
  const getJson = async (path: string) => (await fetch(`${base}${path}`)).json();

  it('logs no PUBLIC_URL warning: the default follows PORT', () => {
    expect(server!.output()).toContain('marketplace (all) on');
    expect(server!.output()).not.toContain('differs from PORT');
  });

  it('Kenya: buy → STK prompt on the sandbox phone → accept → M-Pesa and picks SMS, whose link is on this port', async () => {
    const local = `07${String(Date.now()).slice(-8)}`;
    const msisdn = `254${local.slice(1)}`;
    const buy = await post('/api/processor/buy', { phone: local, slip: slipId });
    expect({ status: buy.status, body: await buy.json() }).toEqual({
      status: 200,
      body: { message: 'Request Sent' },
    });

    const prompt = await eventually(
      async () => (await getJson(`/sandbox/api/phones/${msisdn}`)).prompts[0],
      { timeoutMs: 60_000, intervalMs: 250, what: 'the STK prompt on the phone' },
    );
    expect(prompt).toMatchObject({ amount: '100.00', transactionDesc: `Slip ${slipId}` });
    const accepted = await post(
      `/sandbox/api/phones/${msisdn}/prompts/${prompt.checkoutRequestId}/accept`,
      { pin: '1234' },
    );
    expect(accepted.status).toBe(200);

    const messages: { from: string; body: string }[] = await eventually(
      async () => {
        const inbox = (await getJson(`/sandbox/api/phones/${msisdn}`)).messages as {
          from: string;
          body: string;
        }[];
        return inbox.some((m) => m.body.startsWith(`Slip ${slipId} `)) ? inbox : null;
      },
      { timeoutMs: 60_000, intervalMs: 250, what: 'the picks SMS in the inbox' },
    );
    expect(messages.find((m) => m.from === 'MPESA')?.body).toMatch(
      /^[A-Z0-9]{10} Confirmed\. Ksh100\.00 sent to/,
    );
    const picks = messages.find((m) => m.body.startsWith(`Slip ${slipId} `))!.body;
    expect(picks).toContain('Total odds 8.00');
    expect(picks).toContain(`${origin}/find_tip`);
  });

  it('Nigeria: buy-flw → a checkout link on this port → Pay → back on /find_tip_ng, paid, picks e-mailed with links on this port', async () => {
    const email = `ada-${Date.now().toString(36)}@example.ng`;
    const res = await post('/api/processor/buy-flw', { email, slip_id: slipId });
    expect(res.status).toBe(200);
    const { link } = (await res.json()) as { link: string };
    expect(link.startsWith(`${origin}/sandbox/flutterwave/pay/`)).toBe(true);

    const checkout = await fetch(link.replace(origin, base));
    expect(checkout.status).toBe(200);
    expect(await checkout.text()).toContain('NGN');
    const paid = await fetch(`${link.replace(origin, base)}/pay`, {
      method: 'POST',
      redirect: 'manual',
    });
    expect(paid.status).toBe(303);
    const back = new URL(paid.headers.get('location')!);
    expect(`${back.origin}${back.pathname}`).toBe(`${origin}/find_tip_ng`);
    expect(back.searchParams.get('status')).toBe('successful');
    const txRef = back.searchParams.get('tx_ref')!;

    const found = await eventually(
      async () => {
        const r = await post(
          `/api/manage/find-slip-ng/${encodeURIComponent(email)}/${encodeURIComponent(Buffer.from(txRef).toString('base64'))}`,
          {},
        );
        return r.status === 200 ? ((await r.json()) as unknown[]) : null;
      },
      { timeoutMs: 60_000, intervalMs: 250, what: 'find-slip-ng answers the paid purchase' },
    );
    expect(found).toHaveLength(3);
    const mail = await eventually(
      async () =>
        (
          (await getJson(`/sandbox/api/mail?to=${encodeURIComponent(email)}`)) as {
            text: string | null;
          }[]
        ).find((m) => m.text?.includes(`Slip ${slipId} `)),
      { timeoutMs: 60_000, intervalMs: 250, what: 'the picks e-mail' },
    );
    expect(mail.text).toContain(`${origin}/`);
    expect(mail.text).not.toContain('localhost:3000');
  });

  it('sitemap.xml, robots.txt and avatar URLs are on this port', async () => {
    const robots = await (await fetch(`${base}/robots.txt`)).text();
    expect(robots).toContain(`Sitemap: ${origin}/sitemap.xml`);
    const sitemap = await (await fetch(`${base}/sitemap.xml`)).text();
    expect(sitemap).toContain(`<loc>${origin}/</loc>`);
    expect(sitemap).not.toContain('localhost:3000');
    const list = (await getJson('/v2/api/slip/data/?p=1')) as {
      results: { id: number; meta: { profile_image: string | null } }[];
    };
    expect(list.results.find((s) => s.id === slipId)?.meta.profile_image).toBe(
      `${origin}/media/avatars/00000000-0000-4000-8000-000000000001.webp`,
    );
  });

  it('a PUBLIC_URL on another port than PORT, with the sandboxes on, is a boot warning naming both', async () => {
    const port = await freePort();
    const redisPrefix = `test-${testRunId()}-port-only-${port}`;
    prefixes.push(redisPrefix);
    const other = startBuiltApp({
      PORT: String(port),
      PUBLIC_URL: 'http://localhost:3000',
      ROLE: 'api',
      DATABASE_URL: prep.db.url,
      REDIS_URL: TEST_REDIS_URL,
      REDIS_PREFIX: redisPrefix,
      STORAGE_DIR: storageDir,
      FOOTBALL_DATA_DIR: data.dir,
    });
    try {
      await eventually(async () => other.output().includes('marketplace (api) on'), {
        timeoutMs: 180_000,
        intervalMs: 250,
        what: 'the app starts',
      });
      // The warning goes through the buffered logger, the start line straight to stdout: it may print after it.
      const warning = `PUBLIC_URL http://localhost:3000 (port 3000) differs from PORT ${port} while the sandboxes are on`;
      await eventually(async () => other.output().includes(warning), {
        timeoutMs: 30_000,
        intervalMs: 250,
        what: 'the boot warning',
      }).catch(() => undefined);
      expect(other.output()).toContain(warning);
    } finally {
      await other.stop();
    }
  });
});

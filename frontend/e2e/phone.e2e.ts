import { mkdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import pg from 'pg';
import { LoginDialog } from './pages/AccountDialogs';
import { SitePage } from './pages/SitePage';
import {
  finishedSlip,
  getJson,
  slipsOnSale,
  uniqueEmail,
  uniqueKenyanPhone,
  type ApiSlipPage,
} from './support/seeded';

/*
 * Phones (docs/PRODUCT-RULES.md "Public web app"): at 360×740 and 390×844 no page of the site
 * scrolls sideways — every public route and every back-office page of a tipster with the seed's
 * slips and sales — the leaderboard shows each tipster's rating, profit and ROI, and the profile's
 * stat values are shown whole, its profit the tipster's all-time figure (the records endpoint's,
 * whatever the number of finished slips) at 360 px. Screenshots of the list pages at 360 px go to the test's output
 * folder (test-results) for a look by eye.
 */

const VIEWPORTS = [
  { width: 360, height: 740 },
  { width: 390, height: 844 },
] as const;

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..', '..');

interface Leader {
  username: string;
}

/** The seeded tipster at the top of the leaderboard: the one with the most history (settled slips, sales). */
const topTipster = async (request: APIRequestContext): Promise<string> => {
  const board = await getJson<{ results: Leader[] }>(
    request,
    '/v2/api/tipster/data/?all=1&weekly=0',
  );
  expect(board.results.length, 'the seed ranks tipsters').toBeGreaterThan(0);
  return board.results[0].username;
};

/** Every public page path of docs/PRODUCT-RULES.md R95 with real ids from the seed. */
const publicRoutes = async (request: APIRequestContext): Promise<string[]> => {
  const tipster = await topTipster(request);
  const [slip] = await slipsOnSale(request);
  const jackpots = await getJson<{ data: { slug?: string; name?: string }[] }>(
    request,
    '/api/jackpot/get-all-jackpots',
  );
  const posts = await getJson<{ results: { slug: string }[] }>(request, '/v2/api/manage/post/');
  const u = encodeURIComponent(tipster);
  const routes = [
    '/',
    '/active_tips',
    '/active_tips?type=top',
    `/active_tips/${u}`,
    `/profile/${u}`,
    `/profile/finished_tips/${u}`,
    `/profile/active_tips/${u}`,
    '/finished_tips',
    `/finished_tips/${u}`,
    '/top_tipsters',
    '/top_tipsters?type=weekly',
    '/jackpot',
    '/jackpot-history',
    '/how-ratings-work',
    '/verify',
    `/verify?slip=${slip.id}`,
    `/buy_tip/${slip.id}`,
    `/buy_tip_ng/${slip.id}`,
    `/buy_tip_ug/${slip.id}`,
    `/select-country/${slip.id}`,
    '/find_tip',
    '/find_tip_ng',
    '/subscriptions',
    '/responsible-gambling',
    '/blog',
    '/email-verification/not-a-code',
    '/change_password/not-a-token',
    '/no-such-page',
  ];
  const jackpot = jackpots.data.find((j) => j.slug)?.slug;
  if (jackpot) routes.push(`/jackpot/${encodeURIComponent(jackpot)}`);
  expect(posts.results.length, 'the seed has blog posts').toBeGreaterThan(0);
  routes.push(`/blog/${encodeURIComponent(posts.results[0].slug)}`);
  return routes;
};

/** Waits until the page has its data: no request in flight and no loading indicator left. */
const settled = async (page: Page): Promise<void> => {
  await page.waitForLoadState('networkidle');
  // The back office is a lazily loaded chunk: wait for its content area to fill, then for its data.
  if (new URL(page.url()).pathname.startsWith('/dashboard')) {
    await expect(page.locator('#main-content')).not.toBeEmpty();
    await page.waitForLoadState('networkidle');
  }
  await expect(page.getByRole('progressbar')).toHaveCount(0);
  await expect(page.locator('.MuiSkeleton-root')).toHaveCount(0);
  await page.waitForLoadState('networkidle');
};

/**
 * What scrolls sideways on `path` at the current viewport: the document when
 * `document.documentElement.scrollWidth > innerWidth`, and any box of the page that scrolls
 * sideways inside it (a table in an overflow-x container hides its Price and Buy columns off to
 * the right just the same), and text or controls that end past the right edge of the screen
 * (cut off by a container that hides its overflow).
 */
const sidewaysOverflow = async (page: Page, path: string): Promise<string[]> => {
  await page.goto(path);
  await settled(page);
  // A mobile browser widens its layout viewport (innerWidth) to fit content wider than the screen
  // and zooms out, so the page is also measured against the screen's own width.
  const screenWidth = page.viewportSize()!.width;
  return page.evaluate((screen) => {
    const found: string[] = [];
    const doc = document.documentElement;
    const width = Math.min(window.innerWidth, screen);
    if (window.innerWidth > screen)
      found.push(`layout viewport widened to ${window.innerWidth}px on a ${screen}px screen`);
    if (doc.scrollWidth > width) found.push(`document: ${doc.scrollWidth}px in ${width}px`);
    for (const el of Array.from(document.body.querySelectorAll<HTMLElement>('*'))) {
      const overflowX = getComputedStyle(el).overflowX;
      if (
        (overflowX === 'auto' || overflowX === 'scroll') &&
        el.clientWidth > 0 &&
        el.scrollWidth > el.clientWidth + 1
      ) {
        const name =
          el.getAttribute('aria-label') ??
          el.querySelector('[aria-label]')?.getAttribute('aria-label') ??
          el.className.toString().slice(0, 60);
        found.push(
          `${el.tagName.toLowerCase()} "${name}": ${el.scrollWidth}px in ${el.clientWidth}px`,
        );
      }
    }
    // Content cut off at the right edge by a container that hides its overflow (no scrollbar at all).
    const cut = new Set<string>();
    for (const el of Array.from(document.body.querySelectorAll<HTMLElement>('*'))) {
      const hasText = Array.from(el.childNodes).some(
        (n) => n.nodeType === Node.TEXT_NODE && n.textContent!.trim() !== '',
      );
      if (!hasText && !['IMG', 'BUTTON', 'svg', 'INPUT'].includes(el.tagName)) continue;
      if (!el.checkVisibility({ opacityProperty: true, visibilityProperty: true })) continue;
      const rect = el.getBoundingClientRect();
      if (rect.width > 0 && rect.right > width + 1) {
        cut.add(
          `"${(el.textContent ?? el.tagName).trim().slice(0, 30)}" ends at ${Math.round(rect.right)}px`,
        );
      }
    }
    if (cut.size)
      found.push(
        `cut off at the right: ${[...cut].slice(0, 3).join(', ')}${cut.size > 3 ? ` and ${cut.size - 3} more` : ''}`,
      );
    return found;
  }, screenWidth);
};

/** Asserts nothing on the pages `paths` scrolls sideways (see sidewaysOverflow), naming every page and box that does. */
const expectNoSidewaysScroll = async (page: Page, paths: string[]): Promise<void> => {
  const wide: string[] = [];
  for (const path of paths) {
    for (const what of await sidewaysOverflow(page, path)) wide.push(`${path} ${what}`);
  }
  expect(wide, 'pages wider than the phone').toEqual([]);
};

/**
 * A seeded tipster the test can log in as: the seed's demo accounts have no usable password, so
 * the test registers a throwaway account and gives its password hash to the tipster (in the
 * server's database, E2E_DATABASE_URL), then logs in with the tipster's e-mail.
 */
const seededTipsterLogin = async (
  request: APIRequestContext,
  username: string,
): Promise<{ email: string; password: string }> => {
  const databaseUrl = process.env.E2E_DATABASE_URL;
  if (!databaseUrl)
    throw new Error('E2E_DATABASE_URL is not set (run through node scripts/test.mjs --e2e)');
  const password = 'phone-pass-123';
  const email = uniqueEmail('phone');
  const throwaway = email
    .split('@')[0]
    .replace(/[^A-Za-z0-9_.]/g, '_')
    .slice(0, 30);
  const registered = await request.post('/api/account/register', {
    data: { username: throwaway, email, phone_number: uniqueKenyanPhone().local, password },
  });
  expect(registered.status(), await registered.text()).toBe(201);
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const { rows } = await client.query(
      `UPDATE app_user t SET password_hash = s.password_hash
         FROM app_user s WHERE lower(s.email) = lower($1) AND lower(t.username) = lower($2)
       RETURNING t.email`,
      [email, username],
    );
    expect(rows.length, `seeded tipster ${username} found`).toBe(1);
    return { email: rows[0].email, password };
  } finally {
    await client.end();
  }
};

const screenshot = async (page: Page, name: string): Promise<void> => {
  const dir = join(ROOT, 'frontend', 'test-results', 'phone-screens');
  mkdirSync(dir, { recursive: true });
  await page.screenshot({ path: join(dir, `${name}.png`) });
};

// No trace files (as backoffice.e2e.ts): parallel runs share frontend/test-results.
test.use({ trace: 'off' });

for (const viewport of VIEWPORTS) {
  test.describe(`${viewport.width}×${viewport.height}`, () => {
    test.use({ viewport });

    test('no public page scrolls sideways', async ({ page, request }) => {
      test.slow();
      const routes = await publicRoutes(request);
      await page.goto('/');
      await new SitePage(page).acceptCookies();
      await expectNoSidewaysScroll(page, routes);
    });

    test('the leaderboard row shows rating, profit and ROI; the profile stat values are whole', async ({
      page,
      request,
    }) => {
      const tipster = await topTipster(request);
      await page.goto('/');
      await new SitePage(page).acceptCookies();
      await page.goto('/top_tipsters');
      await settled(page);
      const row = page
        .getByRole('listitem')
        .filter({ has: page.getByRole('link', { name: tipster, exact: true }) })
        .first();
      await expect(row).toBeVisible();
      for (const term of ['Rating', 'Profit', 'ROI']) {
        const value = row
          .locator('dt', { hasText: term })
          .locator('xpath=following-sibling::dd[1]');
        await expect(value).toBeInViewport();
        await expect(value).toHaveText(/\d/);
      }
      await expect(row.locator('dd').first()).toHaveText(/^\d+(\.\d+)?%$/);
      if (viewport.width === 360) await screenshot(page, 'leaderboard-360');

      await page.goto(`/profile/${encodeURIComponent(tipster)}`);
      await settled(page);
      const stats = page.locator('dl[aria-label="Tipster statistics"] dd');
      await expect(stats).toHaveCount(5);
      const cut = await stats.evaluateAll((dds) =>
        dds
          .filter((dd) => dd.scrollWidth > dd.clientWidth)
          .map((dd) => `${dd.textContent}: ${dd.scrollWidth} > ${dd.clientWidth}`),
      );
      expect(cut, 'stat values cut off').toEqual([]);
      for (const dd of await stats.all()) await expect(dd).not.toHaveText(/…/);
      if (viewport.width === 360) {
        // The card's profit is the tipster's all-time figure: the records endpoint's, as the Record section below shows it.
        const record = await getJson<{ settled: number; profit_units: number; roi: number }>(
          request,
          `/api/records/tipster/${encodeURIComponent(tipster)}`,
        );
        const finished = await getJson<{ count: number }>(
          request,
          `/v2/api/slip/data/finished/?username=${encodeURIComponent(tipster)}`,
        );
        const signed = `${record.profit_units > 0 ? '+' : ''}${record.profit_units.toFixed(2)}`;
        const profit = page
          .locator('dl[aria-label="Tipster statistics"]')
          .locator('dt', { hasText: 'Profit' })
          .locator('xpath=following-sibling::dd[1]');
        await expect(
          profit,
          `${tipster}: ${record.settled} settled of ${finished.count} finished slips`,
        ).toHaveText(signed);
        await expect(profit).toBeInViewport();
        const recordProfit = page
          .getByLabel('Record summary')
          .locator('dt', { hasText: /^Profit$/ })
          .locator('xpath=following-sibling::dd[1]');
        await expect(recordProfit).toHaveText(`${signed} units`);
        await expect(page.getByTestId('profit-chart')).toHaveAttribute(
          'aria-label',
          new RegExp(
            `^Profit over time: ${signed.replace('+', '\\+')} units after ${record.settled} settled tips`,
          ),
        );
        await screenshot(page, 'profile-360');
        await page.goto(`/active_tips/${encodeURIComponent(tipster)}`);
        await settled(page);
        await screenshot(page, 'active-tips-of-360');
      }
    });

    test('no back-office page of a tipster with slips and sales scrolls sideways', async ({
      page,
      request,
    }) => {
      test.slow();
      const tipster = await topTipster(request);
      const account = await seededTipsterLogin(request, tipster);
      const site = new SitePage(page);
      await page.goto('/');
      await site.acceptCookies();
      await site.loginButton.click();
      await new LoginDialog(page).login(account.email, account.password);
      await expect(site.accountButton).toBeVisible();
      const u = encodeURIComponent(tipster);
      const own = await getJson<ApiSlipPage>(request, `/v2/api/slip/data/finished/?username=${u}`);
      expect(own.results.length, 'the tipster has settled slips').toBeGreaterThan(0);
      await expectNoSidewaysScroll(page, [
        '/profile',
        '/account_settings',
        '/dashboard',
        '/dashboard/add_tips',
        '/dashboard/earnings',
        '/dashboard/withdraw',
        '/dashboard/slips',
        '/dashboard/withdrawals',
        `/dashboard/active_tips/${u}`,
        `/dashboard/finished_tips/${u}`,
      ]);
      if (viewport.width === 360) {
        await page.goto(`/dashboard/finished_tips/${u}`);
        await settled(page);
        await screenshot(page, 'dashboard-finished-tips-360');
      }
    });
  });
}

test.describe('phone menu and home page', () => {
  test.use({ viewport: { width: 360, height: 740 } });

  test('the phone menu reaches Finished Tips, Subscriptions and the Blog', async ({ page }) => {
    const site = new SitePage(page);
    await page.goto('/');
    await site.acceptCookies();
    for (const [label, path, heading] of [
      ['Finished Tips', '/finished_tips', /Finished/],
      ['Subscriptions', '/subscriptions', /Subscri/],
      ['Blog', '/blog', /Blog/],
    ] as const) {
      await site.menuButton.click();
      await site.mobileMenu.getByRole('link', { name: label, exact: true }).click();
      await expect(page).toHaveURL(new RegExp(`${path}$`));
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(heading);
    }
    // The blog page lists the posts with their thumbnails, served by the app.
    const firstPost = page.getByRole('list', { name: 'Blog posts' }).getByRole('link').first();
    await expect(firstPost).toBeVisible();
    const thumbnail = firstPost.locator('img');
    await expect(thumbnail).toHaveJSProperty('complete', true);
    expect(await thumbnail.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(
      0,
    );
  });

  test('the home page links to the recent blog posts', async ({ page, request }) => {
    const posts = await getJson<{ results: { slug: string; title: string }[] }>(
      request,
      '/v2/api/manage/post/',
    );
    await page.goto('/');
    await new SitePage(page).acceptCookies();
    const section = page.getByRole('region', { name: 'Latest from the blog' });
    await section.scrollIntoViewIfNeeded();
    const newest = section.getByRole('link', {
      name: new RegExp(posts.results[0].title.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')),
    });
    await expect(newest).toBeVisible();
    await expect(newest.locator('img')).toHaveAttribute('src', /^\/images\/blog\//);
    await newest.click();
    await expect(page).toHaveURL(new RegExp(`/blog/${posts.results[0].slug}$`));
  });
});

test.describe('/verify at 360×740: the transparency log', () => {
  test.use({ viewport: { width: 360, height: 740 } });

  /** Waits until the worker has signed and time-stamped a tree head containing `slipId` (at boot, then every minute). */
  const underSignedHead = async (request: APIRequestContext, slipId: number): Promise<void> => {
    await expect
      .poll(
        async () => {
          const res = await request.get(`/api/log/proof/inclusion?slip=${slipId}`);
          return res.ok() ? Boolean((await res.json()).tree_head?.timestamp) : false;
        },
        { timeout: 150_000, intervals: [1_000, 2_000, 5_000] },
      )
      .toBe(true);
  };

  test('a slip on sale: log entry, inclusion proof, signature, timestamp and before kick-off, verified in the browser', async ({
    page,
    request,
  }) => {
    const [slip] = await slipsOnSale(request);
    await underSignedHead(request, slip.id);
    await page.goto(`/verify?slip=${slip.id}`);
    const log = page.getByTestId('log-check');
    await expect(log.getByTestId('log-check-item')).toHaveCount(5);
    for (const label of [
      'Log entry',
      'Inclusion proof',
      'Tree head signature',
      'Timestamp',
      'Before kick-off',
    ]) {
      await expect(log.getByText(`${label}: verified`)).toBeVisible();
    }
    await expect(log.getByTestId('log-time')).toContainText('Nairobi time');
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
      360,
    );
    const accept = page.getByRole('button', { name: 'Accept' });
    if (await accept.isVisible()) await accept.click(); // the cookie notice would cover the checks
    await log.scrollIntoViewIfNeeded();
    await screenshot(page, 'verify-log-on-sale-360');
  });

  test('a finished slip logged after its games: the four checks verified, the kick-off one a warning', async ({
    page,
    request,
  }) => {
    const slip = await finishedSlip(request, 'W');
    await underSignedHead(request, slip.id);
    await page.goto(`/verify?slip=${slip.id}`);
    await expect(page.getByTestId('verify-result')).toContainText('Match');
    const log = page.getByTestId('log-check');
    for (const label of ['Log entry', 'Inclusion proof', 'Tree head signature', 'Timestamp']) {
      await expect(log.getByText(`${label}: verified`)).toBeVisible();
    }
    // The seed's history was logged when the seed ran, after those games: the log cannot vouch for kick-off.
    await expect(log.getByText('Before kick-off: not shown')).toBeVisible();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
      360,
    );
    await log.scrollIntoViewIfNeeded();
    await screenshot(page, 'verify-log-finished-360');
  });
});

import { expect, test, type Response } from '@playwright/test';
import { firstSeen, throttle, watchFirstSeen } from './support/slow-phone';

/**
 * docs/PRODUCT-RULES.md "Public web app" (mobile first: buyers on low-end Android phones and mobile data): a byte budget for the
 * JavaScript the home page loads, as transferred (compressed by the server), and no back-office
 * (react-admin) code on public pages. Sizes are bytes, not timings, so the budget is asserted.
 */

/** At most this many compressed bytes of JavaScript for / (entry, its preloads and any chunk it pulls at load). */
const HOME_JS_BUDGET_BYTES = 200 * 1024;

/** Strings found only in react-admin's code (its CSS class prefix and i18n keys). */
const REACT_ADMIN_MARKERS = /react-admin|RaLayout|ra\.action\./;

/** Every JavaScript response of the page until the network is idle, with its transferred body size. */
const collectScripts = async (page: import('@playwright/test').Page, path: string) => {
  const responses: Response[] = [];
  page.on('response', (response) => {
    const url = new URL(response.url());
    if (url.pathname.endsWith('.js') || response.request().resourceType() === 'script')
      responses.push(response);
  });
  await page.goto(path, { waitUntil: 'networkidle' });
  return Promise.all(
    responses.map(async (response) => ({
      url: response.url(),
      status: response.status(),
      headers: await response.allHeaders(),
      bytes: (await response.request().sizes()).responseBodySize,
      text: await response.text(),
    })),
  );
};

for (const path of ['/', '/active_tips']) {
  test(`${path} loads at most 200 KB of compressed JavaScript and no react-admin`, async ({
    page,
  }) => {
    const scripts = await collectScripts(page, path);
    expect(scripts.length, 'the app entry was loaded').toBeGreaterThan(0);
    for (const s of scripts) expect(s.status, s.url).toBe(200);
    // The app really ran on these scripts (a page that failed to start would load less).
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    const total = scripts.reduce((sum, s) => sum + s.bytes, 0);
    const table = scripts.map((s) => `${new URL(s.url).pathname} ${s.bytes} B`).join('\n');
    test
      .info()
      .annotations.push({ type: 'js-bytes', description: `${total} B compressed\n${table}` });
    expect(total, `JavaScript transferred for ${path}:\n${table}`).toBeLessThanOrEqual(
      HOME_JS_BUDGET_BYTES,
    );
    for (const s of scripts) {
      expect(s.text, `${s.url} holds back-office (react-admin) code`).not.toMatch(
        REACT_ADMIN_MARKERS,
      );
    }
  });
}

test('the app bundle is compressed and cached for a year under its hashed name', async ({
  page,
}) => {
  const scripts = await collectScripts(page, '/');
  const hashed = scripts.filter((s) =>
    /\/assets\/[^/]+-[\w-]{8,}\.js$/.test(new URL(s.url).pathname),
  );
  expect(hashed.length).toBeGreaterThan(0);
  for (const s of hashed) {
    expect(s.headers['content-encoding'], s.url).toMatch(/^(br|gzip)$/);
    expect(s.headers['cache-control'], s.url).toBe('public, max-age=31536000, immutable');
  }
  // The page itself must be revalidated, or a browser would keep asking for old asset names.
  const html = await page.request.get('/');
  // Private: the page carries the visitor's country.
  expect(html.headers()['cache-control']).toBe('private, no-cache');
});

test('images below the fold are lazy and every image has its size', async ({ page }) => {
  await page.goto('/', { waitUntil: 'networkidle' });
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  // The seeded blog posts' thumbnails are the home page's last images: wait for them to be rendered.
  await expect(page.getByRole('heading', { name: 'Latest from the blog' })).toBeVisible();
  const images = await page.locator('img').evaluateAll((nodes) =>
    (nodes as HTMLImageElement[]).map((img) => ({
      src: img.currentSrc || img.src,
      loading: img.getAttribute('loading'),
      width: img.getAttribute('width'),
      height: img.getAttribute('height'),
      top: img.getBoundingClientRect().top + window.scrollY,
    })),
  );
  const viewport = page.viewportSize()?.height ?? 800;
  for (const img of images) {
    expect(
      img.width && img.height,
      `${img.src} has width and height (no layout shift)`,
    ).toBeTruthy();
    if (img.top > viewport)
      expect(img.loading, `${img.src} below the fold loads lazily`).toBe('lazy');
  }
});

/** The budget for something useful on screen on the slow profile: slip cards or the page's skeleton. */
const FIRST_CONTENT_BUDGET_MS = 2_000;
const CARD_OR_SKELETON = '[role="article"], article, [data-boot-skeleton]';

for (const path of ['/', '/active_tips']) {
  test(`${path} shows slip cards or a skeleton within 2 s on a slow phone network (400 kbit/s, 400 ms, CPU 4x)`, async ({
    page,
  }) => {
    test.slow();
    // The budget is about the network and the phone, not the server's first request after a start.
    expect((await page.request.get(path)).ok()).toBe(true);
    await watchFirstSeen(page, { content: CARD_OR_SKELETON });
    const slow = await throttle(page);
    await page.goto(path, { waitUntil: 'commit' });
    const { content } = await firstSeen(page, ['content']);
    test.info().annotations.push({
      type: 'first-content-ms',
      description: `${path}: ${Math.round(content)} ms`,
    });
    expect(
      content,
      `ms from navigation start to slip cards or a skeleton on ${path}`,
    ).toBeLessThanOrEqual(FIRST_CONTENT_BUDGET_MS);

    // The skeleton then gives way to the app, with the slips the server inlined.
    await slow.lift();
    await expect(page.getByRole('article').first()).toBeAttached({ timeout: 30_000 });
    await expect(page.locator('[data-boot-skeleton]')).toHaveCount(0);
  });
}

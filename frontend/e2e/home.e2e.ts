import { expect, test } from '@playwright/test';
import { HomePage } from './pages/HomePage';
import { getJson } from './support/seeded';

test.describe('home (docs/PRODUCT-RULES.md R98)', () => {
  test('hero with the SMS and find-tip statement, the 95% claim and the registration dialog', async ({
    page,
  }) => {
    const home = new HomePage(page);
    await home.goto();
    await expect(home.hero).toContainText('sent to you by SMS');
    await expect(home.hero).toContainText('Find Tip page');
    await expect(home.hero).toContainText('up to 95%');
    await home.acceptCookies();
    await home.hero.getByRole('button', { name: 'Join Free' }).click();
    await expect(page.getByRole('dialog', { name: 'Create an account' })).toContainText(
      'I confirm that I am 18 years or older',
    );
  });

  test('top games and free tips come from the API and refresh every 30 s', async ({ page }) => {
    const free = await getJson<{
      data: { fixture: { home_team: string; away_team: string }; m_market: { value: string } }[];
    }>(page.request, '/api/slip/free');
    expect(free.data.length, 'the seed has free tips').toBeGreaterThan(0);
    await page.clock.install();
    // When the page asks for each list, on the page's (fake) clock, and how many requests are in
    // flight: gaps measured there do not depend on how fast the real browser and server are.
    await page.addInitScript(() => {
      const log = { calls: [] as { path: string; at: number }[], pending: 0 };
      (window as unknown as { apiLog: typeof log }).apiLog = log;
      const original = window.fetch;
      window.fetch = (input, init) => {
        const url =
          typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
        log.calls.push({ path: new URL(url, location.href).pathname, at: Date.now() });
        log.pending += 1;
        return original(input, init).finally(() => {
          log.pending -= 1;
        });
      };
    });
    type ApiLog = { calls: { path: string; at: number }[]; pending: number };
    const callTimes = async (path: string): Promise<number[]> =>
      page.evaluate(
        (wanted) =>
          (window as unknown as { apiLog: ApiLog }).apiLog.calls
            .filter((c) => c.path === wanted)
            .map((c) => c.at),
        path,
      );
    const settled = () =>
      expect
        .poll(() => page.evaluate(() => (window as unknown as { apiLog: ApiLog }).apiLog.pending))
        .toBe(0);

    const home = new HomePage(page);
    await home.goto();
    // Under the fake clock the first render waits on its timers: allow a loaded machine more time.
    await expect(home.topGames.getByRole('listitem').first()).toBeVisible({ timeout: 15_000 });
    await expect(home.topGames.getByRole('listitem').first()).toContainText(/ v /);
    const firstFree = home.freeTips.getByRole('listitem').first();
    await expect(firstFree).toContainText(
      `${free.data[0].fixture.home_team} v ${free.data[0].fixture.away_team}`,
    );
    await expect(firstFree).toContainText(free.data[0].m_market.value);
    await expect(home.freeTips.getByRole('listitem')).toHaveCount(free.data.length);
    // The page starts from the lists inlined in its HTML and asks for fresh ones once, on mount.
    await expect.poll(async () => (await callTimes('/api/home/top-games')).length).toBe(1);
    await expect.poll(async () => (await callTimes('/api/slip/free')).length).toBe(1);

    // Advance the page's clock 2 s at a time, letting each refresh settle (the next 30 s count
    // from there), until each list has been asked for four times.
    const paths = ['/api/home/top-games', '/api/slip/free'];
    for (let step = 0; step < 60; step++) {
      await settled();
      const counts = await Promise.all(paths.map(async (path) => (await callTimes(path)).length));
      if (Math.min(...counts) >= 4) break;
      await page.clock.runFor(2_000);
    }
    for (const path of paths) {
      const times = await callTimes(path);
      expect(times.length, `${path} was refreshed`).toBeGreaterThanOrEqual(4);
      // From the second request on (the first one's gap also holds the page's real load time).
      for (const gap of [times[2] - times[1], times[3] - times[2]]) {
        expect(gap, `${path} refreshes every 30 s`).toBeGreaterThanOrEqual(29_000);
        expect(gap, `${path} refreshes every 30 s`).toBeLessThanOrEqual(32_500);
      }
    }
    await expect(firstFree).toContainText(free.data[0].m_market.value);
  });

  test('a top game links to the slips on that game', async ({ page }) => {
    const home = new HomePage(page);
    await home.goto();
    await home.acceptCookies();
    const first = home.topGames.getByRole('link').first();
    const teams = (await first.textContent()) ?? '';
    const [homeTeam, awayTeam] = teams.split(' v ');
    await first.click();
    await expect(page).toHaveURL(/\/active_tips\?tips=1&team_a=.+&team_b=.+/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(
      `Tips for ${homeTeam} v ${awayTeam}`,
    );
  });

  test('the cookie banner says the site uses cookies; Accept keeps consent for 150 days', async ({
    page,
  }) => {
    const home = new HomePage(page);
    await home.goto();
    await expect(home.cookieBanner).toContainText('uses cookies');
    await home.cookieBanner.getByRole('button', { name: 'Accept' }).click();
    await expect(home.cookieBanner).toBeHidden();
    const consent = (await page.context().cookies()).find(
      (cookie) => cookie.name === 'cookie_consent',
    );
    expect(consent?.value).toBe('accepted');
    const days = ((consent?.expires ?? 0) * 1000 - Date.now()) / 86_400_000;
    expect(days).toBeGreaterThan(149.9);
    expect(days).toBeLessThanOrEqual(150);

    await page.reload();
    await expect(home.heroHeading).toBeVisible();
    await expect(home.cookieBanner).toBeHidden();
    await page.goto('/top_tipsters');
    await expect(home.cookieBanner).toBeHidden();
  });

  test('the footer opens privacy, terms and about in a dialog', async ({ page }) => {
    const home = new HomePage(page);
    await home.goto();
    await home.acceptCookies();
    for (const name of ['Privacy Policy', 'Terms and Conditions', 'About Us']) {
      await home.footer.getByRole('button', { name }).click();
      const dialog = page.getByRole('dialog', { name });
      await expect(dialog).toBeVisible();
      await dialog.getByRole('button', { name: 'Close' }).click();
      await expect(dialog).toBeHidden();
    }
  });

  test('the first load of / stays small: no route pages, no back office', async ({ page }) => {
    const scripts: string[] = [];
    page.on('request', (request) => {
      if (request.resourceType() === 'script') scripts.push(new URL(request.url()).pathname);
    });
    const home = new HomePage(page);
    await home.goto();
    await expect(home.heroHeading).toBeVisible();
    await page.waitForLoadState('networkidle');
    expect(scripts.filter((path) => /BackofficeApp|Page-|TextField/.test(path))).toEqual([]);
  });
});

import { expect, test } from '@playwright/test';
import { HomePage } from './pages/HomePage';
import { stubJson } from './support/stubs';

test.describe('home (spec §2 /)', () => {
  test('hero with the SMS and find-tip statement, the 95% claim and the registration dialog', async ({ page }) => {
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

  test('top games come from the API and refresh every 30 s, with the free tips', async ({ page }) => {
    // TODO(api): remove stub when GET /api/slip/free lands (slip module, issue 6).
    const free = await stubJson(page, '**/api/slip/free', {
      data: [
        {
          fixture: { game_date: new Date(Date.now() + 3 * 3_600_000).toISOString(), home_team: 'Lyon', away_team: 'Nice', league: 'Ligue 1' },
          m_market: { type: 'BT', value: 'GG' },
        },
      ],
    });
    const topGameCalls: string[] = [];
    page.on('request', (request) => {
      if (new URL(request.url()).pathname === '/api/home/top-games') topGameCalls.push(request.url());
    });
    await page.clock.install();
    const home = new HomePage(page);
    await home.goto();
    await expect(home.topGames.getByRole('listitem').first()).toBeVisible();
    await expect(home.topGames.getByRole('listitem').first()).toContainText(/ v /);
    await expect(home.freeTips).toContainText('Lyon v Nice');
    expect(topGameCalls).toHaveLength(1);
    expect(free).toHaveLength(1);

    await page.clock.runFor(29_000);
    expect(topGameCalls).toHaveLength(1);
    await page.clock.runFor(2_000);
    await expect.poll(() => topGameCalls.length).toBe(2);
    await expect.poll(() => free.length).toBe(2);
    // The next interval starts when the second fetch has settled: advance in steps until it fires.
    await expect
      .poll(async () => {
        await page.clock.runFor(5_000);
        return topGameCalls.length;
      }, { timeout: 20_000 })
      .toBe(3);
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
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(`Tips for ${homeTeam} v ${awayTeam}`);
  });

  test('the cookie banner says the site uses cookies; Accept keeps consent for 150 days', async ({ page }) => {
    const home = new HomePage(page);
    await home.goto();
    await expect(home.cookieBanner).toContainText('uses cookies');
    await home.cookieBanner.getByRole('button', { name: 'Accept' }).click();
    await expect(home.cookieBanner).toBeHidden();
    const consent = (await page.context().cookies()).find((cookie) => cookie.name === 'cookie_consent');
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

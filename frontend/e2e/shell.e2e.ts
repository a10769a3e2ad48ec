import { expect, test } from '@playwright/test';
import { HomePage } from './pages/HomePage';
import { NotFoundPage } from './pages/NotFoundPage';

/** An unsigned JWT: enough for the client-side token check, never accepted by the server. */
const fakeJwt = (claims: Record<string, unknown>): string => {
  const part = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');
  return `${part({ alg: 'HS256', typ: 'JWT' })}.${part(claims)}.signature`;
};

test.describe('site shell', () => {
  test('/ shows the top bar logo linking to /, the hero and the 18+ footer line', async ({
    page,
  }) => {
    const home = new HomePage(page);
    await home.goto();

    await expect(home.logoLink).toBeVisible();
    await expect(home.logoLink).toHaveAttribute('href', '/');
    await expect(home.heroHeading).toBeVisible();
    await expect(home.footer).toContainText('18+ only. Gambling is addictive, play responsibly.');
  });

  test("an unknown path shows 'Page Not Found' inside the shell", async ({ page }) => {
    const notFound = new NotFoundPage(page);
    await notFound.goto('/no/such/page');

    await expect(notFound.heading).toBeVisible();
    await expect(page).toHaveTitle(NotFoundPage.TITLE);
    await expect(notFound.logoLink).toHaveAttribute('href', '/');

    await notFound.logoLink.click();
    await expect(page).toHaveURL('/');
    await expect(new HomePage(page).heroHeading).toBeVisible();
  });

  test('the menu lists the main navigation on a phone', async ({ page }) => {
    const home = new HomePage(page);
    await home.goto();

    const findTip = await home.menuLink('Find Tip');
    await expect(findTip).toHaveAttribute('href', '/find_tip');
    for (const name of ['Home', 'Tips', 'Top Tipsters', 'Jackpots']) {
      await expect(home.mobileMenu.getByRole('link', { name, exact: true })).toBeVisible();
    }
  });

  test('/dashboard without a token cookie redirects to / (docs/PRODUCT-RULES.md R96)', async ({
    page,
  }) => {
    const scripts: string[] = [];
    page.on('request', (request) => {
      if (request.resourceType() === 'script') scripts.push(new URL(request.url()).pathname);
    });
    await page.goto('/dashboard');
    await expect(page).toHaveURL('/');
    await expect(new HomePage(page).heroHeading).toBeVisible();
    await page.waitForLoadState('networkidle');
    expect(scripts.filter((path) => /BackofficeApp/.test(path))).toEqual([]);
  });

  test('the home page does not download the back office', async ({ page }) => {
    const scripts: string[] = [];
    page.on('request', (request) => {
      if (request.resourceType() === 'script') scripts.push(new URL(request.url()).pathname);
    });
    const home = new HomePage(page);
    await home.goto();
    await expect(home.heroHeading).toBeVisible();
    await page.waitForLoadState('networkidle');

    expect(scripts.length).toBeGreaterThan(0);
    expect(scripts.filter((path) => /BackofficeApp/.test(path))).toEqual([]);
  });

  test('/dashboard with a token cookie loads the back office chunk', async ({ page }) => {
    const home = new HomePage(page);
    await home.goto();
    const token = fakeJwt({ sub: 1, role: 'admin', exp: Math.floor(Date.now() / 1000) + 3600 });
    await page.evaluate((value) => {
      document.cookie = `token=${value}; path=/`;
    }, token);

    const backoffice = page.waitForRequest((request) => /BackofficeApp/.test(request.url()));
    await page.goto('/dashboard');
    await backoffice;
    await expect(page).toHaveURL(/\/dashboard/);
    await expect(new NotFoundPage(page).heading).toHaveCount(0);
  });
});

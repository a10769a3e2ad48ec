import { expect, type APIRequestContext, type Page } from '@playwright/test';
import { LoginDialog } from '../pages/AccountDialogs';
import { SitePage } from '../pages/SitePage';
import { uniqueEmail, uniqueKenyanPhone } from './seeded';

/*
 * A new tipster for browser tests: registered through the API, logged in through the site's
 * Login dialog, and the upcoming games a slip can be built of.
 */

/** An upcoming game as POST /api/manage/search-games answers it. */
export interface SearchGame {
  id: number;
  home_team: string;
  away_team: string;
}

/**
 * Registers a fresh user through the API (with `phone`, a local '07…' number, else a unique one)
 * and logs in through the site's Login dialog; returns the username.
 */
export const newUserLoggedIn = async (
  page: Page,
  phone = uniqueKenyanPhone().local,
): Promise<string> => {
  const email = uniqueEmail('dash');
  const password = 'dash-pass-123';
  const username = email
    .split('@')[0]
    .replace(/[^A-Za-z0-9_.]/g, '_')
    .slice(0, 30);
  const registered = await page.request.post('/api/account/register', {
    data: { username, email, phone_number: phone, password },
  });
  expect(registered.status(), await registered.text()).toBe(201);
  const site = new SitePage(page);
  await page.goto('/');
  await site.acceptCookies();
  await site.loginButton.click();
  await new LoginDialog(page).login(email, password);
  await expect(site.accountButton).toBeVisible();
  return username;
};

/** Three upcoming games with a HOME WIN price whose home teams differ (found through the API the page uses). */
export const threeGames = async (request: APIRequestContext): Promise<SearchGame[]> => {
  const found: SearchGame[] = [];
  for (const pattern of ['a', 'e', 'o', 'i']) {
    const res = await request.post('/api/manage/search-games', { data: { pattern } });
    const { games } = (await res.json()) as { games: SearchGame[] };
    for (const game of games) {
      if (found.some((g) => g.id === game.id || g.home_team === game.home_team)) continue;
      const odds = (await (
        await request.get(`/api/fixtures/search/fixture/odd/${game.id}`)
      ).json()) as { result: Record<string, string> };
      if (odds.result?.home_win) found.push(game);
      if (found.length === 3) return found;
    }
  }
  throw new Error('fewer than three upcoming games with a home-win price');
};

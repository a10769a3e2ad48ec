import type { Locator, Page } from '@playwright/test';

/** The public shell every page shares: top bar (logo, navigation, mobile menu) and footer. */
export class SitePage {
  readonly topBar: Locator;
  readonly logoLink: Locator;
  readonly menuButton: Locator;
  readonly mobileMenu: Locator;
  readonly footer: Locator;
  readonly loginButton: Locator;
  readonly registerButton: Locator;
  readonly accountButton: Locator;
  readonly cookieBanner: Locator;

  constructor(readonly page: Page) {
    this.topBar = page.getByRole('banner');
    this.logoLink = this.topBar.getByRole('link', { name: /home$/i });
    this.menuButton = this.topBar.getByRole('button', { name: 'Open menu' });
    this.mobileMenu = page.getByRole('navigation', { name: 'Menu' });
    this.footer = page.getByRole('contentinfo');
    this.loginButton = this.topBar.getByRole('button', { name: 'Login' });
    this.registerButton = this.topBar.getByRole('button', { name: 'Register' });
    this.accountButton = this.topBar.getByRole('button', { name: 'Account menu' });
    this.cookieBanner = page.getByRole('region', { name: 'Cookie consent' });
  }

  /**
   * Accepts cookies so the banner does not cover buttons near the bottom of a phone screen. Waits
   * for the shell first: the banner renders with the top bar, so a page still mounting would
   * otherwise show it after this check, over a dialog's buttons.
   */
  async acceptCookies(): Promise<void> {
    await this.topBar.waitFor();
    if (await this.cookieBanner.isVisible()) {
      await this.cookieBanner.getByRole('button', { name: 'Accept' }).click();
    }
  }

  /**
   * Logs out through the account menu (docs/PRODUCT-RULES.md R124: cookie removed, page reloads).
   */
  async logout(): Promise<void> {
    await this.accountButton.click();
    await this.page
      .getByRole('navigation', { name: 'Account' })
      .getByRole('button', { name: 'Logout' })
      .click();
    await this.loginButton.waitFor();
  }

  /** Opens the navigation drawer (small screens) and returns its link named `name`. */
  async menuLink(name: string): Promise<Locator> {
    await this.menuButton.click();
    return this.mobileMenu.getByRole('link', { name });
  }
}

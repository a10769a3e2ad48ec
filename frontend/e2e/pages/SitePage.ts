import type { Locator, Page } from '@playwright/test';

/** The public shell every page shares: top bar (logo, navigation, mobile menu) and footer. */
export class SitePage {
  readonly topBar: Locator;
  readonly logoLink: Locator;
  readonly menuButton: Locator;
  readonly mobileMenu: Locator;
  readonly footer: Locator;

  constructor(readonly page: Page) {
    this.topBar = page.getByRole('banner');
    this.logoLink = this.topBar.getByRole('link', { name: /home$/i });
    this.menuButton = this.topBar.getByRole('button', { name: 'Open menu' });
    this.mobileMenu = page.getByRole('navigation', { name: 'Menu' });
    this.footer = page.getByRole('contentinfo');
  }

  /** Opens the navigation drawer (small screens) and returns its link named `name`. */
  async menuLink(name: string): Promise<Locator> {
    await this.menuButton.click();
    return this.mobileMenu.getByRole('link', { name });
  }
}

import type { Locator, Page } from '@playwright/test';
import { SitePage } from './SitePage';

/** Home page, '/' (docs/PRODUCT-RULES.md R98). */
export class HomePage extends SitePage {
  readonly heroHeading: Locator;
  readonly hero: Locator;
  readonly topGames: Locator;
  readonly freeTips: Locator;
  readonly tipsPanel: Locator;

  constructor(page: Page) {
    super(page);
    this.heroHeading = page.getByRole('heading', { level: 1 });
    this.hero = page.getByRole('region', { name: /football tips/i });
    this.topGames = page.getByRole('list', { name: 'Top games' });
    this.freeTips = page.getByRole('list', { name: 'Free tips' });
    this.tipsPanel = page.getByRole('tabpanel');
  }

  async goto(): Promise<void> {
    await this.page.goto('/');
  }
}

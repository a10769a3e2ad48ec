import type { Locator, Page } from '@playwright/test';
import { SitePage } from './SitePage';

/** The 404 page shown for any unknown path (docs/PRODUCT-RULES.md R97). */
export class NotFoundPage extends SitePage {
  static readonly TITLE = 'Page Not Found';
  readonly heading: Locator;
  readonly homeButton: Locator;

  constructor(page: Page) {
    super(page);
    this.heading = page.getByRole('heading', { level: 1, name: NotFoundPage.TITLE });
    this.homeButton = page.getByRole('link', { name: 'Go to Home' });
  }

  async goto(path: string): Promise<void> {
    await this.page.goto(path);
  }
}

import type { Locator, Page } from '@playwright/test';
import { SitePage } from './SitePage';

/** Home page, '/' (spec §2). */
export class HomePage extends SitePage {
  readonly heroHeading: Locator;

  constructor(page: Page) {
    super(page);
    this.heroHeading = page.getByRole('heading', { level: 1 });
  }

  async goto(): Promise<void> {
    await this.page.goto('/');
  }
}

import type { Locator, Page } from '@playwright/test';
import { SitePage } from './SitePage';

/** /privacy: the privacy notice the server builds from its configuration (docs/PRODUCT-RULES.md R275). */
export class PrivacyPage extends SitePage {
  readonly heading: Locator;
  readonly footerLink: Locator;
  readonly retention: Locator;

  constructor(page: Page) {
    super(page);
    this.heading = page.getByRole('heading', { name: 'Your data and privacy' });
    this.footerLink = this.footer.getByRole('link', { name: 'Your data and privacy' });
    this.retention = page.getByRole('table', { name: 'How long we keep it' });
  }

  /** The period the retention table shows for the row whose data starts with `data`. */
  period(data: string): Locator {
    return this.retention.getByRole('row').filter({ hasText: data }).getByRole('cell').nth(1);
  }

  right(title: string): Locator {
    return this.page.getByRole('heading', { name: title });
  }
}

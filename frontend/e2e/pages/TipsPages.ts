import type { Locator, Page } from '@playwright/test';
import { SitePage } from './SitePage';

/** /active_tips and the other slip lists (docs/PRODUCT-RULES.md R99). */
export class TipsListPage extends SitePage {
  readonly heading: Locator;
  readonly cards: Locator;

  constructor(page: Page) {
    super(page);
    this.heading = page.getByRole('heading', { level: 1 });
    this.cards = page.getByRole('article');
  }

  async goto(path = '/active_tips'): Promise<void> {
    await this.page.goto(path);
  }

  card(slipId: number, username: string): Locator {
    return this.page.getByRole('article', { name: `Slip ${slipId} by ${username}` });
  }
}

/** /top_tipsters (docs/PRODUCT-RULES.md R101). */
export class TopTipstersPage extends SitePage {
  readonly weeklyToggle: Locator;
  readonly allTimeToggle: Locator;

  constructor(page: Page) {
    super(page);
    this.weeklyToggle = page.getByRole('button', { name: 'This Week' });
    this.allTimeToggle = page.getByRole('button', { name: 'All Time' });
  }

  async goto(path = '/top_tipsters'): Promise<void> {
    await this.page.goto(path);
  }

  table(weekly: boolean): Locator {
    return this.page.getByRole('table', { name: weekly ? 'Weekly ranking' : 'Ranking' });
  }
}

/** /subscriptions, the Subscriber Panel (docs/PRODUCT-RULES.md R105). */
export class SubscriptionsPage extends SitePage {
  readonly dialog: Locator;

  constructor(page: Page) {
    super(page);
    this.dialog = page.getByRole('dialog');
  }

  async goto(): Promise<void> {
    await this.page.goto('/subscriptions');
  }

  async subscribe(kind: string, phone: string): Promise<void> {
    await this.page.getByRole('button', { name: `Subscribe ${kind}` }).click();
    await this.dialog.getByLabel('Phone number').fill(phone);
    await this.dialog.getByRole('button', { name: 'Subscribe' }).click();
  }

  /** The Premium Tips form: phone and the code from the subscription SMS, then 'View Premium Tips'. */
  async viewPremium(phone: string, code: string): Promise<void> {
    await this.page.getByLabel('Subscribed phone number').fill(phone);
    await this.page.getByLabel('Code from your subscription SMS').fill(code);
    await this.page.getByRole('button', { name: 'View Premium Tips' }).click();
  }
}

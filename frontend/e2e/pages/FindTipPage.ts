import type { Locator, Page } from '@playwright/test';
import { SitePage } from './SitePage';

/**
 * /find_tip (phone + code) and /find_tip_ng (e-mail + transaction id), docs/PRODUCT-RULES.md R104.
 */
export class FindTipPage extends SitePage {
  readonly phone: Locator;
  readonly code: Locator;
  readonly email: Locator;
  readonly transactionId: Locator;
  readonly findButton: Locator;
  readonly tips: Locator;

  constructor(page: Page) {
    super(page);
    this.phone = page.getByLabel('Phone number');
    this.code = page.getByLabel('Transaction code');
    this.email = page.getByLabel('Email');
    this.transactionId = page.getByLabel('Transaction id');
    this.findButton = page.getByRole('button', { name: 'Find Tip' });
    this.tips = page.getByRole('table', { name: 'Your tips' });
  }

  async goto(path = '/find_tip'): Promise<void> {
    await this.page.goto(path);
  }

  async findKenya(phone: string, code: string): Promise<void> {
    await this.phone.fill(phone);
    await this.code.fill(code);
    await this.findButton.click();
  }

  async findNigeria(email: string, transactionId: string): Promise<void> {
    await this.email.fill(email);
    await this.transactionId.fill(transactionId);
    await this.findButton.click();
  }
}

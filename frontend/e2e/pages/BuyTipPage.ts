import type { Locator, Page } from '@playwright/test';
import { SitePage } from './SitePage';

/**
 * /buy_tip/{id} (Kenya, M-Pesa) and /buy_tip_ng|ug/{id} (e-mail checkout),
 * docs/PRODUCT-RULES.md R103.
 */
export class BuyTipPage extends SitePage {
  readonly slipCard: Locator;
  readonly price: Locator;
  readonly phone: Locator;
  readonly email: Locator;
  readonly buyButton: Locator;
  readonly alert: Locator;

  constructor(page: Page) {
    super(page);
    this.slipCard = page.getByRole('article');
    this.price = page.getByTestId('price');
    this.phone = page.getByLabel('M-Pesa phone number');
    this.email = page.getByLabel('Email');
    this.buyButton = page.getByRole('button', { name: 'Buy Tip' });
    this.alert = page.getByRole('alert');
  }

  async goto(path: string): Promise<void> {
    await this.page.goto(path);
  }

  async payByMpesa(phone: string): Promise<void> {
    await this.phone.fill(phone);
    await this.buyButton.click();
  }

  async payByEmail(email: string): Promise<void> {
    await this.email.fill(email);
    await this.buyButton.click();
  }
}

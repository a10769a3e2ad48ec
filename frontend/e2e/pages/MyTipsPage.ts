import type { Locator, Page } from '@playwright/test';
import { SitePage } from './SitePage';

/** /my-tips: a buyer's purchases by phone and SMS code (docs/PRODUCT-RULES.md R160-R165). */
export class MyTipsPage extends SitePage {
  readonly phone: Locator;
  readonly sendCodeButton: Locator;
  readonly code: Locator;
  readonly showButton: Locator;
  readonly purchases: Locator;
  readonly loadMore: Locator;

  constructor(page: Page) {
    super(page);
    this.phone = page.getByLabel('Phone number');
    this.sendCodeButton = page.getByRole('button', { name: 'Send code' });
    this.code = page.getByLabel('Code from the SMS');
    this.showButton = page.getByRole('button', { name: 'Show my tips' });
    this.purchases = page.getByRole('region', { name: 'Your purchases' });
    this.loadMore = page.getByRole('button', { name: 'Load more' });
  }

  async goto(): Promise<void> {
    await this.page.goto('/my-tips');
  }

  /** Asks for a code by SMS to `phone`. */
  async sendCode(phone: string): Promise<void> {
    await this.phone.fill(phone);
    await this.sendCodeButton.click();
  }

  /** Shows the purchases with the code from the SMS. */
  async show(code: string): Promise<void> {
    await this.code.fill(code);
    await this.showButton.click();
  }

  /** The card of the purchase of slip `slipId`. */
  slip(slipId: number): Locator {
    return this.page.getByRole('article', { name: `Slip ${slipId}` });
  }
}

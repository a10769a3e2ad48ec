import type { Locator, Page } from '@playwright/test';

/**
 * The sandbox Flutterwave hosted checkout, /sandbox/flutterwave/pay/{token}: amount, customer
 * e-mail, Pay / Cancel / Simulate a declined card; each returns to the payment's redirect_url
 * with ?status=&tx_ref=[&transaction_id=] (backend/src/sandbox/README.md).
 */
export class SandboxCheckoutPage {
  static readonly URL = /\/sandbox\/flutterwave\/pay\/[^/?]+$/;
  readonly amount: Locator;
  readonly email: Locator;
  readonly payButton: Locator;
  readonly cancelButton: Locator;
  readonly declineButton: Locator;

  constructor(readonly page: Page) {
    this.amount = page.locator('#amount');
    this.email = page.locator('#email');
    this.payButton = page.getByRole('button', { name: /^Pay / });
    this.cancelButton = page.getByRole('button', { name: 'Cancel' });
    this.declineButton = page.getByRole('button', { name: 'Simulate a declined card' });
  }

  async waitForOpen(): Promise<void> {
    await this.page.waitForURL(SandboxCheckoutPage.URL);
  }
}

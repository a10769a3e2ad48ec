import { expect, type Locator, type Page } from '@playwright/test';

/**
 * The sandbox USSD phone, /sandbox/ussd/{msisdn}: dial the service code, read the screen, type
 * answers; each step goes through the real Africa's Talking USSD callback
 * (docs/PROVIDERS.md "Africa's Talking USSD").
 */
export class SandboxUssdPage {
  readonly screen: Locator;

  constructor(
    readonly page: Page,
    readonly msisdn: string,
  ) {
    this.screen = page.locator('#ussd-screen');
  }

  async goto(): Promise<void> {
    await this.page.goto(`/sandbox/ussd/${this.msisdn}`);
  }

  /** Dials `code` (the page's default when omitted) and waits for the first screen. */
  async dial(code?: string): Promise<void> {
    if (code !== undefined) await this.page.getByLabel('USSD code').fill(code);
    await this.page.getByRole('button', { name: 'Call' }).click();
    await expect(this.screen).toBeVisible();
  }

  /** Sends one answer while the menu waits for it. */
  async answer(value: string): Promise<void> {
    await expect(this.screen).toHaveAttribute('data-open', 'true');
    await this.page.getByLabel('Answer').fill(value);
    await this.page.getByRole('button', { name: 'Send' }).click();
  }
}

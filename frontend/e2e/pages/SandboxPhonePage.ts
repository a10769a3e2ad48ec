import { expect, type Locator, type Page } from '@playwright/test';

/**
 * The buyer's handset in the provider sandbox, /sandbox/phone/{msisdn}: pending M-Pesa STK prompts
 * (PIN, Accept / Decline) and the SMS inbox, newest first, refreshed every 2 s
 * (backend/src/sandbox/README.md).
 */
export class SandboxPhonePage {
  readonly prompts: Locator;
  readonly prompt: Locator;
  readonly notice: Locator;
  readonly messages: Locator;

  constructor(
    readonly page: Page,
    readonly msisdn: string,
  ) {
    this.prompts = page.locator('#prompts');
    this.prompt = this.prompts.locator('form.prompt');
    this.notice = page.locator('p.notice');
    this.messages = page.locator('#inbox .sms');
  }

  async goto(): Promise<void> {
    await this.page.goto(`/sandbox/phone/${this.msisdn}`);
  }

  /** Accepts the only pending prompt with `pin` (any 4 digits pay). */
  async accept(pin = '1234'): Promise<void> {
    await expect(this.prompt).toHaveCount(1);
    await this.prompt.getByLabel('M-PESA PIN').fill(pin);
    await this.prompt.getByRole('button', { name: 'Accept' }).click();
  }

  /** The body of the newest SMS containing `text`, once it has arrived. */
  async message(text: string | RegExp): Promise<string> {
    const body = this.messages.filter({ hasText: text }).first().locator('.body');
    await expect(body).toBeVisible({ timeout: 20_000 });
    return ((await body.textContent()) ?? '').trim();
  }
}

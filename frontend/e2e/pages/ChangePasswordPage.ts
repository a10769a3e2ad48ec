import type { Locator, Page } from '@playwright/test';
import { SitePage } from './SitePage';

/** /change_password/{user_token}: the password reset form (docs/PRODUCT-RULES.md R111, R132). */
export class ChangePasswordPage extends SitePage {
  readonly password: Locator;
  readonly confirm: Locator;
  readonly submitButton: Locator;

  constructor(page: Page) {
    super(page);
    this.password = page.getByLabel('New password');
    this.confirm = page.getByLabel('Confirm password');
    this.submitButton = page.getByRole('button', { name: 'Set Password' });
  }

  async goto(path: string): Promise<void> {
    await this.page.goto(path);
  }

  async setPassword(password: string, confirm = password): Promise<void> {
    await this.password.fill(password);
    await this.confirm.fill(confirm);
    await this.submitButton.click();
  }
}

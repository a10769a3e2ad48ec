import type { Locator, Page } from '@playwright/test';
import { SitePage } from './SitePage';

/** /account_settings (login: docs/PRODUCT-RULES.md R96, R108). */
export class AccountSettingsPage extends SitePage {
  readonly heading: Locator;
  readonly passwordSection: Locator;
  readonly phoneSection: Locator;
  readonly emailSection: Locator;

  constructor(page: Page) {
    super(page);
    this.heading = page.getByRole('heading', { level: 1, name: 'Account Settings' });
    this.passwordSection = page.getByRole('region', { name: 'Password' });
    this.phoneSection = page.getByRole('region', { name: 'Phone' });
    this.emailSection = page.getByRole('region', { name: 'Email' });
  }

  async goto(): Promise<void> {
    await this.page.goto('/account_settings');
  }

  async changePassword(
    oldPassword: string,
    newPassword: string,
    confirm = newPassword,
  ): Promise<void> {
    const section = this.passwordSection;
    if (await section.getByRole('button', { name: 'Change' }).isVisible()) {
      await section.getByRole('button', { name: 'Change' }).click();
    }
    await section.getByLabel('Old password').fill(oldPassword);
    await section.getByLabel('New password').fill(newPassword);
    await section.getByLabel('Confirm password').fill(confirm);
    await section.getByRole('button', { name: 'Save' }).click();
  }
}

import type { Locator, Page } from '@playwright/test';

/** The login dialog (docs/PRODUCT-RULES.md R112, R124). */
export class LoginDialog {
  readonly dialog: Locator;

  constructor(readonly page: Page) {
    this.dialog = page.getByRole('dialog', { name: 'Login' });
  }

  async login(email: string, password: string): Promise<void> {
    await this.dialog.getByLabel('Email').fill(email);
    await this.dialog.getByLabel('Password').fill(password);
    await this.submit();
  }

  async submit(): Promise<void> {
    await this.dialog.getByRole('button', { name: 'Login' }).click();
  }

  async openPasswordReset(): Promise<PasswordResetDialog> {
    await this.dialog.getByRole('button', { name: 'Forgot password?' }).click();
    return new PasswordResetDialog(this.page);
  }
}

/** The registration dialog with its 18+ confirmation (docs/PRODUCT-RULES.md R68, R130). */
export class RegistrationDialog {
  readonly dialog: Locator;

  constructor(readonly page: Page) {
    this.dialog = page.getByRole('dialog', { name: 'Create an account' });
  }

  async fill(fields: {
    username: string;
    email: string;
    phone: string;
    password: string;
    confirm?: string;
    adult?: boolean;
  }): Promise<void> {
    await this.dialog.getByLabel('Username').fill(fields.username);
    await this.dialog.getByLabel('Email').fill(fields.email);
    await this.dialog.getByLabel('Phone number').fill(fields.phone);
    await this.dialog.getByLabel('Password', { exact: true }).fill(fields.password);
    await this.dialog.getByLabel('Confirm password').fill(fields.confirm ?? fields.password);
    if (fields.adult ?? true)
      await this.dialog.getByLabel('I confirm that I am 18 years or older').check();
  }

  async submit(): Promise<void> {
    await this.dialog.getByRole('button', { name: 'Register' }).click();
  }
}

/** The password reset request dialog (docs/PRODUCT-RULES.md R112, R70). */
export class PasswordResetDialog {
  readonly dialog: Locator;

  constructor(readonly page: Page) {
    this.dialog = page.getByRole('dialog', { name: 'Password Reset' });
  }

  async request(email: string): Promise<void> {
    await this.dialog.getByLabel('Email').fill(email);
    await this.dialog.getByRole('button', { name: 'Send Link' }).click();
  }
}

import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { AccountSettingsPage } from './pages/AccountSettingsPage';
import { LoginDialog, RegistrationDialog } from './pages/AccountDialogs';
import { ChangePasswordPage } from './pages/ChangePasswordPage';
import { HomePage } from './pages/HomePage';
import { SitePage } from './pages/SitePage';

// Real account API (docs/PRODUCT-RULES.md "Accounts") on a fresh database, e-mails through the
// sandbox mailbox. Serial: one user for the file, so the registration rate limit (10 an hour per
// address) holds.
test.describe.configure({ mode: 'serial' });

const run = Date.now().toString(36);
const user = {
  username: `e2e_${run}`,
  email: `e2e_${run}@example.com`,
  phone: '0712345678',
  password: 'first-pass-1',
};

/** Newest link to `pathPrefix` in the sandbox mailbox of `to`. */
const mailedLink = async (
  request: APIRequestContext,
  to: string,
  pathPrefix: string,
): Promise<string> => {
  let path = '';
  await expect
    .poll(
      async () => {
        const mails = (await (
          await request.get(`/sandbox/api/mail?to=${encodeURIComponent(to)}`)
        ).json()) as {
          text: string | null;
        }[];
        for (const mail of mails) {
          const match = new RegExp(`https?://[^\\s]+(${pathPrefix}[^\\s]+)`).exec(mail.text ?? '');
          if (match) {
            path = match[1];
            return true;
          }
        }
        return false;
      },
      { timeout: 20_000 },
    )
    .toBe(true);
  return path;
};

/** Logs in through the API and puts the tokens in the browser's cookies. */
const loginByApi = async (
  page: Page,
  request: APIRequestContext,
  password: string,
): Promise<void> => {
  const response = await request.post('/api/account/email-login', {
    data: { email: user.email, password },
  });
  expect(response.ok()).toBe(true);
  const { access, refresh } = (await response.json()) as { access: string; refresh: string };
  const url = new URL(page.url() === 'about:blank' ? test.info().project.use.baseURL! : page.url())
    .origin;
  await page.context().addCookies([
    { name: 'token', value: access, url },
    { name: 'refresh', value: refresh, url },
  ]);
};

test('login-protected routes redirect to / without a token cookie (docs/PRODUCT-RULES.md R96)', async ({
  page,
}) => {
  for (const path of ['/account_settings', '/profile', '/change_password', '/buy_tip']) {
    await page.goto(path);
    await expect(page).toHaveURL('/');
  }
});

test('registration form messages (docs/PRODUCT-RULES.md R130)', async ({ page }) => {
  const home = new HomePage(page);
  await home.goto();
  await home.acceptCookies();
  await home.hero.getByRole('button', { name: 'Join Free' }).click();
  const register = new RegistrationDialog(page);
  await register.submit();
  await expect(register.dialog.getByText('This field is required')).toHaveCount(5);
  await expect(register.dialog.getByText('Confirm that you are 18 years or older')).toBeVisible();
  await register.fill({
    ...user,
    email: 'not-an-email',
    phone: '07123',
    password: 'short',
    confirm: 'other',
    adult: false,
  });
  await register.submit();
  await expect(register.dialog.getByText('Enter valid email')).toBeVisible();
  await expect(register.dialog.getByText('Phone number should have 10 digits')).toBeVisible();
  await expect(register.dialog.getByText('Password should be 8 characters or more')).toHaveCount(2);
  await register.dialog.getByLabel('Password', { exact: true }).fill('long-enough-1');
  await register.dialog.getByLabel('Confirm password').fill('long-enough-2');
  await register.submit();
  await expect(register.dialog.getByText('Must be similar to password')).toBeVisible();
});

test('register, log out, log in (docs/PRODUCT-RULES.md R124)', async ({ page }) => {
  const site = new SitePage(page);
  await page.goto('/');
  await site.acceptCookies();
  await site.loginButton.waitFor();
  await page.getByRole('button', { name: 'Open menu' }).click();
  await page.getByRole('button', { name: 'Register' }).click();
  const register = new RegistrationDialog(page);
  await register.fill(user);
  await register.submit();
  await expect(site.accountButton).toBeVisible();
  await site.accountButton.click();
  await expect(page.getByRole('navigation', { name: 'Account' })).toContainText(user.username);
  await page.keyboard.press('Escape');

  await site.logout();
  expect(
    (await page.context().cookies()).find((cookie) => cookie.name === 'token'),
  ).toBeUndefined();

  await site.loginButton.click();
  const login = new LoginDialog(page);
  await login.submit();
  await expect(login.dialog.getByText('This field is required')).toHaveCount(2);
  await login.login(user.email, 'wrong-password');
  await expect(login.dialog.getByText('Invalid email or password')).toBeVisible();
  await login.login(user.email, user.password);
  await expect(site.accountButton).toBeVisible();
});

test("the server's username and e-mail errors show under the fields (docs/PRODUCT-RULES.md R70)", async ({
  page,
}) => {
  await page.goto('/');
  const site = new SitePage(page);
  await site.acceptCookies();
  await page.getByRole('button', { name: 'Open menu' }).click();
  await page.getByRole('button', { name: 'Register' }).click();
  const register = new RegistrationDialog(page);
  await register.fill({ ...user, username: user.username.toUpperCase() });
  await register.submit();
  await expect(register.dialog.getByLabel('Username')).toHaveAttribute('aria-invalid', 'true');
  await expect(register.dialog.getByLabel('Email')).toHaveAttribute('aria-invalid', 'true');
  await register.dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(site.loginButton).toBeVisible();
});

test('password reset through the mailbox (docs/PRODUCT-RULES.md R111, R132, R70)', async ({
  page,
  request,
}) => {
  const site = new SitePage(page);
  await page.goto('/');
  await site.acceptCookies();
  await site.loginButton.click();
  const reset = await new LoginDialog(page).openPasswordReset();
  await reset.request(user.email);
  await expect(reset.dialog.getByText('Check your email for the link')).toBeVisible();

  const path = await mailedLink(request, user.email, '/change_password/');
  const form = new ChangePasswordPage(page);
  await form.goto(path);
  await form.submitButton.click();
  await expect(page.getByText('Fill This', { exact: true })).toBeVisible();
  await expect(page.getByText('Fill this', { exact: true })).toBeVisible();
  await form.setPassword('short', 'other');
  await expect(page.getByText('At least 8 characters')).toBeVisible();
  await expect(page.getByText('This should be similar to the password')).toBeVisible();
  user.password = 'second-pass-2';
  await form.setPassword(user.password);
  await expect(page.getByText('Password set successfully.')).toBeVisible();

  await form.goto(path);
  await form.setPassword('third-pass-3');
  await expect(page.getByText('Invalid token. Repeat the process.')).toBeVisible();

  await page.getByRole('banner').getByRole('button', { name: 'Login' }).click();
  await new LoginDialog(page).login(user.email, user.password);
  await expect(site.accountButton).toBeVisible();
});

test('account settings: Password Set, change messages, Saved (docs/PRODUCT-RULES.md R127, R131, R133, R70)', async ({
  page,
  request,
}) => {
  await page.goto('/');
  await new SitePage(page).acceptCookies();
  await loginByApi(page, request, user.password);
  const settings = new AccountSettingsPage(page);
  await settings.goto();
  await expect(settings.heading).toBeVisible();
  await expect(page.getByRole('region', { name: 'Account' })).toContainText(user.username);
  await expect(settings.passwordSection).toContainText('Password Set');

  await settings.changePassword('', 'short', 'other');
  await expect(settings.passwordSection.getByText('Fill this')).toBeVisible();
  await expect(
    settings.passwordSection.getByText('Password should be 8 characters or more'),
  ).toBeVisible();
  await expect(settings.passwordSection.getByText('Confirm password is not equal')).toBeVisible();
  await settings.changePassword('not-my-password', 'third-pass-3');
  await expect(settings.passwordSection.getByText('Wrong password')).toBeVisible();
  await settings.changePassword(user.password, 'third-pass-3');
  await expect(page.getByText('Saved', { exact: true })).toBeVisible();
  await expect(settings.passwordSection).toContainText('Password Set');
  user.password = 'third-pass-3';

  await settings.phoneSection.getByRole('button', { name: 'Change' }).click();
  await settings.phoneSection.getByLabel('Phone number').fill('07123a5678');
  await settings.phoneSection.getByRole('button', { name: 'Save' }).click();
  await expect(settings.phoneSection.getByText('Only digits allowed')).toBeVisible();
  await settings.phoneSection.getByLabel('Phone number').fill('0712');
  await settings.phoneSection.getByRole('button', { name: 'Save' }).click();
  await expect(settings.phoneSection.getByText('Phone number should have 10 digits')).toBeVisible();
  await settings.emailSection.getByRole('button', { name: 'Change' }).click();
  await settings.emailSection.getByLabel('Email').fill('nope@');
  await settings.emailSection.getByRole('button', { name: 'Save' }).click();
  await expect(settings.emailSection.getByText('Enter valid email')).toBeVisible();
});

test('e-mail verification link, logged out and logged in (docs/PRODUCT-RULES.md R107)', async ({
  page,
  request,
}) => {
  await page.goto('/email-verification/abc123');
  await expect(
    page.getByText('You need to be logged in to use the email verification link'),
  ).toBeVisible();

  await loginByApi(page, request, user.password);
  await page.goto('/email-verification/not-a-real-code');
  await expect(page.getByRole('alert')).toContainText(/./);

  const settings = new AccountSettingsPage(page);
  await settings.goto();
  await settings.acceptCookies();
  await settings.emailSection.getByRole('button', { name: 'Send verification link' }).click();
  const path = await mailedLink(request, user.email, '/email-verification/');
  await page.goto(path);
  await expect(page.getByRole('alert')).toHaveText(/verified/i);
  await settings.goto();
  await expect(settings.emailSection.getByText('Verified')).toBeVisible();
});

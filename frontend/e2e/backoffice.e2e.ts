import { execFileSync } from 'node:child_process';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, test, type Page, type Response } from '@playwright/test';
import { LoginDialog } from './pages/AccountDialogs';
import { SandboxPhonePage } from './pages/SandboxPhonePage';
import { SitePage } from './pages/SitePage';
import { slipsOnSale, uniqueKenyanPhone } from './support/seeded';

// Back office (docs/PRODUCT-RULES.md "Back office") against the real API on the fresh, seeded
// database of scripts/test.mjs. Serial: one admin and one tipster for the file; the tipster gets
// the role from the admin's Users screen, so each test builds on the one before.
test.describe.configure({ mode: 'serial' });
// No trace files: parallel runs of scripts/test.mjs share frontend/test-results and one run's
// start wipes the trace another is writing (ENOENT at context close). Failures still report.
test.use({ trace: 'off' });
// The react-admin screens as an admin works them, at a desktop width: their tables, column headers
// and sort buttons (on phones each row is a card, checked in phone.e2e.ts).
test.use({ viewport: { width: 1280, height: 900 } });

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
const CREATE_ADMIN_CLI = join(
  ROOT,
  'backend',
  'dist',
  'modules',
  'account',
  'cli',
  'create-admin.js',
);

const run = Date.now().toString(36);
const admin = {
  username: `bo_admin_${run}`,
  email: `bo_admin_${run}@example.com`,
  password: 'admin-pass-1',
};
const tipster = {
  username: `bo_tip_${run}`,
  email: `bo_tip_${run}@example.com`,
  password: 'tipster-pass-1',
};

/** Every back-office resource an admin's menu lists, with its menu label. */
const ADMIN_RESOURCES: [path: string, label: string][] = [
  ['slips', 'Slips'],
  ['earnings', 'Earnings'],
  ['withdrawals', 'Withdrawals'],
  ['users', 'Users'],
  ['posts', 'Posts'],
  ['jackpots', 'Jackpots'],
  ['fixtures', 'Fixtures'],
  ['fixture-imports', 'Fixture imports'],
  ['free-tips', 'Free tips'],
  ['premium-slips', 'Premium slips'],
  ['subscription-kinds', 'Subscription kinds'],
  ['purchases', 'Purchases'],
  ['sms-messages', 'SMS messages'],
  ['deliveries', 'Picks deliveries'],
  ['rg-limits', 'Spending limits'],
  ['unmatched-payments', 'Unmatched payments'],
  ['retention-runs', 'Retention runs'],
  ['audit-log', 'Audit log'],
];

/**
 * The database of the server under test: scripts/test.mjs passes it as E2E_DATABASE_URL (each run
 * has its own `tips_e2e_*` database). `email` only names the account in the error.
 */
const findDatabase = async (email: string): Promise<string> => {
  if (process.env.E2E_DATABASE_URL) return process.env.E2E_DATABASE_URL;
  throw new Error(
    `E2E_DATABASE_URL is not set: cannot make ${email} an admin (run through node scripts/test.mjs --e2e)`,
  );
};

/**
 * Logs in through the site's Login dialog (the back office has no login page of its own:
 * docs/PRODUCT-RULES.md R112).
 */
const login = async (page: Page, email: string, password: string): Promise<void> => {
  const site = new SitePage(page);
  await page.goto('/');
  await site.acceptCookies();
  await site.loginButton.click();
  await new LoginDialog(page).login(email, password);
  await expect(site.accountButton).toBeVisible();
};

/** Collects back-office API answers of 400 and above (a sort or filter outside the allowlist is a 400). */
const watchApiErrors = (page: Page): string[] => {
  const errors: string[] = [];
  page.on('response', (response: Response) => {
    if (response.url().includes('/api/backoffice/') && response.status() >= 400) {
      errors.push(`${response.status()} ${response.request().method()} ${response.url()}`);
    }
  });
  return errors;
};

/**
 * Labels of the react-admin menu, opened from 'Open menu' on a phone and closed again (the open
 * drawer is modal: it hides the page from role queries and react-admin remembers it open).
 */
const menuLabels = async (page: Page): Promise<string[]> => {
  const firstItem = page.getByRole('menuitem').first();
  const openMenu = page.getByRole('button', { name: 'Open menu' });
  // Wait for the layout: a visible menu (desktop sidebar) or the phone's 'Open menu' button.
  await expect(firstItem.or(openMenu).first()).toBeVisible();
  const isPhoneDrawer = !(await firstItem.isVisible());
  if (isPhoneDrawer) await openMenu.click();
  await expect(firstItem).toBeVisible();
  const labels = (await page.getByRole('menuitem').allInnerTexts()).map((text) => text.trim());
  if (isPhoneDrawer) {
    await page.keyboard.press('Escape');
    await expect(firstItem).toBeHidden();
  }
  return labels;
};

test.beforeAll(async ({ request }) => {
  const registered = await request.post('/api/account/register', {
    data: {
      username: tipster.username,
      email: tipster.email,
      phone_number: '0712345679',
      password: tipster.password,
    },
  });
  expect(registered.status(), await registered.text()).toBe(201);
  const databaseUrl = await findDatabase(tipster.email);
  execFileSync(
    process.execPath,
    [
      CREATE_ADMIN_CLI,
      '--email',
      admin.email,
      '--username',
      admin.username,
      '--password',
      admin.password,
    ],
    { env: { ...process.env, NODE_ENV: 'test', DATABASE_URL: databaseUrl }, stdio: 'pipe' },
  );
});

test('an admin logs in, lists posts, edits a post title and sees it saved (audited)', async ({
  page,
}) => {
  const apiErrors = watchApiErrors(page);
  await login(page, admin.email, admin.password);
  const listed = page.waitForResponse(
    (r) => r.url().includes('/api/backoffice/posts?') && r.request().method() === 'GET',
  );
  await page.goto('/dashboard/posts');
  expect((await listed).status()).toBe(200);

  const firstTitle = page.locator('tbody tr td.column-title').first();
  await expect(firstTitle).not.toBeEmpty();
  const oldTitle = (await firstTitle.innerText()).trim();
  const newTitle = `${oldTitle.slice(0, 80)} (edited ${run})`;

  await firstTitle.click();
  await expect(page).toHaveURL(/\/dashboard\/posts\/\d+$/);
  const titleInput = page.getByRole('textbox', { name: /^Title/ });
  await expect(titleInput).toHaveValue(oldTitle);
  await titleInput.fill(newTitle);
  await page.getByRole('button', { name: 'Save' }).click();

  await expect(page).toHaveURL(/\/dashboard\/posts$/);
  await expect(page.locator('tbody td.column-title', { hasText: newTitle })).toBeVisible();
  await page.reload();
  await expect(page.locator('tbody td.column-title', { hasText: newTitle })).toBeVisible();

  await page.goto('/dashboard/audit-log');
  const latest = page.locator('tbody tr').first();
  await expect(latest.locator('td.column-actor_username')).toHaveText(admin.username);
  await expect(latest.locator('td.column-resource')).toHaveText('posts');
  expect(apiErrors).toEqual([]);
});

test('an admin sees every resource in the menu and each list loads, sorts and searches without a 4xx', async ({
  page,
}) => {
  test.setTimeout(160_000); // seventeen list pages
  const apiErrors = watchApiErrors(page);
  await login(page, admin.email, admin.password);
  await page.goto('/dashboard');
  expect(await menuLabels(page)).toEqual([
    'Dashboard',
    ...ADMIN_RESOURCES.map(([, label]) => label),
  ]);

  for (const [path] of ADMIN_RESOURCES) {
    const listed = page.waitForResponse(
      (r) => r.url().includes(`/api/backoffice/${path}?`) && r.request().method() === 'GET',
    );
    await page.goto(`/dashboard/${path}`);
    expect((await listed).status(), path).toBe(200);
    // Rows, or react-admin's empty state ('No Earnings yet.', 'No Fixture imports found').
    await expect(
      page
        .getByRole('table')
        .or(page.getByText(/^No .+ (yet\.|found)$/))
        .first(),
    ).toBeVisible();
  }

  // Sort by a sortable column and search: the request stays inside the allowlist.
  await page.goto('/dashboard/fixtures');
  const sorted = page.waitForResponse(
    (r) => r.url().includes('/api/backoffice/fixtures?') && r.url().includes('home_team'),
  );
  await page.getByRole('columnheader').filter({ hasText: 'Home' }).getByRole('button').click();
  expect((await sorted).status()).toBe(200);
  // Score is shown but not in the server's sort allowlist: no sort button.
  await expect(
    page.getByRole('columnheader').filter({ hasText: 'Score' }).getByRole('button'),
  ).toHaveCount(0);
  const searched = page.waitForResponse(
    (r) =>
      r.url().includes('/api/backoffice/fixtures?') &&
      decodeURIComponent(r.url()).includes('"q":"a"'),
  );
  await page.getByPlaceholder('Search').fill('a');
  expect((await searched).status()).toBe(200);
  expect(apiErrors).toEqual([]);
});

test("an admin runs a fixture import from 'Run import' and sees the run", async ({ page }) => {
  const apiErrors = watchApiErrors(page);
  await login(page, admin.email, admin.password);
  await page.goto('/dashboard/fixture-imports');
  await page.getByRole('link', { name: 'Run import' }).click();
  const created = page.waitForResponse(
    (r) => r.url().endsWith('/api/backoffice/fixture-imports') && r.request().method() === 'POST',
  );
  await page.getByRole('button', { name: 'Run import' }).click();
  expect((await created).status()).toBe(201);
  await expect(page).toHaveURL(/\/dashboard\/fixture-imports\/\d+\/show$/);
  await expect(page.getByText(admin.username)).toBeVisible();
  await expect(page.getByText(/^(Queued|Running|Done)$/)).toBeVisible();
  expect(apiErrors).toEqual([]);
});

test('an admin flags a purchase with a reason; money shows in Ksh with 2 decimals', async ({
  page,
}) => {
  const apiErrors = watchApiErrors(page);
  await login(page, admin.email, admin.password);
  // The seed's demo M-Pesa sales (backend src/seed/finance.seed.ts).
  await page.goto('/dashboard/purchases');
  const firstAmount = page.locator('tbody tr td.column-amount').first();
  await expect(firstAmount).toHaveText(/^Ksh\. [\d,]+\.\d{2}$/);
  await page.locator('tbody tr td.column-id').first().click();
  await expect(page).toHaveURL(/\/dashboard\/purchases\/\d+\/show$/);

  await page.getByRole('button', { name: 'Flag', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: 'Flag purchase for review' });
  await expect(dialog.getByRole('button', { name: 'Flag', exact: true })).toBeDisabled();
  await dialog.getByLabel('Reason').fill(`Customer called support (${run})`);
  const reviewed = page.waitForResponse(
    (r) => /\/api\/backoffice\/purchases\/\d+$/.test(r.url()) && r.request().method() === 'PUT',
  );
  await dialog.getByRole('button', { name: 'Flag', exact: true }).click();
  expect((await reviewed).status()).toBe(200);
  await expect(dialog).toBeHidden();
  // Shown as the review reason on the purchase page once the server has stored it.
  await expect(page.locator('.ra-field-review_reason')).toHaveText(
    new RegExp(`Customer called support \\(${run}\\)`),
  );
  await expect(page.getByRole('button', { name: 'Clear flag' })).toBeVisible();
  expect(apiErrors).toEqual([]);
});

test('an admin resends the picks SMS of a real M-Pesa purchase', async ({ page, context }) => {
  test.slow(); // a sandbox STK push, its callback and the queued SMS
  const apiErrors = watchApiErrors(page);
  const [slip] = await slipsOnSale(page.request);
  const phone = uniqueKenyanPhone();
  const bought = await page.request.post('/api/processor/buy', {
    data: { phone: phone.msisdn, slip: slip!.id },
  });
  expect(bought.ok(), await bought.text()).toBe(true);

  // The buyer's sandbox handset: accept the STK prompt (unless the sandbox accepted it by itself), get the picks SMS.
  const handset = new SandboxPhonePage(await context.newPage(), phone.msisdn);
  await handset.goto();
  const picksSms = handset.messages.filter({ hasText: `Slip ${slip!.id} code` });
  await expect(handset.prompt.or(picksSms).first()).toBeVisible({ timeout: 20_000 });
  if ((await handset.prompt.count()) > 0) await handset.accept('1234');
  await handset.message(`Slip ${slip!.id} code`);
  await handset.page.close();

  await login(page, admin.email, admin.password);
  await page.goto(
    `/dashboard/sms-messages?filter=${encodeURIComponent(JSON.stringify({ to: phone.msisdn }))}`,
  );
  const row = page.locator('tbody tr', { hasText: `Slip ${slip!.id} code` }).first();
  await expect(row.locator('td.column-to')).toHaveText(phone.msisdn);
  await row.locator('td.column-id').click();
  await expect(page).toHaveURL(/\/dashboard\/sms-messages\/\d+\/show$/);
  const resent = page.waitForResponse(
    (r) => /\/api\/backoffice\/sms-messages\/\d+$/.test(r.url()) && r.request().method() === 'PUT',
  );
  await page.getByRole('button', { name: 'Resend' }).click();
  // A delivered SMS asks first (a resend is a second paid SMS); a sent one goes at once. Whichever
  // comes first decides, however long the page takes.
  const confirm = page.getByRole('button', { name: 'Confirm' });
  const first = await Promise.race([
    resent.then(() => 'resent' as const),
    confirm.waitFor({ timeout: 60_000 }).then(
      () => 'asked' as const,
      () => 'resent' as const,
    ),
  ]);
  if (first === 'asked') await confirm.click();
  expect((await resent).status()).toBe(200);
  await expect(page.getByText('SMS queued again')).toBeVisible();
  expect(apiErrors).toEqual([]);
});

test('an admin makes a user a tipster from the Users screen (role select)', async ({ page }) => {
  const apiErrors = watchApiErrors(page);
  await login(page, admin.email, admin.password);
  await page.goto('/dashboard/users');
  // The search is debounced: wait until its request has been answered and the list shows only its
  // result (the unfiltered first page may list the tipster too, and a click there races the
  // re-render and the URL update that follow).
  const searched = page.waitForResponse(
    (r) =>
      r.url().includes('/api/backoffice/users?') &&
      decodeURIComponent(r.url()).includes(`"q":"${tipster.username}"`),
  );
  await page.getByPlaceholder('Search').fill(tipster.username);
  expect((await searched).status()).toBe(200);
  await expect(page).toHaveURL(/[?&]filter=/);
  await expect(page.locator('tbody tr')).toHaveCount(1);
  const row = page.locator('tbody tr', { hasText: tipster.email });
  await expect(row).toHaveCount(1);
  await row.locator('td.column-username').click();
  await expect(page).toHaveURL(/\/dashboard\/users\/\d+\/show$/);
  await expect(page.getByRole('button', { name: 'Ban' })).toBeVisible();
  await page.getByRole('link', { name: 'Edit' }).click();
  await page.getByLabel('Role').click();
  await page.getByRole('option', { name: 'tipster' }).click();
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page).toHaveURL(/\/dashboard\/users$/);
  await expect(
    page.locator('tbody tr', { hasText: tipster.email }).locator('td.column-role'),
  ).toHaveText('Tipster');
  expect(apiErrors).toEqual([]);
});

test('a tipster sees only their slips, earnings and withdrawals', async ({ page }) => {
  const apiErrors = watchApiErrors(page);
  await login(page, tipster.email, tipster.password);
  await page.goto('/dashboard');
  await expect(
    page.getByText('Your slips, earnings and withdrawals are in the menu.'),
  ).toBeVisible();
  expect(await menuLabels(page)).toEqual(['Dashboard', 'Slips', 'Earnings', 'Withdrawals']);

  // /dashboard/earnings is the spec's payments page for a tipster (GET /api/finance/get_payments).
  for (const [path, api] of [
    ['slips', '/api/backoffice/slips?'],
    ['earnings', '/api/finance/get_payments'],
    ['withdrawals', '/api/backoffice/withdrawals?'],
  ]) {
    const listed = page.waitForResponse((r) => r.url().includes(api));
    await page.goto(`/dashboard/${path}`);
    expect((await listed).status(), path).toBe(200);
  }
  // A new tipster has published nothing: their own slips only, none of the demo tipsters'.
  const slips = page.waitForResponse(
    (r) => r.url().includes('/api/backoffice/slips?') && r.request().method() === 'GET',
  );
  await page.goto('/dashboard/slips');
  expect((await slips).status()).toBe(200);
  await expect(page.getByText(/^No .+ (yet\.|found)$/)).toBeVisible();
  await expect(page.locator('tbody tr')).toHaveCount(0);

  // Admin screens are not registered for a tipster: no page, and no request to the server.
  await page.goto('/dashboard/users');
  await expect(page.locator('td.column-email')).toHaveCount(0);
  expect(apiErrors).toEqual([]);
});

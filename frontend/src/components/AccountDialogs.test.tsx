import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { getCookie, setCookie } from '../lib/cookies';
import { json, stubFetch } from '../test-fetch';
import { renderRoute } from '../test-utils';

const browser = vi.hoisted(() => ({ reloadPage: vi.fn(), redirectTo: vi.fn() }));
vi.mock('../lib/browser', () => browser);

beforeEach(() => {
  browser.reloadPage.mockReset();
});

const openFromTopBar = async (name: 'Login' | 'Register') => {
  fireEvent.click(within(screen.getByRole('banner')).getByRole('button', { name }));
  return screen.findByRole('dialog');
};

const type = (dialog: HTMLElement, label: string | RegExp, value: string) =>
  fireEvent.change(within(dialog).getByLabelText(label), { target: { value } });

describe('login dialog (docs/PRODUCT-RULES.md R124, R70)', () => {
  it('requires both fields before calling the API', async () => {
    const api = stubFetch({});
    renderRoute('/no/such/page');
    const dialog = await openFromTopBar('Login');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Login' }));
    expect(within(dialog).getAllByText('This field is required')).toHaveLength(2);
    expect(api.to('/api/account/email-login')).toHaveLength(0);
  });

  it("shows the server's message, else 'An error occurred'", async () => {
    stubFetch({
      'POST /api/account/email-login': json({ message: 'Invalid email or password' }, 401),
    });
    renderRoute('/no/such/page');
    const dialog = await openFromTopBar('Login');
    type(dialog, 'Email', 'kip@example.com');
    type(dialog, 'Password', 'wrong-pass');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Login' }));
    expect(await within(dialog).findByText('Invalid email or password')).toBeInTheDocument();

    stubFetch({ 'POST /api/account/email-login': new Response('oops', { status: 400 }) });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Login' }));
    expect(await within(dialog).findByText('An error occurred')).toBeInTheDocument();
    expect(browser.reloadPage).not.toHaveBeenCalled();
  });

  it('stores the tokens and reloads on success', async () => {
    const api = stubFetch({
      'POST /api/account/email-login': { access: 'ACCESS', refresh: 'REFRESH' },
    });
    renderRoute('/no/such/page');
    const dialog = await openFromTopBar('Login');
    type(dialog, 'Email', ' kip@example.com ');
    type(dialog, 'Password', 'secret123');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Login' }));
    await waitFor(() => expect(browser.reloadPage).toHaveBeenCalled());
    expect(api.to('/api/account/email-login')[0].body).toEqual({
      email: 'kip@example.com',
      password: 'secret123',
    });
    expect(getCookie('token')).toBe('ACCESS');
    expect(getCookie('refresh')).toBe('REFRESH');
  });
});

describe('registration dialog (docs/PRODUCT-RULES.md R130, R70; 18+)', () => {
  const fill = (dialog: HTMLElement) => {
    type(dialog, 'Username', 'kipchoge');
    type(dialog, 'Email', 'kip@example.com');
    type(dialog, 'Phone number', '0712345678');
    type(dialog, 'Password', 'secret123');
    type(dialog, 'Confirm password', 'secret123');
  };

  it('needs the 18+ confirmation and a matching password', async () => {
    const api = stubFetch({});
    renderRoute('/no/such/page');
    const dialog = await openFromTopBar('Register');
    fill(dialog);
    type(dialog, 'Confirm password', 'secret124');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Register' }));
    expect(within(dialog).getByText('Must be similar to password')).toBeInTheDocument();
    expect(within(dialog).getByText('Confirm that you are 18 years or older')).toBeInTheDocument();
    expect(api.to('/api/account/register')).toHaveLength(0);
  });

  it("shows the server's username and email errors under the fields", async () => {
    stubFetch({
      'POST /api/account/register': json(
        {
          message: 'Registration failed',
          username: ['A user with that username already exists.'],
          email: ['This email is already registered'],
        },
        400,
      ),
    });
    renderRoute('/no/such/page');
    const dialog = await openFromTopBar('Register');
    fill(dialog);
    fireEvent.click(within(dialog).getByLabelText('I confirm that I am 18 years or older'));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Register' }));
    expect(
      await within(dialog).findByText('A user with that username already exists.'),
    ).toBeInTheDocument();
    expect(within(dialog).getByLabelText('Email')).toHaveAccessibleDescription(
      'This email is already registered',
    );
  });

  it('registers with the spec payload, stores the tokens and reloads', async () => {
    const api = stubFetch({ 'POST /api/account/register': { token: 'T', refresh: 'R' } });
    renderRoute('/no/such/page');
    const dialog = await openFromTopBar('Register');
    fill(dialog);
    fireEvent.click(within(dialog).getByLabelText('I confirm that I am 18 years or older'));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Register' }));
    await waitFor(() => expect(browser.reloadPage).toHaveBeenCalled());
    expect(api.to('/api/account/register')[0].body).toEqual({
      username: 'kipchoge',
      email: 'kip@example.com',
      phone_number: '0712345678',
      password: 'secret123',
      country: 'KE',
    });
    expect(getCookie('token')).toBe('T');
  });

  it('opts in to marketing SMS only with the unticked box ticked, sending the wording shown (docs/PRODUCT-RULES.md R276)', async () => {
    const api = stubFetch({ 'POST /api/account/register': { token: 'T', refresh: 'R' } });
    renderRoute('/no/such/page');
    const dialog = await openFromTopBar('Register');
    fill(dialog);
    fireEvent.click(within(dialog).getByLabelText('I confirm that I am 18 years or older'));
    const box = within(dialog).getByLabelText(
      'Send me tips offers by SMS (18+). Reply STOP to opt out.',
    );
    expect(box).not.toBeChecked();
    fireEvent.click(box);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Register' }));
    await waitFor(() => expect(browser.reloadPage).toHaveBeenCalled());
    expect(api.to('/api/account/register')[0].body).toMatchObject({
      username: 'kipchoge',
      marketing_sms_consent: 'Send me tips offers by SMS (18+). Reply STOP to opt out.',
    });
  });

  it("preselects the visitor's country by IP (docs/PRODUCT-RULES.md R143) and registers with it", async () => {
    const api = stubFetch({
      '/api/geo/country': { country: 'NG' },
      'POST /api/account/register': { token: 'T', refresh: 'R' },
    });
    renderRoute('/no/such/page');
    const dialog = await openFromTopBar('Register');
    await waitFor(() =>
      expect(within(dialog).getByRole('combobox', { name: 'Country' })).toHaveTextContent(
        'Nigeria',
      ),
    );
    fill(dialog);
    fireEvent.click(within(dialog).getByLabelText('I confirm that I am 18 years or older'));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Register' }));
    await waitFor(() => expect(browser.reloadPage).toHaveBeenCalled());
    expect(api.to('/api/account/register')[0].body).toMatchObject({ country: 'NG' });
  });

  it('keeps Kenya when the country lookup fails', async () => {
    stubFetch({ '/api/geo/country': json({ message: 'down' }, 503) });
    renderRoute('/no/such/page');
    const dialog = await openFromTopBar('Register');
    const country = within(dialog).getByRole('combobox', { name: 'Country' });
    expect(country).toHaveTextContent('Kenya');
    await waitFor(() => expect(country).toHaveTextContent('Kenya'));
  });
});

describe('password reset dialog (docs/PRODUCT-RULES.md R70)', () => {
  const open = async () => {
    const dialog = await openFromTopBar('Login');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Forgot password?' }));
    return screen.findByRole('dialog', { name: 'Password Reset' });
  };

  it("says 'Check your email for the link' on success", async () => {
    const api = stubFetch({ 'POST /api/account/reset-password/': { message: 'ok' } });
    renderRoute('/no/such/page');
    const dialog = await open();
    type(dialog, 'Email', 'kip@example.com');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Send Link' }));
    expect(await within(dialog).findByText('Check your email for the link')).toBeInTheDocument();
    expect(api.to('/api/account/reset-password/')[0].body).toEqual({ email: 'kip@example.com' });
  });

  it("shows the server's email error", async () => {
    stubFetch({
      'POST /api/account/reset-password/': json({ email: ['Enter a valid email address'] }, 400),
    });
    renderRoute('/no/such/page');
    const dialog = await open();
    type(dialog, 'Email', 'kip@');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Send Link' }));
    expect(await within(dialog).findByText('Enter a valid email address')).toBeInTheDocument();
  });
});

describe('top bar session (docs/PRODUCT-RULES.md R124)', () => {
  const profile = {
    user: { username: 'kipchoge', first_name: 'Eliud', email: 'kip@example.com' },
    profile: {
      profile_image_url: null,
      monthly_rating: 0,
      subscribed: false,
      email_verified: false,
      country: 'KE',
      city: 'Eldoret',
      phone_number: '0712345678',
    },
    stats: [0, 0, 0, 0],
    stats2: { week_rating: 0 },
    dash: { rating: 0 },
    active_tips: [],
    finished_tips: [],
  };

  it('removes the token cookie when the profile call answers 401', async () => {
    setCookie('token', 'expired');
    stubFetch({ '/api/account/profile': json({ message: 'Unauthorized' }, 401) });
    renderRoute('/no/such/page');
    await waitFor(() => expect(getCookie('token')).toBeNull());
    expect(
      await within(screen.getByRole('banner')).findByRole('button', { name: 'Login' }),
    ).toBeInTheDocument();
  });

  it('shows the account menu and logs out (cookie removed, page reloaded)', async () => {
    setCookie('token', 'valid');
    setCookie('refresh', 'R1');
    const api = stubFetch({
      '/api/account/profile': profile,
      'POST /api/account/logout': { message: 'ok' },
    });
    renderRoute('/no/such/page');
    fireEvent.click(
      within(screen.getByRole('banner')).getByRole('button', { name: 'Account menu' }),
    );
    const account = await screen.findByRole('navigation', { name: 'Account' });
    expect(await within(account).findByText('kipchoge')).toBeInTheDocument();
    expect(within(account).getByRole('link', { name: 'Account Settings' })).toHaveAttribute(
      'href',
      '/account_settings',
    );
    fireEvent.click(within(account).getByRole('button', { name: 'Logout' }));
    await waitFor(() => expect(browser.reloadPage).toHaveBeenCalled());
    expect(getCookie('token')).toBeNull();
    expect(api.to('/api/account/logout')[0].body).toEqual({ refresh: 'R1' });
  });
});

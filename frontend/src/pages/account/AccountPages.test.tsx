import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { setCookie } from '../../lib/cookies';
import { json, stubFetch } from '../../test-fetch';
import { renderRoute } from '../../test-utils';

vi.mock('../../lib/browser', () => ({ reloadPage: vi.fn(), redirectTo: vi.fn() }));

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

const change = (scope: HTMLElement, label: string, value: string) =>
  fireEvent.change(within(scope).getByLabelText(label), { target: { value } });

describe('login-protected routes (docs/PRODUCT-RULES.md R96)', () => {
  it.each(['/account_settings', '/profile'])(
    '%s redirects to / without a token cookie',
    async (path) => {
      stubFetch({});
      const { router } = renderRoute(path);
      await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    },
  );

  it('/change_password without a token redirects to /', async () => {
    stubFetch({});
    const { router } = renderRoute('/change_password');
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
  });
});

describe('/account_settings (docs/PRODUCT-RULES.md R108, R127, R131, R133, R134, R70)', () => {
  const open = async (routes: Parameters<typeof stubFetch>[0] = {}) => {
    setCookie('token', 'valid');
    const api = stubFetch({ '/api/account/profile': profile, ...routes });
    renderRoute('/account_settings');
    await screen.findByRole('heading', { level: 1, name: 'Account Settings' });
    return api;
  };

  it('shows the account data with username and country read-only', async () => {
    await open();
    const account = screen.getByRole('region', { name: 'Account' });
    expect(account).toHaveTextContent('Usernamekipchoge');
    expect(account).toHaveTextContent('CountryKE');
    expect(within(account).getByLabelText('Name')).toHaveValue('Eliud');
    expect(within(account).getByLabelText('City')).toHaveValue('Eldoret');
    expect(within(account).queryByLabelText('Username')).not.toBeInTheDocument();
  });

  it("reads 'Password Set', checks the form and shows the first old_password error", async () => {
    await open({
      'PUT /api/account/change-password': json({ old_password: ['Wrong password', 'x'] }, 400),
    });
    const section = screen.getByRole('region', { name: 'Password' });
    expect(section).toHaveTextContent('Password Set');
    fireEvent.click(within(section).getByRole('button', { name: 'Change' }));
    change(section, 'New password', 'short');
    change(section, 'Confirm password', 'other');
    fireEvent.click(within(section).getByRole('button', { name: 'Save' }));
    expect(within(section).getByText('Fill this')).toBeInTheDocument();
    expect(
      within(section).getByText('Password should be 8 characters or more'),
    ).toBeInTheDocument();
    expect(within(section).getByText('Confirm password is not equal')).toBeInTheDocument();

    change(section, 'Old password', 'bad-old');
    change(section, 'New password', 'newpass123');
    change(section, 'Confirm password', 'newpass123');
    fireEvent.click(within(section).getByRole('button', { name: 'Save' }));
    expect(await within(section).findByText('Wrong password')).toBeInTheDocument();
  });

  it("says 'Saved' after a password change and collapses again", async () => {
    const api = await open({ 'PUT /api/account/change-password': { message: 'Saved' } });
    const section = screen.getByRole('region', { name: 'Password' });
    fireEvent.click(within(section).getByRole('button', { name: 'Change' }));
    change(section, 'Old password', 'oldpass123');
    change(section, 'New password', 'newpass123');
    change(section, 'Confirm password', 'newpass123');
    fireEvent.click(within(section).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Saved')).toBeInTheDocument();
    expect(section).toHaveTextContent('Password Set');
    expect(api.requests.find((request) => request.method === 'PUT')).toMatchObject({
      path: '/api/account/change-password',
      body: { old_password: 'oldpass123', new_password: 'newpass123' },
    });
  });

  it('changes phone and e-mail locally with their rules', async () => {
    const api = await open();
    const phone = screen.getByRole('region', { name: 'Phone' });
    fireEvent.click(within(phone).getByRole('button', { name: 'Change' }));
    change(phone, 'Phone number', '07123');
    fireEvent.click(within(phone).getByRole('button', { name: 'Save' }));
    expect(within(phone).getByText('Phone number should have 10 digits')).toBeInTheDocument();
    change(phone, 'Phone number', '07123a5678');
    fireEvent.click(within(phone).getByRole('button', { name: 'Save' }));
    expect(within(phone).getByText('Only digits allowed')).toBeInTheDocument();
    change(phone, 'Phone number', '0798765432');
    fireEvent.click(within(phone).getByRole('button', { name: 'Save' }));
    expect(phone).toHaveTextContent('0798765432');

    const email = screen.getByRole('region', { name: 'Email' });
    fireEvent.click(within(email).getByRole('button', { name: 'Change' }));
    change(email, 'Email', 'kip@');
    fireEvent.click(within(email).getByRole('button', { name: 'Save' }));
    expect(within(email).getByText('Enter valid email')).toBeInTheDocument();
    expect(api.requests.map((request) => request.path)).toEqual(['/api/account/profile']);
  });

  it('refuses a non-image avatar before uploading', async () => {
    const api = await open();
    const file = new File(['%PDF'], 'cv.pdf', { type: 'application/pdf' });
    fireEvent.change(screen.getByLabelText('Profile image'), { target: { files: [file] } });
    expect(await screen.findByText('Choose an image file')).toBeInTheDocument();
    expect(api.to('/api/account/user/avatar')).toHaveLength(0);
  });
});

describe('/email-verification/{code} (docs/PRODUCT-RULES.md R107, R70)', () => {
  it('asks to log in without a token', async () => {
    const api = stubFetch({});
    renderRoute('/email-verification/abc123');
    expect(
      await screen.findByText('You need to be logged in to use the email verification link'),
    ).toBeInTheDocument();
    expect(api.to('/api/account/verify-email-verification/abc123')).toHaveLength(0);
  });

  it('verifies on open', async () => {
    setCookie('token', 'valid');
    const api = stubFetch({
      '/api/account/profile': profile,
      'POST /api/account/verify-email-verification/abc123': { message: 'Email verified' },
    });
    renderRoute('/email-verification/abc123');
    expect(await screen.findByText('Email verified')).toBeInTheDocument();
    expect(api.to('/api/account/verify-email-verification/abc123')).toHaveLength(1);
  });

  it.each([
    [
      json({ message: 'Invalid or expired verification code' }, 400),
      'Invalid or expired verification code',
    ],
    [new Response('', { status: 400 }), 'An error occured'],
  ])("shows the server's message, else 'An error occured'", async (response, message) => {
    setCookie('token', 'valid');
    stubFetch({
      '/api/account/profile': profile,
      'POST /api/account/verify-email-verification/abc123': response,
    });
    renderRoute('/email-verification/abc123');
    expect(await screen.findByText(message)).toBeInTheDocument();
  });
});

describe('/change_password/{token} (docs/PRODUCT-RULES.md R132, R70)', () => {
  const submit = async (password: string, confirm: string) => {
    change(document.body, 'New password', password);
    change(document.body, 'Confirm password', confirm);
    fireEvent.click(screen.getByRole('button', { name: 'Set Password' }));
  };

  it('checks the form with the spec messages', async () => {
    stubFetch({});
    renderRoute('/change_password/tok');
    await screen.findByLabelText('New password');
    await submit('', '');
    expect(screen.getByText('Fill This')).toBeInTheDocument();
    expect(screen.getByText('Fill this')).toBeInTheDocument();
    await submit('short', 'other');
    expect(screen.getByText('At least 8 characters')).toBeInTheDocument();
    expect(screen.getByText('This should be similar to the password')).toBeInTheDocument();
  });

  it("says 'Password set successfully.'", async () => {
    const api = stubFetch({ 'POST /api/account/reset-password/confirm/': { message: 'ok' } });
    renderRoute('/change_password/tok');
    await screen.findByLabelText('New password');
    await submit('newpass123', 'newpass123');
    expect(await screen.findByText('Password set successfully.')).toBeInTheDocument();
    expect(api.requests[0].body).toEqual({ password: 'newpass123', token: 'tok' });
  });

  it.each([
    [json({ password: ['This password is too common.'] }, 400), 'This password is too common.'],
    [json({ token: ['Invalid token'] }, 400), 'Invalid token. Repeat the process.'],
  ])(
    'shows the first password error, else the invalid-token message',
    async (response, message) => {
      stubFetch({ 'POST /api/account/reset-password/confirm/': response });
      renderRoute('/change_password/tok');
      await screen.findByLabelText('New password');
      await submit('newpass123', 'newpass123');
      expect(await screen.findByText(message)).toBeInTheDocument();
    },
  );
});

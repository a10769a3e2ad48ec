import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router';
import type { DataProvider } from 'react-admin';
import { describe, expect, it, vi } from 'vitest';
import { setCookie } from '../../lib/cookies';
import { json, stubFetch } from '../../test-fetch';
import { fakeJwt } from '../../test-utils';
import { BackofficeApp } from '../BackofficeApp';

const signInAs = (role: string) =>
  setCookie('token', fakeJwt({ sub: '7', role, exp: Math.floor(Date.now() / 1000) + 3600 }));

const emptyProvider = {
  getList: vi.fn(async () => ({ data: [], total: 0 })),
  getOne: vi.fn(async () => ({ data: {} })),
  getMany: vi.fn(async () => ({ data: [] })),
  getManyReference: vi.fn(async () => ({ data: [], total: 0 })),
  create: vi.fn(),
  update: vi.fn(),
  updateMany: vi.fn(),
  delete: vi.fn(),
  deleteMany: vi.fn(),
} as unknown as DataProvider;

/**
 * The server's figures: today's and this month's income are already the tipster's 60% share, and
 * `can_withdraw` is the server's word on the Ksh 500 minimum (here: a whole amount to take).
 */
const summary = (balance: string, withdrawable = '0.00') => ({
  pending_amount: '120.00',
  account_balance: balance,
  total_earnings: '5000.00',
  today_earnings: '100.00',
  month_earnings: '1000.00',
  withdrawable_amount: withdrawable,
  can_withdraw: withdrawable !== '0.00',
});

const profile = {
  user: { username: 'kipchoge', first_name: 'Eliud' },
  profile: {
    profile_image_url: null,
    monthly_rating: '0',
    subscribed: false,
    email_verified: true,
    country: 'KE',
    city: '',
    phone_number: '0722000111',
  },
  stats: [20, 15, 5, '72.5'],
  stats2: { week_rating: '0' },
  dash: { rating: '72.5' },
  active_tips: [],
  finished_tips: [],
};

const renderAt = (path: string) =>
  render(
    <MemoryRouter initialEntries={[path]}>
      <Routes>
        <Route path="/dashboard/*" element={<BackofficeApp dataProvider={emptyProvider} />} />
      </Routes>
    </MemoryRouter>,
  );

const tile = (label: string) => screen.findByTestId(`tile-${label}`);

describe('Tipster dashboard', () => {
  it('shows the finance figures, the rating and the share link', async () => {
    signInAs('tipster');
    stubFetch({
      '/api/finance/pending_amount': summary('800.00', '800.00'),
      '/api/account/profile': profile,
    });
    renderAt('/dashboard');
    await waitFor(async () =>
      expect(await tile('Account Balance')).toHaveTextContent('Ksh. 800.00'),
    );
    expect(await tile('Pending Payments')).toHaveTextContent('Ksh. 120.00');
    expect(await tile('Total Earnings')).toHaveTextContent('Ksh. 5,000.00');
    // The server's figures as they are: no second 40% off a share that is already net of the fee.
    expect(await tile("Today's Income - 40% Fee")).toHaveTextContent('Ksh. 100.00');
    expect(await tile('Monthly Income - 40% Fee')).toHaveTextContent('Ksh. 1,000.00');
    await waitFor(async () => expect(await tile('My Rating')).toHaveTextContent('72.50%'));
    expect(screen.getByRole('link', { name: /Total Earnings/ })).toHaveAttribute(
      'href',
      '/dashboard/earnings',
    );
    expect(screen.getByRole('link', { name: 'Withdraw Requests' })).toHaveAttribute(
      'href',
      '/dashboard/withdraw',
    );
    expect(screen.getByRole('link', { name: 'Settings' })).toHaveAttribute(
      'href',
      '/account_settings',
    );
    // The own tips pages (docs/PRODUCT-RULES.md R110: /dashboard/active_tips/{username},
    // /dashboard/finished_tips/{username}).
    await waitFor(() =>
      expect(screen.getByRole('link', { name: 'View Latest Tips' })).toHaveAttribute(
        'href',
        '/dashboard/active_tips/kipchoge',
      ),
    );
    expect(screen.getByRole('link', { name: 'Published Tips' })).toHaveAttribute(
      'href',
      '/dashboard/finished_tips/kipchoge',
    );
    expect(screen.getByRole('link', { name: 'Add Tips' })).toHaveAttribute(
      'href',
      '/dashboard/add_tips',
    );
    expect(screen.getByRole('textbox', { name: 'Profile link' })).toHaveValue(
      `${window.location.origin}/profile/kipchoge`,
    );
    expect(screen.getByText('Minimum withdrawal is Ksh. 500')).toBeInTheDocument();
    expect(
      screen.getByText('Your slips, earnings and withdrawals are in the menu.'),
    ).toBeInTheDocument();
  });

  it('alerts the minimum balance and opens no dialog while the server says the balance is under Ksh 500', async () => {
    signInAs('tipster');
    stubFetch({
      '/api/finance/pending_amount': summary('499.99'),
      '/api/account/profile': profile,
    });
    renderAt('/dashboard');
    await waitFor(async () =>
      expect(await tile('Account Balance')).toHaveTextContent('Ksh. 499.99'),
    );
    fireEvent.click(screen.getByRole('button', { name: 'Withdraw Cash' }));
    expect(
      await screen.findByText(
        'Minimum withdrawal amount is Ksh. 500. Account Balance should be at least Ksh. 500',
      ),
    ).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('states the amount the server will take and prefills the account phone', async () => {
    signInAs('tipster');
    stubFetch({
      '/api/finance/pending_amount': summary('1250.40', '1250.00'),
      '/api/account/profile': profile,
    });
    renderAt('/dashboard');
    await waitFor(async () =>
      expect(await tile('Account Balance')).toHaveTextContent('Ksh. 1,250.40'),
    );
    await waitFor(() =>
      expect(screen.getByRole('link', { name: 'View Latest Tips' })).toHaveAttribute(
        'href',
        '/dashboard/active_tips/kipchoge',
      ),
    );
    fireEvent.click(screen.getByRole('button', { name: 'Withdraw Cash' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByTestId('withdraw-amount')).toHaveTextContent('Ksh. 1,250.00');
    expect(within(dialog).getByLabelText('M-Pesa phone number')).toHaveValue('0722000111');
  });

  it('validates the phone, shows the server message, and refreshes the tiles on success', async () => {
    signInAs('tipster');
    let balance = '800.00';
    let fail = true;
    const fetchStub = stubFetch({
      '/api/finance/pending_amount': () => summary(balance, balance === '0.00' ? '0.00' : '800.00'),
      '/api/account/profile': profile,
      'POST /api/finance/withdraw_request': () => {
        if (fail) return json({ message: 'Enter a valid phone number' }, 400);
        balance = '0.00';
        return { message: 'Withdrawal request received' };
      },
    });
    renderAt('/dashboard');
    await waitFor(async () =>
      expect(await tile('Account Balance')).toHaveTextContent('Ksh. 800.00'),
    );
    fireEvent.click(screen.getByRole('button', { name: 'Withdraw Cash' }));
    const dialog = await screen.findByRole('dialog');
    const phone = within(dialog).getByLabelText('M-Pesa phone number');

    fireEvent.change(phone, { target: { value: '0712' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Withdraw' }));
    expect(await within(dialog).findByText('Enter a valid phone number')).toBeInTheDocument();
    expect(fetchStub.to('/api/finance/withdraw_request')).toHaveLength(0);

    fireEvent.change(phone, { target: { value: '0712345678' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Withdraw' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      'Enter a valid phone number',
    );
    expect(fetchStub.to('/api/finance/withdraw_request')[0]?.body).toEqual({
      phone_number: '0712345678',
    });

    fail = false;
    fireEvent.click(within(dialog).getByRole('button', { name: 'Withdraw' }));
    expect(await screen.findByText('Withdrawal request received')).toBeInTheDocument();
    await waitFor(async () => expect(await tile('Account Balance')).toHaveTextContent('Ksh. 0.00'));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('falls back to the generic error when the server sends no message', async () => {
    signInAs('tipster');
    stubFetch({
      '/api/finance/pending_amount': summary('800.00', '800.00'),
      '/api/account/profile': profile,
      'POST /api/finance/withdraw_request': new Response('', { status: 500 }),
    });
    renderAt('/dashboard');
    await waitFor(async () =>
      expect(await tile('Account Balance')).toHaveTextContent('Ksh. 800.00'),
    );
    fireEvent.click(screen.getByRole('button', { name: 'Withdraw Cash' }));
    const dialog = await screen.findByRole('dialog');
    fireEvent.change(within(dialog).getByLabelText('M-Pesa phone number'), {
      target: { value: '712345678' },
    });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Withdraw' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('Error occurred. Try again');
  });
});

describe('Tipster finance lists', () => {
  it('lists payments at /dashboard/earnings with the payment statuses', async () => {
    signInAs('tipster');
    const fetchStub = stubFetch({
      '/api/finance/get_payments': {
        payments: [
          { id: 1, slip: 42, amount: '60.00', status: 'W', date: '2026-05-01T08:00:00Z' },
          { id: 2, slip: 43, amount: '30.00', status: 'P', date: '2026-05-01T08:00:00Z' },
          { id: 3, slip: 44, amount: '10.00', status: 'X', date: '2026-05-01T08:00:00Z' },
        ],
        next: null,
        num_pages: 1,
        count: 3,
      },
    });
    renderAt('/dashboard/earnings');
    expect(await screen.findByText('Pending')).toBeInTheDocument();
    expect(screen.getByText('Paid')).toBeInTheDocument();
    expect(screen.getByText('Unpaid')).toBeInTheDocument();
    expect(screen.getByText('Ksh. 60.00')).toBeInTheDocument();
    expect(fetchStub.to('/api/finance/get_payments')[0]?.path).toBe(
      '/api/finance/get_payments?p=1',
    );
  });

  it("lists withdrawals at /dashboard/withdraw with the server's balance of each and the withdrawal statuses", async () => {
    signInAs('tipster');
    stubFetch({
      '/api/finance/withdrawals': {
        withdrawals: [
          {
            id: 1,
            amount: '900.00',
            status: 'P',
            phone_number: '254712345678',
            date: '2026-05-01T08:00:00Z',
            total_paid: '400.00',
            balance: '500.00',
          },
          {
            id: 2,
            amount: '700.00',
            status: 'W',
            phone_number: '254712345678',
            date: '2026-05-01T08:00:00Z',
            total_paid: '700.00',
            balance: '0.00',
          },
        ],
        next: null,
        num_pages: 1,
        count: 2,
      },
    });
    renderAt('/dashboard/withdraw');
    const pending = (await screen.findByText('Ksh. 500.00')).closest('tr') as HTMLElement;
    expect(within(pending).getByText('Pending')).toBeInTheDocument();
    const paid = screen.getByText('Ksh. 0.00').closest('tr') as HTMLElement;
    expect(within(paid).getByText('Paid')).toBeInTheDocument();
  });
});

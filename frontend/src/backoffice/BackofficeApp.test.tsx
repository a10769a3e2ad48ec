import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router';
import type { DataProvider, GetListParams } from 'react-admin';
import { describe, expect, it, vi } from 'vitest';
import { setCookie } from '../lib/cookies';
import { fakeJwt } from '../test-utils';
import { BackofficeApp } from './BackofficeApp';

const inOneHour = () => Math.floor(Date.now() / 1000) + 3600;

const signInAs = (role: string) =>
  setCookie('token', fakeJwt({ sub: '7', role, exp: inOneHour() }));

/** A data provider answering `rows` for every list (and the first row for getOne). */
const fakeDataProvider = (rows: Record<string, unknown>[] = []) => {
  const getList = vi.fn(async (_resource: string, _params: GetListParams) => ({
    data: rows,
    total: rows.length,
  }));
  const provider = {
    getList,
    getOne: vi.fn(async () => ({ data: rows[0] })),
    getMany: vi.fn(async () => ({ data: rows })),
    getManyReference: vi.fn(async () => ({ data: [], total: 0 })),
    create: vi.fn(),
    update: vi.fn(async (_r: string, params: { data: unknown }) => ({ data: params.data })),
    updateMany: vi.fn(),
    delete: vi.fn(),
    deleteMany: vi.fn(),
  } as unknown as DataProvider;
  return { provider, getList };
};

const renderAt = (path: string, dataProvider: DataProvider) =>
  render(
    <MemoryRouter initialEntries={[path]}>
      <Routes>
        <Route path="/dashboard/*" element={<BackofficeApp dataProvider={dataProvider} />} />
      </Routes>
    </MemoryRouter>,
  );

const menuLabels = () => screen.getAllByRole('menuitem').map((item) => item.textContent?.trim());

describe('BackofficeApp', () => {
  it("shows a tipster only their slips, earnings and withdrawals (role from the token's claim)", async () => {
    signInAs('tipster');
    renderAt('/dashboard', fakeDataProvider().provider);
    expect(await screen.findByRole('menuitem', { name: /Withdrawals/ })).toBeInTheDocument();
    expect(menuLabels()).toEqual(['Dashboard', 'Slips', 'Earnings', 'Withdrawals']);
    expect(
      screen.getByText('Your slips, earnings and withdrawals are in the menu.'),
    ).toBeInTheDocument();
  });

  it('shows an admin every resource', async () => {
    signInAs('admin');
    renderAt('/dashboard', fakeDataProvider().provider);
    expect(await screen.findByRole('menuitem', { name: /Audit log/ })).toBeInTheDocument();
    expect(menuLabels()).toEqual([
      'Dashboard',
      'Slips',
      'Earnings',
      'Withdrawals',
      'Users',
      'Posts',
      'Jackpots',
      'Fixtures',
      'Fixture imports',
      'Free tips',
      'Premium slips',
      'Subscription kinds',
      'Purchases',
      'SMS messages',
      'Picks deliveries',
      'Spending limits',
      'Unmatched payments',
      'Retention runs',
      'Audit log',
    ]);
  });

  it('lists with the default sort, sort buttons only on allowlisted columns', async () => {
    signInAs('admin');
    const { provider, getList } = fakeDataProvider([
      {
        id: 3,
        at: '2026-11-23T09:05:00Z',
        actor_username: 'root',
        action: 'update',
        resource: 'posts',
        record_id: '12',
      },
    ]);
    renderAt('/dashboard/audit-log', provider);
    expect(await screen.findByText('23 Nov 2026 12:05')).toBeInTheDocument();
    expect(getList).toHaveBeenCalledWith(
      'audit-log',
      expect.objectContaining({
        sort: { field: 'id', order: 'DESC' },
        pagination: { page: 1, perPage: 25 },
      }),
    );
    const headers = screen.getAllByRole('columnheader');
    const header = (label: string) => headers.find((h) => h.textContent?.trim() === label)!;
    expect(within(header('Actor')).getByRole('button')).toBeInTheDocument();
    expect(within(header('Record')).queryByRole('button')).toBeNull();
  });

  it('offers the search box and derived filters on a list with search fields (posts)', async () => {
    signInAs('admin');
    const { provider, getList } = fakeDataProvider([
      {
        id: 1,
        title: 'How accumulators work',
        slug: 'how-accumulators-work',
        author: 'Tips Desk',
        published: true,
        date_created: '2026-11-01T07:00:00Z',
        updated_at: '2026-11-01T07:00:00Z',
      },
    ]);
    renderAt('/dashboard/posts', provider);
    expect(await screen.findByText('How accumulators work')).toBeInTheDocument();
    fireEvent.change(screen.getByPlaceholderText('Search'), { target: { value: 'odds' } });
    await waitFor(() =>
      expect(getList).toHaveBeenLastCalledWith(
        'posts',
        expect.objectContaining({ filter: { q: 'odds' } }),
      ),
    );
    expect(getList).toHaveBeenCalledWith(
      'posts',
      expect.objectContaining({ sort: { field: 'date_created', order: 'DESC' } }),
    );
  });

  it('shows withdrawals in Ksh with status chips, and Approve / Reject only to an admin on pending ones', async () => {
    const rows = [
      {
        id: 1,
        user_id: 7,
        amount: '1500',
        total_paid: '0.00',
        status: 'P',
        phone_number: '254712345678',
        date: '2026-11-23T09:05:00Z',
      },
      {
        id: 2,
        user_id: 7,
        amount: '800.5',
        total_paid: '800.50',
        status: 'W',
        phone_number: '254712345678',
        date: '2026-11-20T09:05:00Z',
      },
    ];
    signInAs('admin');
    const admin = renderAt('/dashboard/withdrawals', fakeDataProvider(rows).provider);
    expect(await screen.findByText('Ksh. 1,500.00')).toBeInTheDocument();
    expect(screen.getAllByText('Ksh. 800.50')).toHaveLength(2);
    expect(screen.getByText('Pending')).toBeInTheDocument();
    expect(screen.getByText('Paid')).toBeInTheDocument();
    expect(await screen.findAllByRole('button', { name: 'Approve' })).toHaveLength(1);
    expect(screen.getAllByRole('button', { name: 'Reject' })).toHaveLength(1);
    admin.unmount();

    signInAs('tipster');
    renderAt('/dashboard/withdrawals', fakeDataProvider(rows).provider);
    expect(await screen.findByText('Ksh. 1,500.00')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Approve' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Reject' })).toBeNull();
  });
});

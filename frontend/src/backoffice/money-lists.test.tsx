import { render, screen, within } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router';
import type { DataProvider } from 'react-admin';
import { describe, expect, it, vi } from 'vitest';
import { setCookie } from '../lib/cookies';
import { fakeJwt } from '../test-utils';
import { BackofficeApp } from './BackofficeApp';

/**
 * Money in the admin's lists: each purchase amount in its own currency (never "Ksh." before
 * NGN or UGX), and withdrawals naming the tipster and the approver by username (the server
 * sends them next to the ids).
 */
const providerWith = (records: Record<string, unknown>[]) =>
  ({
    getList: vi.fn(async () => ({ data: records, total: records.length })),
    getOne: vi.fn(async () => ({ data: records[0] })),
    getMany: vi.fn(async () => ({ data: records })),
    getManyReference: vi.fn(async () => ({ data: [], total: 0 })),
    create: vi.fn(),
    update: vi.fn(),
    updateMany: vi.fn(),
    delete: vi.fn(),
    deleteMany: vi.fn(),
  }) as unknown as DataProvider;

const renderAt = (path: string, records: Record<string, unknown>[]) => {
  setCookie(
    'token',
    fakeJwt({ sub: '1', role: 'admin', exp: Math.floor(Date.now() / 1000) + 3600 }),
  );
  render(
    <MemoryRouter initialEntries={[path]}>
      <Routes>
        <Route
          path="/dashboard/*"
          element={<BackofficeApp dataProvider={providerWith(records)} />}
        />
      </Routes>
    </MemoryRouter>,
  );
};

const purchase = (id: number, currency: string, amount: string) => ({
  id,
  kind: 'slip',
  slip: 7,
  phone: null,
  email: 'buyer@example.com',
  amount,
  currency,
  provider: currency === 'KES' ? 'mpesa' : 'flutterwave',
  status: 'paid',
  flagged: false,
  created_at: '2026-11-23T09:05:00Z',
});

describe('admin money lists', () => {
  it('shows each purchase amount in its own currency', async () => {
    renderAt('/dashboard/purchases', [
      purchase(1, 'KES', '50.00'),
      purchase(2, 'NGN', '617.28'),
      purchase(3, 'UGX', '1850.00'),
    ]);
    const row = async (text: string) =>
      (await screen.findByText(text)).closest('tr') as HTMLElement;
    expect(within(await row('Ksh. 50.00')).getByText('KES')).toBeInTheDocument();
    expect(within(await row('NGN 617.28')).getByText('NGN')).toBeInTheDocument();
    expect(within(await row('UGX 1,850.00')).getByText('UGX')).toBeInTheDocument();
    expect(screen.queryByText(/Ksh\. (617\.28|1,850\.00)/)).toBeNull();
  }, 30_000);

  it('names the tipster and the approver of a withdrawal by username, ids kept', async () => {
    renderAt('/dashboard/withdrawals', [
      {
        id: 9,
        user_id: 41,
        username: 'wanjiru_tips',
        amount: '1250.00',
        total_paid: '0.00',
        status: 'P',
        phone_number: '254712000001',
        approved_at: '2026-11-23T10:00:00Z',
        approved_by: 3,
        approved_by_username: 'admin_otieno',
        rejected_by: null,
        rejected_by_username: null,
        failure_reason: null,
        date: '2026-11-23T09:05:00Z',
      },
    ]);
    const row = (await screen.findByText('wanjiru_tips')).closest('tr') as HTMLElement;
    expect(within(row).getByText('admin_otieno')).toBeInTheDocument();
    expect(within(row).getByText('41')).toBeInTheDocument();
    expect(within(row).getByText('Ksh. 1,250.00')).toBeInTheDocument();
  }, 30_000);
});

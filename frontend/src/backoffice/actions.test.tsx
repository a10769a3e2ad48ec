import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router';
import type { DataProvider } from 'react-admin';
import { describe, expect, it, vi } from 'vitest';
import { setCookie } from '../lib/cookies';
import { fakeJwt } from '../test-utils';
import { BackofficeApp } from './BackofficeApp';

const signInAsAdmin = () =>
  setCookie(
    'token',
    fakeJwt({ sub: '1', role: 'admin', exp: Math.floor(Date.now() / 1000) + 3600 }),
  );

/** A data provider serving `rows` for one resource and recording updates. */
const provider = (rows: Record<string, unknown>[]) => {
  const update = vi.fn(
    async (_resource: string, params: { id: unknown; data: Record<string, unknown> }) => ({
      data: { ...rows.find((r) => r.id === params.id), ...params.data },
    }),
  );
  const dataProvider = {
    getList: vi.fn(async () => ({ data: rows, total: rows.length })),
    getOne: vi.fn(async (_r: string, { id }: { id: unknown }) => ({
      data: rows.find((r) => String(r.id) === String(id)),
    })),
    getMany: vi.fn(async () => ({ data: rows })),
    getManyReference: vi.fn(async () => ({ data: [], total: 0 })),
    create: vi.fn(),
    update,
    updateMany: vi.fn(),
    delete: vi.fn(),
    deleteMany: vi.fn(),
  } as unknown as DataProvider;
  return { dataProvider, update };
};

const renderAt = (path: string, dataProvider: DataProvider) =>
  render(
    <MemoryRouter initialEntries={[path]}>
      <Routes>
        <Route path="/dashboard/*" element={<BackofficeApp dataProvider={dataProvider} />} />
      </Routes>
    </MemoryRouter>,
  );

describe('back-office record actions', () => {
  it('flags a purchase only with a reason, sending {flagged, reason}', async () => {
    signInAsAdmin();
    const { dataProvider, update } = provider([
      {
        id: 9,
        kind: 'slip',
        amount: '100.00',
        currency: 'KES',
        provider: 'mpesa',
        status: 'paid',
        flagged: false,
        created_at: '2026-11-23T09:05:00Z',
      },
    ]);
    renderAt('/dashboard/purchases/9/show', dataProvider);
    fireEvent.click(await screen.findByRole('button', { name: 'Flag' }));
    expect(await screen.findByText('Flag purchase for review')).toBeInTheDocument();
    const dialogSubmit = screen.getAllByRole('button', { name: 'Flag' }).at(-1)!;
    expect(dialogSubmit).toBeDisabled();
    fireEvent.change(screen.getByLabelText(/Reason/), {
      target: { value: '  Paid amount differs  ' },
    });
    expect(dialogSubmit).toBeEnabled();
    fireEvent.click(dialogSubmit);
    await waitFor(() => expect(update).toHaveBeenCalled());
    expect(update.mock.calls[0]![0]).toBe('purchases');
    expect(update.mock.calls[0]![1]).toMatchObject({
      id: 9,
      data: { flagged: true, reason: 'Paid amount differs' },
    });
  });

  it('resends a failed SMS at once, and a delivered one only after confirming (force)', async () => {
    signInAsAdmin();
    const { dataProvider, update } = provider([
      {
        id: 5,
        to: '254712345678',
        body: 'Your picks',
        purpose: 'slip',
        status: 'failed',
        attempts: 3,
        created_at: '2026-11-23T09:05:00Z',
      },
      {
        id: 6,
        to: '254712345679',
        body: 'Your picks',
        purpose: 'slip',
        status: 'delivered',
        attempts: 1,
        created_at: '2026-11-23T09:06:00Z',
      },
    ]);
    renderAt('/dashboard/sms-messages', dataProvider);
    const resendButtons = async () => {
      await waitFor(() =>
        expect(screen.getAllByRole('button', { name: 'Resend' })).toHaveLength(2),
      );
      return screen.getAllByRole('button', { name: 'Resend' });
    };
    fireEvent.click((await resendButtons())[0]!);
    await waitFor(() => expect(update).toHaveBeenCalledTimes(1));
    expect(update.mock.calls[0]![1]).toMatchObject({ id: 5, data: { resend: true } });
    expect(update.mock.calls[0]![1].data).not.toHaveProperty('force');

    fireEvent.click((await resendButtons())[1]!);
    expect(
      await screen.findByText('This SMS was delivered. Send it again (a second paid SMS)?'),
    ).toBeInTheDocument();
    expect(update).toHaveBeenCalledTimes(1);
    fireEvent.click(screen.getByRole('button', { name: 'Confirm' }));
    await waitFor(() => expect(update).toHaveBeenCalledTimes(2));
    expect(update.mock.calls[1]![1]).toMatchObject({ id: 6, data: { resend: true, force: true } });
  });

  it('approves a pending withdrawal with PUT {status: approved} after confirming the amount', async () => {
    signInAsAdmin();
    const { dataProvider, update } = provider([
      {
        id: 4,
        user_id: 7,
        amount: '1500.00',
        total_paid: '0.00',
        status: 'P',
        phone_number: '254712345678',
        date: '2026-11-23T09:05:00Z',
      },
    ]);
    renderAt('/dashboard/withdrawals/4/show', dataProvider);
    fireEvent.click(await screen.findByRole('button', { name: 'Approve' }));
    expect(
      await screen.findByText('Pay Ksh. 1,500.00 to 254712345678 by M-Pesa?'),
    ).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Confirm' }));
    await waitFor(() => expect(update).toHaveBeenCalled());
    expect(update.mock.calls[0]![1]).toMatchObject({ id: 4, data: { status: 'approved' } });
  });

  it('bans a user after confirming, and offers no Ban on an admin', async () => {
    signInAsAdmin();
    const { dataProvider, update } = provider([
      {
        id: 21,
        username: 'wanjiku',
        email: 'w@example.com',
        role: 'tipster',
        banned: false,
        date_joined: '2026-11-01T07:00:00Z',
      },
      {
        id: 22,
        username: 'root',
        email: 'r@example.com',
        role: 'admin',
        banned: false,
        date_joined: '2026-11-01T07:00:00Z',
      },
    ]);
    const first = renderAt('/dashboard/users/21/show', dataProvider);
    fireEvent.click(await screen.findByRole('button', { name: 'Ban' }));
    expect(
      await screen.findByText('Ban wanjiku? They are logged out everywhere and cannot log in.'),
    ).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Confirm' }));
    await waitFor(() => expect(update).toHaveBeenCalled());
    expect(update.mock.calls[0]![1]).toMatchObject({ id: 21, data: { banned: true } });
    first.unmount();

    renderAt('/dashboard/users/22/show', dataProvider);
    expect(await screen.findByText('r@example.com')).toBeInTheDocument();
    expect(await screen.findByRole('link', { name: 'Edit' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Ban' })).toBeNull();
  });
});

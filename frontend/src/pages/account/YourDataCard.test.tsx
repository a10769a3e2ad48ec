import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { saveTextFile } from '../../lib/browser';
import { getCookie, setCookie } from '../../lib/cookies';
import { json, stubFetch } from '../../test-fetch';
import { renderRoute } from '../../test-utils';

vi.mock('../../lib/browser', () => ({
  reloadPage: vi.fn(),
  redirectTo: vi.fn(),
  saveTextFile: vi.fn(),
}));

const profile = {
  user: { username: 'kipchoge', first_name: 'Eliud', email: 'kip@example.com' },
  profile: {
    profile_image_url: null,
    monthly_rating: 0,
    subscribed: false,
    email_verified: true,
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

describe('/account_settings "Your data" (docs/PRODUCT-RULES.md R260-R262)', () => {
  const open = async (routes: Parameters<typeof stubFetch>[0] = {}) => {
    setCookie('token', 'valid');
    const api = stubFetch({ '/api/account/profile': profile, ...routes });
    renderRoute('/account_settings');
    return { api, section: await screen.findByRole('region', { name: 'Your data' }) };
  };

  it('downloads the document after a password proof', async () => {
    const doc = { format: 'tips-personal-data/1', profile: { username: 'kipchoge' } };
    const { api, section } = await open({
      'POST /api/account/reauth': { proof: 'v1.1.2.abc', expires_at: '2026-12-05T09:05:00.000Z' },
      'GET /api/account/my-data': doc,
    });
    const download = within(section).getByRole('button', { name: 'Download' });
    expect(download).toBeDisabled();
    change(section, 'Password to download', 'my-password-1');
    fireEvent.click(download);
    await waitFor(() =>
      expect(saveTextFile).toHaveBeenCalledWith('my-data.json', JSON.stringify(doc, null, 2)),
    );
    expect(
      api.requests.find((r) => r.method === 'POST' && r.path === '/api/account/reauth')?.body,
    ).toEqual({ password: 'my-password-1' });
    expect(api.requests.some((r) => r.path === '/api/account/my-data?proof=v1.1.2.abc')).toBe(true);
  });

  it("shows a wrong password under the server's message", async () => {
    const { section } = await open({
      'POST /api/account/reauth': json(
        { message: 'Wrong password', password: ['Wrong password'] },
        400,
      ),
    });
    change(section, 'Password to download', 'nope');
    fireEvent.click(within(section).getByRole('button', { name: 'Download' }));
    expect(await within(section).findByText('Wrong password')).toBeInTheDocument();
  });

  it("closes only with DELETE typed, and shows the server's figures when money is owed", async () => {
    const { api, section } = await open({
      'DELETE /api/account': json(
        {
          message:
            'Withdraw your balance and wait until your slips are settled before closing your account',
          balance: '600.00',
          pending_amount: '60.00',
          open_withdrawals: 0,
          open_slips: 1,
        },
        409,
      ),
    });
    const closeButton = within(section).getByRole('button', { name: 'Close account' });
    change(section, 'Password to close', 'my-password-1');
    change(section, 'Type DELETE', 'delete');
    expect(closeButton).toBeDisabled();
    change(section, 'Type DELETE', 'DELETE');
    fireEvent.click(closeButton);
    const alert = await within(section).findByRole('alert');
    expect(alert).toHaveTextContent('Withdraw your balance and wait until your slips are settled');
    expect(alert).toHaveTextContent(
      'Balance Ksh. 600.00, pending Ksh. 60.00, withdrawals waiting 0, slips not settled 1.',
    );
    expect(api.requests.find((r) => r.method === 'DELETE')?.body).toEqual({
      password: 'my-password-1',
      confirmation: 'DELETE',
    });
  });

  it('logs out once the account is closed', async () => {
    const { section } = await open({
      'DELETE /api/account': {
        message: 'Your account is closed',
        shown_as: 'deleted tipster',
        unclaimed_balance: '12.00',
      },
    });
    change(section, 'Password to close', 'my-password-1');
    change(section, 'Type DELETE', 'DELETE');
    fireEvent.click(within(section).getByRole('button', { name: 'Close account' }));
    expect(
      await within(section).findByText(
        /Your account is closed\. Unclaimed balance \(below the minimum withdrawal\): Ksh\. 12\.00/,
      ),
    ).toBeInTheDocument();
    expect(getCookie('token')).toBeNull();
  });
});

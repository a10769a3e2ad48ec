import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { json, stubFetch } from '../../test-fetch';
import { renderRoute } from '../../test-utils';
import { controlsSummary } from './ResponsibleGamblingPage';

const type = (label: string | RegExp, value: string) =>
  fireEvent.change(screen.getByLabelText(label), { target: { value } });

describe('/responsible-gambling', () => {
  it('sends a code, then sets a daily limit with it and says what holds', async () => {
    const api = stubFetch({
      'POST /api/rg/code': { message: 'Code sent' },
      'POST /api/rg/limit': {
        phone: '254712345678',
        daily_cap_ksh: '500.00',
        next_cap_ksh: '900.00',
        next_cap_from: '2026-11-27T07:00:00.000Z',
        excluded_until: null,
      },
    });
    renderRoute('/responsible-gambling');
    expect(
      await screen.findByRole('heading', { name: 'Responsible gambling' }),
    ).toBeInTheDocument();
    expect(
      screen.getAllByText(/18\+ only\. Gambling is addictive, play responsibly\./).length,
    ).toBeGreaterThan(0);
    type('Phone number', '0712345678');
    fireEvent.click(screen.getByRole('button', { name: 'Send code' }));
    expect(await screen.findByText(/We sent a 6-digit code to 0712345678/)).toBeInTheDocument();
    expect(api.to('/api/rg/code')[0].body).toEqual({ phone: '0712345678' });

    type('Code from the SMS', '123456');
    type('Limit per day (Ksh)', '500');
    fireEvent.click(screen.getByRole('button', { name: 'Set limit' }));
    const status = await screen.findByRole('status');
    expect(status).toHaveTextContent('Your daily limit is Ksh. 500.00.');
    expect(status).toHaveTextContent(
      'Your higher limit of Ksh. 900.00 applies from 27 Nov 2026 at 10:00 (Nairobi time).',
    );
    expect(api.to('/api/rg/limit')[0].body).toEqual({
      phone: '0712345678',
      code: '123456',
      daily_cap_ksh: 500,
    });
  });

  it('excludes only after the visitor confirms, and shows the server message on a wrong code', async () => {
    const api = stubFetch({
      'POST /api/rg/self-exclusion': json(
        { message: 'The code is wrong or has expired. Ask for a new one.' },
        400,
      ),
    });
    renderRoute('/responsible-gambling');
    type(await screen.findByLabelText('Phone number').then(() => 'Phone number'), '0712345678');
    type('Code from the SMS', '000000');
    fireEvent.click(screen.getByRole('radio', { name: '6 months' }));
    const exclude = screen.getByRole('button', { name: 'Exclude me' });
    expect(exclude).toBeDisabled();
    fireEvent.click(screen.getByRole('checkbox', { name: 'I understand this cannot be undone' }));
    fireEvent.click(exclude);
    expect(
      await screen.findByText('The code is wrong or has expired. Ask for a new one.'),
    ).toBeInTheDocument();
    await waitFor(() =>
      expect(api.to('/api/rg/self-exclusion')[0].body).toEqual({
        phone: '0712345678',
        code: '000000',
        period: '6m',
      }),
    );
  });

  it('summarises an exclusion', () => {
    expect(
      controlsSummary({
        phone: '254712345678',
        daily_cap_ksh: null,
        next_cap_ksh: null,
        next_cap_from: null,
        excluded_until: '2027-05-26T09:00:00.000Z',
      }),
    ).toEqual(['This phone cannot buy tips until 26 May 2027 at 12:00 (Nairobi time).']);
  });
});

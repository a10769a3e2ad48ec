import { fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { BuyerPurchase } from '../../api/buyer';
import { buildSlip, buildTip, json, stubFetch, type StubbedRequest } from '../../test-fetch';
import { renderRoute } from '../../test-utils';

const type = (label: string, value: string) =>
  fireEvent.change(screen.getByLabelText(label), { target: { value } });

const purchase = (over: Partial<BuyerPurchase>): BuyerPurchase => ({
  id: '1',
  kind: 'slip',
  status: 'paid',
  price: '150.00',
  currency: 'KES',
  created_at: '2026-11-23T12:00:00+03:00',
  paid_at: '2026-11-23T12:00:30+03:00',
  slip_id: 7,
  tipster: 'wanjiku_tips',
  subscription_type: null,
  result: null,
  slip: null,
  ...over,
});

const paid = purchase({
  id: '3',
  slip_id: 7,
  slip: buildSlip({
    id: 7,
    tips: [
      buildTip({
        home_team: 'Leeds',
        away_team: 'Spurs',
        market_type: 1,
        odd: '2.00',
        fixture: 12,
      }),
    ],
  }),
});
const failed = purchase({
  id: '2',
  slip_id: 8,
  status: 'failed',
  paid_at: null,
  price: '200.00',
  slip: buildSlip({
    id: 8,
    tips: [
      buildTip({
        home_team: 'Arsenal',
        away_team: 'Chelsea',
        fixture: 11,
        market_type: undefined,
        odd: undefined,
      }),
    ],
  }),
});
const older = purchase({
  id: '1',
  kind: 'subscription',
  slip_id: null,
  tipster: null,
  subscription_type: 'gold',
  status: 'pending',
  paid_at: null,
  price: '500.00',
});

describe('/my-tips', () => {
  it('sends a code, lists the purchases with the picks of the paid one, and loads more', async () => {
    const api = stubFetch({
      'POST /api/buyer/code': { message: 'Code sent' },
      'GET /api/buyer/purchases': (req: StubbedRequest) =>
        req.url.searchParams.get('before') === '2'
          ? { data: [older], next: null, voucher_balance: '0.00', vouchers: [] }
          : { data: [paid, failed], next: '2', voucher_balance: '0.00', vouchers: [] },
      'GET /api/slip/markets': { markets: [{ id: 1, value: 'HOME WIN', name: '1X2' }] },
    });
    renderRoute('/my-tips');
    expect(await screen.findByRole('heading', { name: 'My tips' })).toBeInTheDocument();
    type('Phone number', '0712345678');
    fireEvent.click(screen.getByRole('button', { name: 'Send code' }));
    expect(await screen.findByText(/We sent a 6-digit code to 0712345678/)).toBeInTheDocument();
    expect(api.to('/api/buyer/code')[0].body).toEqual({ phone: '0712345678' });

    type('Code from the SMS', '123456');
    fireEvent.click(screen.getByRole('button', { name: 'Show my tips' }));
    const paidCard = await screen.findByRole('article', { name: 'Slip 7' });
    expect(within(paidCard).getByText('Paid')).toBeInTheDocument();
    expect(paidCard).toHaveTextContent('by wanjiku_tips · Ksh. 150.00');
    expect(await within(paidCard).findByText(/HOME WIN @ 2\.00/)).toBeInTheDocument();
    const failedCard = screen.getByRole('article', { name: 'Slip 8' });
    expect(within(failedCard).getByText('Failed')).toBeInTheDocument();
    expect(failedCard).toHaveTextContent('Arsenal v Chelsea');
    expect(failedCard).not.toHaveTextContent('@');
    const first = api.to('/api/buyer/purchases')[0].url.searchParams;
    expect([first.get('phone'), first.get('code'), first.get('before')]).toEqual([
      '0712345678',
      '123456',
      null,
    ]);

    fireEvent.click(screen.getByRole('button', { name: 'Load more' }));
    const sub = await screen.findByRole('article', { name: 'gold subscription' });
    expect(within(sub).getByText('Pending')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Load more' })).not.toBeInTheDocument();
  });

  it('shows a refunded purchase and the voucher balance the server computed (R163)', async () => {
    stubFetch({
      'GET /api/buyer/purchases': {
        data: [purchase({ id: '4', status: 'refunded', slip_id: 9, slip: buildSlip({ id: 9 }) })],
        next: null,
        voucher_balance: '150.00',
        vouchers: [
          {
            code: '482177301196',
            amount: '150.00',
            currency: 'KES',
            amount_ksh: '150.00',
            reason: 'money-back',
            status: 'issued',
            expires_at: '2026-12-23T12:00:00+03:00',
          },
        ],
      },
      'GET /api/slip/markets': { markets: [] },
    });
    renderRoute('/my-tips');
    type(await screen.findByLabelText('Phone number').then(() => 'Phone number'), '0712345678');
    type('Code from the SMS', '123456');
    fireEvent.click(screen.getByRole('button', { name: 'Show my tips' }));
    const card = await screen.findByRole('article', { name: 'Slip 9' });
    expect(within(card).getByText('Refunded')).toBeInTheDocument();
    expect(screen.getByTestId('voucher-balance')).toHaveTextContent(
      'Voucher balance: Ksh. 150.00. Voucher 482177301196 (Ksh. 150.00)',
    );
  });

  it("shows the server's message for a wrong code", async () => {
    stubFetch({
      'GET /api/buyer/purchases': json(
        { message: 'The code is wrong or has expired. Ask for a new one.' },
        400,
      ),
    });
    renderRoute('/my-tips');
    type(await screen.findByLabelText('Phone number').then(() => 'Phone number'), '0712345678');
    type('Code from the SMS', '000000');
    fireEvent.click(screen.getByRole('button', { name: 'Show my tips' }));
    expect(
      await screen.findByText('The code is wrong or has expired. Ask for a new one.'),
    ).toBeInTheDocument();
  });
});

import { fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { buildSlip, json, stubFetch } from '../../test-fetch';
import { renderRoute } from '../../test-utils';

const slip = buildSlip({ id: 42, price: 50, price_ng: 750, price_ug: 1850 });
const type = (label: string | RegExp, value: string) =>
  fireEvent.change(screen.getByLabelText(label), { target: { value } });

describe('/buy_tip: pay by paybill (docs/PRODUCT-RULES.md R200)', () => {
  it('asks the server for a reference for the phone and shows its paybill, account, amount and expiry', async () => {
    const api = stubFetch({
      '/api/slip/get/42': slip,
      'POST /api/processor/buy-paybill': {
        paybill: '600984',
        account: 'ACD3FG7K',
        amount: '50.00',
        expires_at: '2026-11-24T09:00:00.000Z',
      },
    });
    renderRoute('/buy_tip/42');
    await screen.findByRole('heading', { name: 'No M-Pesa prompt? Pay by paybill' });
    type('Phone to receive the picks', '0712345678');
    fireEvent.click(screen.getByRole('button', { name: 'Get paybill details' }));
    const shown = await screen.findByTestId('paybill-reference');
    expect(within(shown).getByText('Pay by paybill 600984, account ACD3FG7K')).toBeInTheDocument();
    expect(shown).toHaveTextContent('Ksh. 50.00');
    expect(api.to('/api/processor/buy-paybill')[0].body).toEqual({
      phone: '254712345678',
      slip: 42,
    });
  });

  it("checks the phone first and shows the server's refusal", async () => {
    const api = stubFetch({
      '/api/slip/get/42': slip,
      'POST /api/processor/buy-paybill': () =>
        json({ message: 'You have reached your daily spending limit' }, 403),
    });
    renderRoute('/buy_tip/42');
    await screen.findByRole('heading', { name: 'No M-Pesa prompt? Pay by paybill' });
    type('Phone to receive the picks', '07123');
    fireEvent.click(screen.getByRole('button', { name: 'Get paybill details' }));
    expect(screen.getByText('Enter a valid phone number')).toBeInTheDocument();
    expect(api.to('/api/processor/buy-paybill')).toHaveLength(0);
    type('Phone to receive the picks', '0712345678');
    fireEvent.click(screen.getByRole('button', { name: 'Get paybill details' }));
    expect(
      await screen.findByText('You have reached your daily spending limit'),
    ).toBeInTheDocument();
  });
});

import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { buildSlip, buildTip, json, stubFetch } from '../../test-fetch';
import { renderRoute } from '../../test-utils';

const kinds = {
  gold: {
    price: '2000.00',
    type: 'gold',
    title: 'Gold',
    description: 'Every premium tip, for life',
    days: 1000,
  },
  bronze: {
    price: '200.00',
    type: 'bronze',
    title: 'Bronze',
    description: 'A week of premium tips',
    days: 7,
  },
  silver: {
    price: '500.00',
    type: 'silver',
    title: 'Silver',
    description: 'A month of premium tips',
    days: 30,
  },
};

const subscribe = async (name: string, phone: string) => {
  fireEvent.click(await screen.findByRole('button', { name: `Subscribe ${name}` }));
  const dialog = await screen.findByRole('dialog');
  fireEvent.change(within(dialog).getByLabelText('Phone number'), { target: { value: phone } });
  fireEvent.click(within(dialog).getByRole('button', { name: 'Subscribe' }));
  return dialog;
};

describe('/subscriptions, the Subscriber Panel (docs/PRODUCT-RULES.md R105, R126, R70)', () => {
  it('lists bronze, silver and gold with prices and durations', async () => {
    stubFetch({ '/api/manage/get-subscription-kind': kinds });
    renderRoute('/subscriptions');
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Subscriber Panel' }),
    ).toBeInTheDocument();
    const titles = (await screen.findAllByRole('heading', { level: 3 })).map((h) => h.textContent);
    expect(titles).toEqual(['Bronze', 'Silver', 'Gold']);
    expect(screen.getByText('Ksh. 2,000.00')).toBeInTheDocument();
    expect(screen.getByText('/ Lifetime')).toBeInTheDocument();
    expect(screen.getByText('/ 7 days')).toBeInTheDocument();
  });

  it("checks the phone with 'Enter Valid Phone Number'", async () => {
    const api = stubFetch({ '/api/manage/get-subscription-kind': kinds });
    renderRoute('/subscriptions');
    const dialog = await subscribe('Gold', '0712');
    expect(within(dialog).getByText('Enter Valid Phone Number')).toBeInTheDocument();
    expect(api.to('/api/processor/subscribe')).toHaveLength(0);
  });

  it("subscribes, closes the dialog and alerts 'Request sent. Wait for mpesa stk'", async () => {
    const api = stubFetch({
      '/api/manage/get-subscription-kind': kinds,
      'POST /api/processor/subscribe': { message: 'ok' },
    });
    renderRoute('/subscriptions');
    await subscribe('Gold', '0712345678');
    expect(await screen.findByText('Request sent. Wait for mpesa stk')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(api.to('/api/processor/subscribe')[0].body).toEqual({
      phone: '254712345678',
      type: 'gold',
      days: 1000,
    });
  });

  it("alerts the server's message, else 'Error occurred. Try again'", async () => {
    stubFetch({
      '/api/manage/get-subscription-kind': kinds,
      'POST /api/processor/subscribe': json({ message: 'M-Pesa is not available' }, 502),
    });
    renderRoute('/subscriptions');
    const dialog = await subscribe('Bronze', '712345678');
    expect(await within(dialog).findByText('M-Pesa is not available')).toBeInTheDocument();

    stubFetch({ 'POST /api/processor/subscribe': new Response('', { status: 500 }) });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Subscribe' }));
    expect(await within(dialog).findByText('Error occurred. Try again')).toBeInTheDocument();
  });

  const lookUp = async (phone: string, code: string) => {
    fireEvent.change(await screen.findByLabelText('Subscribed phone number'), {
      target: { value: phone },
    });
    fireEvent.change(screen.getByLabelText('Code from your subscription SMS'), {
      target: { value: code },
    });
    fireEvent.click(screen.getByRole('button', { name: 'View Premium Tips' }));
  };

  it('shows premium slips with picks for a subscribed phone and the code of its SMS', async () => {
    const api = stubFetch({
      '/api/manage/get-subscription-kind': kinds,
      '/api/slip/markets': { markets: [{ id: 3, type: 'OU', value: 'OVER 2.5' }] },
      '/api/manage/get-subscription-slips/254712345678?code=ACDEFGHJ': {
        data: [buildSlip({ id: 77, tips: [buildTip({ market_type: 3, odd: '1.90' })] })],
      },
    });
    renderRoute('/subscriptions');
    await lookUp('0712345678', ' acdefghj ');
    expect(await screen.findByText('OVER 2.5 @ 1.90')).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Buy slip 77' })).not.toBeInTheDocument();
    const lookups = api.to('/api/manage/get-subscription-slips/254712345678');
    expect(lookups.map((r) => r.path)).toEqual([
      '/api/manage/get-subscription-slips/254712345678?code=ACDEFGHJ',
    ]);
  });

  it('asks for the code of the subscription SMS before asking the server', async () => {
    const api = stubFetch({ '/api/manage/get-subscription-kind': kinds });
    renderRoute('/subscriptions');
    await lookUp('0712345678', '');
    expect(
      await screen.findByText(
        'Enter the code from your subscription SMS, or the M-Pesa code of your subscription payment',
      ),
    ).toBeInTheDocument();
    expect(
      api.requests.filter((r) => r.url.pathname.includes('get-subscription-slips')),
    ).toHaveLength(0);
  });

  it("alerts the server's message when the phone and code match no subscription", async () => {
    stubFetch({
      '/api/manage/get-subscription-kind': kinds,
      '/api/manage/get-subscription-slips/254712345678?code=ACDEFGHJ': json(
        { message: 'No active subscription matches this phone number and code' },
        404,
      ),
    });
    renderRoute('/subscriptions');
    await lookUp('0712345678', 'ACDEFGHJ');
    expect(
      await screen.findByText('No active subscription matches this phone number and code'),
    ).toBeInTheDocument();
  });
});

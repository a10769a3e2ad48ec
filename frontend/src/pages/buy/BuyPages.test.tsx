import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { buildSlip, buildTip, hoursFromNow, json, stubFetch } from '../../test-fetch';
import { renderRoute } from '../../test-utils';

const browser = vi.hoisted(() => ({ reloadPage: vi.fn(), redirectTo: vi.fn() }));
vi.mock('../../lib/browser', () => browser);

beforeEach(() => {
  browser.redirectTo.mockReset();
  localStorage.clear();
});

// price_ug as the server sends it (UGX_PER_KSH 37 here): the page shows it, it computes nothing.
const slip = buildSlip({ id: 42, price: 100, price_ng: 1500, price_ug: 3700 });
const type = (label: string | RegExp, value: string) =>
  fireEvent.change(screen.getByLabelText(label), { target: { value } });

describe('/buy_tip (docs/PRODUCT-RULES.md R103, R136, R70)', () => {
  it('redirects to / without an id', async () => {
    stubFetch({});
    const { router } = renderRoute('/buy_tip');
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
  });

  it("checks the phone with 'Enter a valid phone number'", async () => {
    const api = stubFetch({ '/api/slip/get/42': slip });
    renderRoute('/buy_tip/42');
    await screen.findByRole('article', { name: 'Slip 42 by kipchoge' });
    type('M-Pesa phone number', '07123');
    fireEvent.click(screen.getByRole('button', { name: 'Buy Tip' }));
    expect(screen.getByText('Enter a valid phone number')).toBeInTheDocument();
    expect(api.to('/api/processor/buy')).toHaveLength(0);
  });

  it("sends the MSISDN and slip, then says 'Request Sent' and to wait for M-Pesa", async () => {
    const api = stubFetch({
      '/api/slip/get/42': slip,
      'POST /api/processor/buy': { message: 'Request Sent' },
    });
    renderRoute('/buy_tip/42');
    expect(
      await screen.findByRole('heading', { name: 'Pay Ksh. 100.00 with M-Pesa' }),
    ).toBeInTheDocument();
    type('M-Pesa phone number', '0712345678');
    fireEvent.click(screen.getByRole('button', { name: 'Buy Tip' }));
    const alert = await screen.findByRole('alert');
    expect(within(alert).getByText('Request Sent')).toBeInTheDocument();
    expect(alert).toHaveTextContent(/enter your M-Pesa PIN/);
    expect(api.to('/api/processor/buy')[0].body).toEqual({ phone: '254712345678', slip: 42 });
  });

  it('sends the marketing opt-in wording only when its unticked box is ticked (docs/PRODUCT-RULES.md R276)', async () => {
    const api = stubFetch({
      '/api/slip/get/42': slip,
      'POST /api/processor/buy': { message: 'Request Sent' },
    });
    renderRoute('/buy_tip/42');
    const box = await screen.findByLabelText(
      'Send me tips offers by SMS (18+). Reply STOP to opt out.',
    );
    expect(box).not.toBeChecked();
    fireEvent.click(box);
    type('M-Pesa phone number', '0712345678');
    fireEvent.click(screen.getByRole('button', { name: 'Buy Tip' }));
    await screen.findByRole('alert');
    expect(api.to('/api/processor/buy')[0].body).toEqual({
      phone: '254712345678',
      slip: 42,
      marketing_sms_consent: 'Send me tips offers by SMS (18+). Reply STOP to opt out.',
    });
  });

  it('pays with a voucher as typed: no M-Pesa prompt, the picks by SMS (docs/PRODUCT-RULES.md R246)', async () => {
    const api = stubFetch({
      '/api/slip/get/42': slip,
      'POST /api/processor/buy': { message: 'Paid with voucher' },
    });
    renderRoute('/buy_tip/42');
    expect(
      await screen.findByRole('heading', { name: 'Pay Ksh. 100.00 with M-Pesa' }),
    ).toBeInTheDocument();
    type('M-Pesa phone number', '0712345678');
    type('Voucher code (optional)', ' 4821 7730 1196 ');
    fireEvent.click(screen.getByRole('button', { name: 'Buy Tip' }));
    const alert = await screen.findByRole('alert');
    expect(within(alert).getByText('Paid with voucher')).toBeInTheDocument();
    expect(alert).not.toHaveTextContent(/M-Pesa PIN/);
    expect(api.to('/api/processor/buy')[0].body).toEqual({
      phone: '254712345678',
      slip: 42,
      voucher: '4821 7730 1196',
    });
  });

  it("preselects the visitor's country by IP (docs/PRODUCT-RULES.md R143): a Nigerian pays in NGN by e-mail checkout", async () => {
    const api = stubFetch({
      '/api/slip/get/42': slip,
      '/api/geo/country': { country: 'NG' },
      'POST /api/processor/buy-flw': { link: 'https://checkout.example/pay/1' },
    });
    renderRoute('/buy_tip/42');
    await waitFor(() => expect(screen.getByRole('radio', { name: 'Nigeria' })).toBeChecked());
    expect(
      await screen.findByRole('heading', { name: /^Pay NGN .*1,500.* by card or wallet$/ }),
    ).toBeInTheDocument();
    expect(screen.queryByLabelText('M-Pesa phone number')).not.toBeInTheDocument();
    type('Email', 'ade@example.com');
    fireEvent.click(screen.getByRole('button', { name: 'Buy Tip' }));
    await waitFor(() =>
      expect(browser.redirectTo).toHaveBeenCalledWith('https://checkout.example/pay/1'),
    );
    expect(api.to('/api/processor/buy-flw')[0].body).toEqual({
      email: 'ade@example.com',
      slip_id: 42,
    });
  });

  it('lets the buyer change the preselected country back to Kenya (M-Pesa)', async () => {
    stubFetch({ '/api/slip/get/42': slip, '/api/geo/country': { country: 'UG' } });
    renderRoute('/buy_tip/42');
    await waitFor(() => expect(screen.getByRole('radio', { name: 'Uganda' })).toBeChecked());
    fireEvent.click(screen.getByRole('radio', { name: 'Kenya (M-Pesa)' }));
    expect(
      await screen.findByRole('heading', { name: 'Pay Ksh. 100.00 with M-Pesa' }),
    ).toBeInTheDocument();
    expect(screen.getByRole('radio', { name: 'Kenya (M-Pesa)' })).toBeChecked();
  });

  it("shows the server's message, else 'Error occured buying tip'", async () => {
    stubFetch({
      '/api/slip/get/42': slip,
      'POST /api/processor/buy': json({ message: 'This slip is no longer on sale' }, 400),
    });
    renderRoute('/buy_tip/42');
    await screen.findByRole('article');
    type('M-Pesa phone number', '712345678');
    fireEvent.click(screen.getByRole('button', { name: 'Buy Tip' }));
    expect(await screen.findByText('This slip is no longer on sale')).toBeInTheDocument();

    stubFetch({ 'POST /api/processor/buy': new Response('Bad gateway', { status: 502 }) });
    fireEvent.click(screen.getByRole('button', { name: 'Buy Tip' }));
    expect(await screen.findByText('Error occured buying tip')).toBeInTheDocument();
  });

  it('does not offer a slip whose first game has started', async () => {
    stubFetch({
      '/api/slip/get/42': buildSlip({ tips: [buildTip({ game_date: hoursFromNow(-1) })] }),
    });
    renderRoute('/buy_tip/42');
    expect(await screen.findByText(/no longer on sale/)).toBeInTheDocument();
    expect(screen.queryByLabelText('M-Pesa phone number')).not.toBeInTheDocument();
  });

  it('says when the slip does not exist', async () => {
    stubFetch({ '/api/slip/get/404': json({ message: 'Not found' }, 404) });
    renderRoute('/buy_tip/404');
    expect(await screen.findByRole('heading', { name: 'Page Not Found' })).toBeInTheDocument();
  });
});

describe('/buy_tip_ng and /buy_tip_ug (docs/PRODUCT-RULES.md R103, R138)', () => {
  it('prices in NGN and redirects to the checkout link without checking the e-mail', async () => {
    const api = stubFetch({
      '/api/slip/get/42': slip,
      'POST /api/processor/buy-flw': { link: 'https://checkout.example/pay/abc' },
    });
    renderRoute('/buy_tip_ng/42');
    expect(await screen.findByTestId('price')).toHaveTextContent('NGN 1,500.00');
    type('Email', 'not-an-email');
    fireEvent.click(screen.getByRole('button', { name: 'Buy Tip' }));
    await waitFor(() =>
      expect(browser.redirectTo).toHaveBeenCalledWith('https://checkout.example/pay/abc'),
    );
    expect(api.to('/api/processor/buy-flw')[0].body).toEqual({
      email: 'not-an-email',
      slip_id: 42,
    });
  });

  it("prices in UGX (the server's price_ug) and buys through buy-flw-ug", async () => {
    const api = stubFetch({
      '/api/slip/get/42': slip,
      'POST /api/processor/buy-flw-ug': { link: 'https://checkout.example/ug' },
    });
    renderRoute('/buy_tip_ug/42');
    expect(await screen.findByTestId('price')).toHaveTextContent('UGX 3,700.00');
    type('Email', 'okello@example.ug');
    fireEvent.click(screen.getByRole('button', { name: 'Buy Tip' }));
    await waitFor(() =>
      expect(browser.redirectTo).toHaveBeenCalledWith('https://checkout.example/ug'),
    );
    expect(localStorage.getItem('buyer_email')).toBe('okello@example.ug');
    expect(api.to('/api/processor/buy-flw-ug')).toHaveLength(1);
  });

  it('pays with a voucher of the e-mail: no redirect, the picks go to the e-mail (docs/PRODUCT-RULES.md R283)', async () => {
    const api = stubFetch({
      '/api/slip/get/42': slip,
      'POST /api/processor/buy-flw': { message: 'Paid with voucher' },
    });
    renderRoute('/buy_tip_ng/42');
    await screen.findByRole('article');
    type('Email', ' ade@example.ng ');
    type('Voucher code (optional)', ' 4821 7730 1196 ');
    fireEvent.click(screen.getByRole('button', { name: 'Buy Tip' }));
    const alert = await screen.findByRole('alert');
    expect(within(alert).getByText('Paid with voucher')).toBeInTheDocument();
    expect(alert).toHaveTextContent('The picks are on their way to ade@example.ng.');
    expect(browser.redirectTo).not.toHaveBeenCalled();
    expect(api.to('/api/processor/buy-flw')[0].body).toEqual({
      email: 'ade@example.ng',
      slip_id: 42,
      voucher: '4821 7730 1196',
    });
  });

  it("shows the server's voucher refusal as sent", async () => {
    stubFetch({
      '/api/slip/get/42': slip,
      'POST /api/processor/buy-flw': json(
        { message: 'This voucher belongs to another e-mail address' },
        403,
      ),
    });
    renderRoute('/buy_tip_ng/42');
    await screen.findByRole('article');
    type('Email', 'ade@example.ng');
    type('Voucher code (optional)', '482177301196');
    fireEvent.click(screen.getByRole('button', { name: 'Buy Tip' }));
    expect(
      await screen.findByText('This voucher belongs to another e-mail address'),
    ).toBeInTheDocument();
    expect(browser.redirectTo).not.toHaveBeenCalled();
  });

  it("shows 'Error occured buying tip' when the checkout cannot start", async () => {
    stubFetch({
      '/api/slip/get/42': slip,
      'POST /api/processor/buy-flw': new Response('', { status: 503 }),
    });
    renderRoute('/buy_tip_ng/42');
    await screen.findByRole('article');
    fireEvent.click(screen.getByRole('button', { name: 'Buy Tip' }));
    expect(await screen.findByText('Error occured buying tip')).toBeInTheDocument();
  });

  it('/select-country links to the two purchase routes', async () => {
    stubFetch({});
    renderRoute('/select-country/42');
    expect(await screen.findByRole('link', { name: 'Nigeria' })).toHaveAttribute(
      'href',
      '/buy_tip_ng/42',
    );
    expect(screen.getByRole('link', { name: 'Uganda' })).toHaveAttribute('href', '/buy_tip_ug/42');
  });
});

describe('/find_tip (docs/PRODUCT-RULES.md R72, R137, R141, R70)', () => {
  const tips = [
    { Game: 'Arsenal v Chelsea', League: 'Premier League', Tip: 'HOME WIN' },
    { Game: 'Gor Mahia v Tusker', League: 'Kenyan Premier League', Tip: 'GG' },
  ];

  it('checks the phone and the code', async () => {
    const api = stubFetch({});
    renderRoute('/find_tip');
    await screen.findByLabelText('Phone number');
    type('Phone number', '12');
    type('Transaction code', 'abc');
    fireEvent.click(screen.getByRole('button', { name: 'Find Tip' }));
    expect(screen.getByText('Enter Valid Phone Number')).toBeInTheDocument();
    expect(screen.getByText('Invalid transaction code')).toBeInTheDocument();
    expect(api.requests).toHaveLength(0);
  });

  it('sends the MSISDN and the first word of the code upper-cased, and shows the picks', async () => {
    const api = stubFetch({ 'POST /api/manage/find-slip/254712345678/SJK7ABC123': tips });
    renderRoute('/find_tip');
    await screen.findByLabelText('Phone number');
    type('Phone number', '0712345678');
    type('Transaction code', ' sjk7abc123 Confirmed. ');
    fireEvent.click(screen.getByRole('button', { name: 'Find Tip' }));
    const table = await screen.findByRole('table', { name: 'Your tips' });
    expect(within(table).getAllByRole('row')).toHaveLength(3);
    expect(table).toHaveTextContent('Arsenal v ChelseaPremier LeagueHOME WIN');
    expect(api.requests[0].method).toBe('POST');
  });

  it("shows the server's message, else 'Error occurred. Try again'", async () => {
    stubFetch({
      '/api/manage/find-slip/254712345678/SJK7ABC123': json({ message: 'No purchase found' }, 404),
    });
    renderRoute('/find_tip');
    await screen.findByLabelText('Phone number');
    type('Phone number', '0712345678');
    type('Transaction code', 'SJK7ABC123');
    fireEvent.click(screen.getByRole('button', { name: 'Find Tip' }));
    expect(await screen.findByText('No purchase found')).toBeInTheDocument();

    stubFetch({
      '/api/manage/find-slip/254712345678/SJK7ABC123': new Response('', { status: 429 }),
    });
    fireEvent.click(screen.getByRole('button', { name: 'Find Tip' }));
    expect(await screen.findByText('Error occurred. Try again')).toBeInTheDocument();
  });
});

describe('/find_tip_ng (docs/PRODUCT-RULES.md R74, R104, R137)', () => {
  it("checks 'Invalid Email' and 'Invalid transaction id'", async () => {
    stubFetch({});
    renderRoute('/find_tip_ng');
    fireEvent.click(await screen.findByRole('button', { name: 'Find Tip' }));
    expect(screen.getByText('Invalid Email')).toBeInTheDocument();
    expect(screen.getByText('Invalid transaction id')).toBeInTheDocument();
  });

  it('takes the id from ?tx_ref, sends it base64-encoded and shows the picks at once when the e-mail is known', async () => {
    localStorage.setItem('buyer_email', 'ada@example.ng');
    const encoded = encodeURIComponent(btoa('tips-42-x1'));
    const api = stubFetch({
      [`POST /api/manage/find-slip-ng/ada%40example.ng/${encoded}`]: {
        tips: [{ Game: 'Enyimba v Rivers United', League: 'NPFL', Tip: 'OVER 2.5' }],
      },
    });
    renderRoute('/find_tip_ng?status=successful&tx_ref=tips-42-x1&transaction_id=99');
    expect(await screen.findByRole('table', { name: 'Your tips' })).toHaveTextContent('OVER 2.5');
    expect(screen.getByLabelText('Transaction id')).toHaveValue('tips-42-x1');
    expect(api.requests).toHaveLength(1);
  });

  it('waits for the e-mail when it is not known', async () => {
    const api = stubFetch({});
    renderRoute('/find_tip_ng?tx_ref=tips-42-x1');
    expect(await screen.findByLabelText('Transaction id')).toHaveValue('tips-42-x1');
    expect(api.requests).toHaveLength(0);
  });
});

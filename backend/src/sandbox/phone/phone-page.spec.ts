import { renderPhonePage } from './phone-page';

describe('renderPhonePage', () => {
  const view = {
    msisdn: '254712345678',
    prompts: [
      {
        checkoutRequestId: 'ws_CO_1"><script>',
        merchantRequestId: 'm',
        amount: '1250.00',
        accountReference: 'SLIP1',
        transactionDesc: null,
        businessShortCode: '174379',
        merchant: 'TIPSKE MARKETPLACE',
        text: 'Do you want to pay <b>?',
        createdAt: '2025-11-14T07:35:12.000Z',
        expiresAt: '2025-11-14T07:36:12.000Z',
      },
    ],
    messages: [
      {
        from: 'TIPS<KE>',
        body: '<script>alert(1)</script> & more',
        at: '2025-11-14T07:35:12.000Z',
      },
    ],
  };

  it('escapes everything that came from outside', () => {
    const html = renderPhonePage(view, { error: '<i>bad</i>' });
    expect(html).not.toContain('<script>alert(1)');
    expect(html).toContain('&lt;script&gt;alert(1)&lt;/script&gt; &amp; more');
    expect(html).toContain('TIPS&lt;KE&gt;');
    expect(html).toContain('Do you want to pay &lt;b&gt;?');
    expect(html).toContain('&lt;i&gt;bad&lt;/i&gt;');
    expect(html).not.toContain('ws_CO_1"><script>');
  });

  it('shows the prompt with a 4-digit PIN field, Accept and Decline, and refreshes every 2 s', () => {
    const html = renderPhonePage(view);
    expect(html).toContain('name="viewport"');
    expect(html).toContain('pattern="[0-9]{4}"');
    expect(html).toMatch(/>Accept</);
    expect(html).toMatch(/>Decline</);
    expect(html).toContain('Ksh 1,250.00');
    expect(html).toContain('2000');
    expect(html).toContain('http-equiv="refresh" content="2"');
  });
});

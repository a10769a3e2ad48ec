import { ProviderCallbackError, ProviderInputError } from '../common/http';
import { DarajaC2bClient, parseC2bPayment } from './daraja-c2b';

/** A C2B body as Daraja's documentation shows it (docs/PROVIDERS.md "Daraja C2B"). */
const BODY = {
  TransactionType: 'Pay Bill',
  TransID: 'RKTQDM7W6S',
  TransTime: '20191122063845',
  TransAmount: '10',
  BusinessShortCode: '600638',
  BillRefNumber: 'invoice008',
  InvoiceNumber: '',
  OrgAccountBalance: '',
  ThirdPartyTransID: '',
  MSISDN: '25470****149',
  FirstName: 'John',
  MiddleName: '',
  LastName: 'Doe',
};

describe('parseC2bPayment (docs/PROVIDERS.md "Daraja C2B")', () => {
  it('reads the documented body', () => {
    expect(parseC2bPayment(BODY)).toEqual({
      transactionType: 'Pay Bill',
      transId: 'RKTQDM7W6S',
      transTime: '20191122063845',
      amountKsh: '10.00',
      businessShortCode: '600638',
      billRefNumber: 'INVOICE008',
      invoiceNumber: '',
      thirdPartyTransId: '',
      msisdn: '25470****149',
      firstName: 'John',
    });
  });

  it.each([
    ['10', '10.00'],
    [10, '10.00'],
    ['10.50', '10.50'],
    [10.5, '10.50'],
    [' 250000 ', '250000.00'],
  ])('reads TransAmount %p as %s', (amount, ksh) => {
    expect(parseC2bPayment({ ...BODY, TransAmount: amount }).amountKsh).toBe(ksh);
  });

  it.each([
    ['TransID', { TransID: undefined }],
    ['TransID', { TransID: 'RK TQ' }],
    ['TransAmount', { TransAmount: '0' }],
    ['TransAmount', { TransAmount: '-5' }],
    ['TransAmount', { TransAmount: 'ten' }],
    ['TransAmount', { TransAmount: null }],
    ['BusinessShortCode', { BusinessShortCode: '12' }],
    ['BillRefNumber', { BillRefNumber: '' }],
    ['MSISDN', { MSISDN: { hash: 'x' } }],
  ])('names %s when it is wrong', (field, change) => {
    try {
      parseC2bPayment({ ...BODY, ...change });
      throw new Error('parsed');
    } catch (err) {
      expect(err).toBeInstanceOf(ProviderCallbackError);
      expect((err as ProviderCallbackError).field).toBe(field);
    }
  });

  it('refuses what is not an object', () => {
    for (const body of [null, 'x', [BODY], 42])
      expect(() => parseC2bPayment(body)).toThrow(ProviderCallbackError);
  });
});

describe('DarajaC2bClient.registerUrls', () => {
  const sent: { url: string; body: unknown }[] = [];
  const client = new DarajaC2bClient({
    baseUrl: 'https://sandbox.example.test',
    accessToken: async () => 'token-1',
    fetch: async (url, init) => {
      sent.push({ url: String(url), body: JSON.parse(String(init?.body)) });
      return new Response(
        JSON.stringify({
          OriginatorCoversationID: 'x',
          ResponseCode: '0',
          ResponseDescription: 'Success',
        }),
        { status: 200 },
      );
    },
  });
  const input = {
    shortCode: '600984',
    responseType: 'Completed' as const,
    confirmationUrl: 'https://tips.example/api/processor/c2b/confirmation/t',
    validationUrl: 'https://tips.example/api/processor/c2b/validation/t',
    version: 'v1' as const,
  };

  it('posts the four fields to the chosen version', async () => {
    expect(await client.registerUrls(input)).toEqual({
      responseCode: '0',
      responseDescription: 'Success',
    });
    expect(sent.at(-1)).toEqual({
      url: 'https://sandbox.example.test/mpesa/c2b/v1/registerurl',
      body: {
        ShortCode: '600984',
        ResponseType: 'Completed',
        ConfirmationURL: input.confirmationUrl,
        ValidationURL: input.validationUrl,
      },
    });
    await client.registerUrls({ ...input, version: 'v2' });
    expect(sent.at(-1)?.url).toBe('https://sandbox.example.test/mpesa/c2b/v2/registerurl');
  });

  it('refuses a URL with a word Daraja bans, before sending', async () => {
    const count = sent.length;
    await expect(
      client.registerUrls({ ...input, confirmationUrl: 'https://tips.example/mpesa/confirm' }),
    ).rejects.toThrow(ProviderInputError);
    expect(sent).toHaveLength(count);
  });
});

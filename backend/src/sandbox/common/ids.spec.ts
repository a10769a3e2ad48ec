import {
  atMessageId,
  checkoutRequestId,
  conversationId,
  darajaAccessToken,
  flwRef,
  merchantRequestId,
  mpesaReceipt,
} from './ids';

/** A deterministic random source cycling through 0..max-1. */
const counter = (): ((max: number) => number) => {
  let i = 0;
  return (max) => i++ % max;
};

describe('sandbox ids', () => {
  const at = new Date('2025-11-14T07:35:12.000Z'); // 10:35:12 in Nairobi

  it('makes receipts like Safaricom: year, month and day letters then 7 characters', () => {
    expect(mpesaReceipt(at, counter())).toBe('TKEABCDEFG');
    expect(mpesaReceipt(new Date('2024-01-05T08:00:00Z'))).toMatch(/^SA5[A-Z0-9]{7}$/);
    expect(mpesaReceipt(new Date('2025-12-31T20:59:00Z'))).toMatch(/^TLV[A-Z0-9]{7}$/); // 23:59 Nairobi, 31st
  });

  it('makes CheckoutRequestIDs from the Nairobi time and the MSISDN tail', () => {
    expect(checkoutRequestId(at, '254712345678', counter())).toBe(
      'ws_CO_14112025103512012345712345678',
    );
  });

  it("makes the other identifiers in their providers' formats", () => {
    expect(merchantRequestId()).toMatch(/^[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}\d{7}$/);
    expect(conversationId(at)).toMatch(/^AG_20251114_[0-9a-f]{20}$/);
    expect(darajaAccessToken()).toMatch(/^[A-Za-z0-9]{28}$/);
    expect(atMessageId()).toMatch(/^ATXid_[0-9a-f]{32}$/);
    expect(flwRef()).toMatch(/^FLW-MOCK-[0-9a-f]{16}$/);
  });
});

import { describe, expect, it } from 'vitest';
import { commitmentInput, sha256Hex, verifySlip } from './slip-commitment';
import { finishedSlip } from '../test-slips';

const SALT = 'ab'.repeat(32);

// The same vectors as the server's table test (backend slip/domain/slip-commitment.spec.ts): both sides build one form.
describe('commitmentInput (browser side of the canonical form)', () => {
  it.each([
    {
      slip: 7,
      picks: [{ fixtureId: '101', marketId: 1, odd: '1.85' }],
      out: `v1|slip:7|101:1:1.85|salt:${SALT}`,
    },
    {
      slip: 42,
      picks: [
        { fixtureId: '100', marketId: 4, odd: '2.10' },
        { fixtureId: '9', marketId: 2, odd: '3.40' },
        { fixtureId: '55', marketId: 22, odd: '9.00' },
      ],
      out: `v1|slip:42|9:2:3.40|55:22:9.00|100:4:2.10|salt:${SALT}`,
    },
    {
      slip: 1,
      picks: [
        { fixtureId: '900719925474099312', marketId: 3, odd: '1.50' },
        { fixtureId: '900719925474099311', marketId: 5, odd: '1.60' },
      ],
      out: `v1|slip:1|900719925474099311:5:1.60|900719925474099312:3:1.50|salt:${SALT}`,
    },
  ])('slip $slip', ({ slip, picks, out }) => {
    expect(commitmentInput(slip, picks, SALT)).toBe(out);
  });

  it('refuses a malformed salt', () => {
    expect(() => commitmentInput(1, [], 'AB'.repeat(32))).toThrow('salt');
  });

  it('hashes with crypto.subtle to the FIPS 180-2 vectors', async () => {
    expect(await sha256Hex('abc')).toBe(
      'ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad',
    );
    expect(await sha256Hex('')).toBe(
      'e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855',
    );
  });
});

describe('verifySlip (/verify page logic)', () => {
  it('rebuilds the same canonical form the server serves and matches the commitment', async () => {
    const v = await verifySlip(finishedSlip());
    expect(v).toMatchObject({
      state: 'match',
      sameInputAsServer: true,
      input: finishedSlip().commitment_input,
    });
  });

  it('reports a mismatch when a pick or its odd changed after publishing', async () => {
    const slip = finishedSlip();
    slip.tips[0] = { ...slip.tips[0], market_type: 2 };
    expect(await verifySlip(slip)).toMatchObject({ state: 'mismatch', sameInputAsServer: false });
    const odd = finishedSlip();
    odd.tips[1] = { ...odd.tips[1], odd: '1.30' };
    expect((await verifySlip(odd)).state).toBe('mismatch');
  });

  it('shows only the commitment of a slip on sale', async () => {
    const onSale = finishedSlip({
      slip_result: null,
      salt: undefined,
      commitment_input: undefined,
    });
    onSale.tips = onSale.tips.map(({ market_type: _m, odd: _o, ...t }) => t);
    expect(await verifySlip(onSale)).toEqual({
      state: 'on-sale',
      commitment: finishedSlip().commitment,
    });
  });
});

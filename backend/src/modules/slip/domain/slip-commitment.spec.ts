import { commitmentInput, newCommitmentSalt, sha256Hex, slipCommitment } from './slip-commitment';

const SALT = 'ab'.repeat(32);

describe("commitmentInput (canonical form of a slip's picks)", () => {
  it.each([
    {
      name: 'one pick',
      slip: 7,
      picks: [{ fixtureId: '101', marketId: 1, odd: '1.85' }],
      out: `v1|slip:7|101:1:1.85|salt:${SALT}`,
    },
    {
      name: 'sorted by fixture id numerically, not as text',
      slip: 42,
      picks: [
        { fixtureId: '100', marketId: 4, odd: '2.10' },
        { fixtureId: '9', marketId: 2, odd: '3.40' },
        { fixtureId: '55', marketId: 22, odd: '9.00' },
      ],
      out: `v1|slip:42|9:2:3.40|55:22:9.00|100:4:2.10|salt:${SALT}`,
    },
    {
      name: 'bigint fixture ids keep every digit',
      slip: 1,
      picks: [
        { fixtureId: '900719925474099312', marketId: 3, odd: '1.50' },
        { fixtureId: '900719925474099311', marketId: 5, odd: '1.60' },
      ],
      out: `v1|slip:1|900719925474099311:5:1.60|900719925474099312:3:1.50|salt:${SALT}`,
    },
  ])('$name', ({ slip, picks, out }) => {
    expect(commitmentInput(slip, picks, SALT)).toBe(out);
  });

  it('does not depend on the order the picks are given in', () => {
    const a = [
      { fixtureId: '3', marketId: 1, odd: '1.20' },
      { fixtureId: '1', marketId: 2, odd: '3.00' },
    ];
    expect(commitmentInput(5, a, SALT)).toBe(commitmentInput(5, [...a].reverse(), SALT));
  });

  it.each(['', 'AB'.repeat(32), 'ab'.repeat(31), 'zz'.repeat(32)])('refuses salt %p', (salt) => {
    expect(() => commitmentInput(1, [], salt)).toThrow('salt');
  });
});

describe('sha256Hex / slipCommitment', () => {
  it.each([
    { input: '', hex: 'e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855' },
    { input: 'abc', hex: 'ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad' },
  ])('sha256Hex($input) is the FIPS 180-2 test vector', ({ input, hex }) => {
    expect(sha256Hex(input)).toBe(hex);
  });

  it('hashes the canonical form; a changed pick, odd or salt changes it', () => {
    const picks = [
      { fixtureId: '10', marketId: 1, odd: '1.85' },
      { fixtureId: '11', marketId: 4, odd: '2.00' },
    ];
    const c = slipCommitment(3, picks, SALT);
    expect(c).toMatch(/^[0-9a-f]{64}$/);
    expect(c).toBe(sha256Hex(commitmentInput(3, picks, SALT)));
    expect(slipCommitment(3, [{ ...picks[0], marketId: 2 }, picks[1]], SALT)).not.toBe(c);
    expect(slipCommitment(3, [{ ...picks[0], odd: '1.86' }, picks[1]], SALT)).not.toBe(c);
    expect(slipCommitment(4, picks, SALT)).not.toBe(c);
    expect(slipCommitment(3, picks, 'cd'.repeat(32))).not.toBe(c);
  });

  it('a new salt is 64 hex characters and never repeats', () => {
    const a = newCommitmentSalt();
    expect(a).toMatch(/^[0-9a-f]{64}$/);
    expect(newCommitmentSalt()).not.toBe(a);
  });
});

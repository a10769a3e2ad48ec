import { parseSlipLeaf, slipLeaf } from './log-leaf';

const C = 'a'.repeat(64);

describe('slip leaves', () => {
  it.each([
    [1, C, `v1|slip:1|commitment:${C}`],
    [4521, '0123456789abcdef'.repeat(4), `v1|slip:4521|commitment:${'0123456789abcdef'.repeat(4)}`],
  ])('slip %i → %s', (id, commitment, leaf) => {
    expect(slipLeaf(id, commitment)).toBe(leaf);
    expect(parseSlipLeaf(leaf)).toEqual({ slipId: id, commitment });
  });

  it.each([
    [0, C],
    [-1, C],
    [1.5, C],
    [1, C.toUpperCase()],
    [1, 'abc'],
  ])('refuses slip %p with commitment %p', (id, commitment) => {
    expect(() => slipLeaf(id, commitment)).toThrow();
  });

  it.each([
    '',
    `v2|slip:1|commitment:${C}`,
    `v1|slip:01|commitment:${C}`,
    `v1|slip:1|commitment:${C}\n`,
  ])('reads %p as no slip leaf', (leaf) => {
    expect(parseSlipLeaf(leaf)).toBeNull();
  });
});

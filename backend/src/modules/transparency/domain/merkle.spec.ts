import {
  appendNodes,
  consistencyProofRanges,
  EMPTY_ROOT,
  inclusionProofRanges,
  leafHash,
  nodeKey,
  rangeHash,
  rangeNodes,
  rootFromInclusionProof,
  rootFromLeafHashes,
  verifyConsistency,
  verifyInclusion,
} from './merkle';

const h = (hex: string) => Buffer.from(hex, 'hex');

// The RFC 6962 test tree of 8 leaves and its roots, inclusion and consistency proofs, as the
// certificate-transparency and transparency-dev/merkle test suites state them (proof/verify_test.go).
const LEAVES = [
  '',
  '00',
  '10',
  '2021',
  '3031',
  '40414243',
  '5051525354555657',
  '606162636465666768696a6b6c6d6e6f',
].map(h);
const ROOTS = [
  '6e340b9cffb37a989ca544e6bb780a2c78901d3fb33738768511a30617afa01d',
  'fac54203e7cc696cf0dfcb42c92a1d9dbaf70ad9e621f4bd8d98662f00e3c125',
  'aeb6bcfe274b70a14fb067a5e5578264db0fa9b51af5e0ba159158f329e06e77',
  'd37ee418976dd95753c1c73862b9398fa2a2cf9b4ff0fdfe8b30cd95209614b7',
  '4e3bbb1f7b478dcfe71fb631631519a3bca12c9aefca1612bfce4c13a86264d4',
  '76e67dadbcdf1e10e1b74ddc608abd2f98dfb16fbce75277b5232a127f2087ef',
  'ddb89be403809e325750d3d263cd78929c2942b7942a34b77e122c9594a74c8c',
  '5dc9da79a70659a9ad559cb701ded9a2ab9d823aad2f4960cfe370eff4604328',
].map(h);
/** [leaf index (0-based), tree size, proof]. */
const INCLUSION: [number, number, string[]][] = [
  [0, 1, []],
  [
    0,
    8,
    [
      '96a296d224f285c67bee93c30f8a309157f0daa35dc5b87e410b78630a09cfc7',
      '5f083f0a1a33ca076a95279832580db3e0ef4584bdff1f54c8a360f50de3031e',
      '6b47aaf29ee3c2af9af889bc1fb9254dabd31177f16232dd6aab035ca39bf6e4',
    ],
  ],
  [
    5,
    8,
    [
      'bc1a0643b12e4d2d7c77918f44e0f4f79a838b6cf9ec5b5c283e1f4d88599e6b',
      'ca854ea128ed050b41b35ffc1b87b8eb2bde461e9e3b5596ece6b9d5975a0ae0',
      'd37ee418976dd95753c1c73862b9398fa2a2cf9b4ff0fdfe8b30cd95209614b7',
    ],
  ],
  [2, 3, ['fac54203e7cc696cf0dfcb42c92a1d9dbaf70ad9e621f4bd8d98662f00e3c125']],
  [
    1,
    5,
    [
      '6e340b9cffb37a989ca544e6bb780a2c78901d3fb33738768511a30617afa01d',
      '5f083f0a1a33ca076a95279832580db3e0ef4584bdff1f54c8a360f50de3031e',
      'bc1a0643b12e4d2d7c77918f44e0f4f79a838b6cf9ec5b5c283e1f4d88599e6b',
    ],
  ],
];
/** [first size, second size, proof]. */
const CONSISTENCY: [number, number, string[]][] = [
  [1, 1, []],
  [
    1,
    8,
    [
      '96a296d224f285c67bee93c30f8a309157f0daa35dc5b87e410b78630a09cfc7',
      '5f083f0a1a33ca076a95279832580db3e0ef4584bdff1f54c8a360f50de3031e',
      '6b47aaf29ee3c2af9af889bc1fb9254dabd31177f16232dd6aab035ca39bf6e4',
    ],
  ],
  [
    6,
    8,
    [
      '0ebc5d3437fbe2db158b9f126a1d118e308181031d0a949f8dededebc558ef6a',
      'ca854ea128ed050b41b35ffc1b87b8eb2bde461e9e3b5596ece6b9d5975a0ae0',
      'd37ee418976dd95753c1c73862b9398fa2a2cf9b4ff0fdfe8b30cd95209614b7',
    ],
  ],
  [
    2,
    5,
    [
      '5f083f0a1a33ca076a95279832580db3e0ef4584bdff1f54c8a360f50de3031e',
      'bc1a0643b12e4d2d7c77918f44e0f4f79a838b6cf9ec5b5c283e1f4d88599e6b',
    ],
  ],
  [
    6,
    7,
    [
      '0ebc5d3437fbe2db158b9f126a1d118e308181031d0a949f8dededebc558ef6a',
      'b08693ec2e721597130641e8211e7eedccb4c26413963eee6c1e2ed16ffb1a5f',
      'd37ee418976dd95753c1c73862b9398fa2a2cf9b4ff0fdfe8b30cd95209614b7',
    ],
  ],
];
const SOME_HASH = h('abacaba000000000000000000000000000000000000000000060061e00123456');

/** Every completed node of a tree of `n` test leaves, as the repository would store them. */
const storedNodes = (n: number) =>
  new Map(
    appendNodes(0, LEAVES.slice(0, n).map(leafHash), () => undefined).map((x) => [
      nodeKey(x.node),
      x.hash,
    ]),
  );
const proofOf = (ranges: readonly (readonly [number, number])[], n: number) => {
  const nodes = storedNodes(n);
  return ranges.map(([s, e]) => rangeHash(s, e, (x) => nodes.get(nodeKey(x))));
};
const hex = (bs: Buffer[]) => bs.map((b) => b.toString('hex'));

describe('merkle (RFC 6962 / RFC 9162)', () => {
  it('hashes the empty tree, leaves and the test roots', () => {
    expect(EMPTY_ROOT.toString('hex')).toBe(
      'e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855',
    );
    expect(leafHash(Buffer.alloc(0)).toString('hex')).toBe(
      '6e340b9cffb37a989ca544e6bb780a2c78901d3fb33738768511a30617afa01d',
    );
    for (let n = 1; n <= 8; n++) {
      expect(rootFromLeafHashes(LEAVES.slice(0, n).map(leafHash)).toString('hex')).toBe(
        ROOTS[n - 1].toString('hex'),
      );
      const nodes = storedNodes(n);
      expect(rangeHash(0, n, (x) => nodes.get(nodeKey(x)))).toEqual(ROOTS[n - 1]);
    }
  });

  it('builds the same nodes appending one leaf at a time as all at once', () => {
    const all = storedNodes(8);
    const stepwise = new Map<string, Buffer>();
    for (let i = 0; i < 8; i++) {
      for (const x of appendNodes(i, [leafHash(LEAVES[i])], (n) => stepwise.get(nodeKey(n))))
        stepwise.set(nodeKey(x.node), x.hash);
    }
    expect(stepwise).toEqual(all);
    expect(all.size).toBe(8 + 4 + 2 + 1);
  });

  it('asks only for the old frontier when appending', () => {
    const stored = storedNodes(5);
    const asked: string[] = [];
    appendNodes(
      5,
      LEAVES.slice(5).map(leafHash),
      (n) => (asked.push(nodeKey(n)), stored.get(nodeKey(n))),
    );
    expect(asked.sort()).toEqual(rangeNodes(0, 5).map(nodeKey).sort());
    expect(rangeNodes(0, 5)).toEqual([
      { level: 2, index: 0 },
      { level: 0, index: 4 },
    ]);
  });

  it.each(INCLUSION)('inclusion proof of leaf %i in size %i', (index, size, expected) => {
    expect(hex(proofOf(inclusionProofRanges(index, size), size))).toEqual(expected);
    const proof = expected.map(h);
    const leaf = leafHash(LEAVES[index]);
    expect(verifyInclusion(index, size, leaf, proof, ROOTS[size - 1])).toBe(true);
    expect(rootFromInclusionProof(index, size, leaf, proof)).toEqual(ROOTS[size - 1]);
    // Wrong index, size, leaf, root; garbage before or after; a flipped bit.
    const bad: [number, number, Buffer, Buffer[], Buffer][] = [
      [index + 1, size, leaf, proof, ROOTS[size - 1]],
      [index ^ 2, size, leaf, proof, ROOTS[size - 1]],
      [index, size * 2, leaf, proof, ROOTS[size - 1]],
      [index, Math.floor(size / 2), leaf, proof, ROOTS[size - 1]],
      [index, size, leafHash(Buffer.from('WrongLeaf')), proof, ROOTS[size - 1]],
      [index, size, leaf, proof, EMPTY_ROOT],
      [index, size, leaf, proof, SOME_HASH],
      [index, size, leaf, [...proof, ROOTS[size - 1]], ROOTS[size - 1]],
      [index, size, leaf, [ROOTS[size - 1], ...proof], ROOTS[size - 1]],
      [index, size, leaf, [...proof, Buffer.alloc(0)], ROOTS[size - 1]],
      ...proof.map((_, i): [number, number, Buffer, Buffer[], Buffer] => {
        const flipped = proof.map((p) => Buffer.from(p));
        flipped[i][0] ^= 8;
        return [index, size, leaf, flipped, ROOTS[size - 1]];
      }),
      ...(proof.length
        ? [
            [index, size, leaf, proof.slice(0, -1), ROOTS[size - 1]] as [
              number,
              number,
              Buffer,
              Buffer[],
              Buffer,
            ],
          ]
        : []),
    ];
    for (const [i, n, l, p, r] of bad) {
      if (i === index && n === size && l === leaf && p === proof && r === ROOTS[size - 1]) continue;
      expect(verifyInclusion(i, n, l, p, r)).toBe(false);
    }
  });

  it('refuses inclusion for impossible indexes and sizes', () => {
    for (const [index, size] of [
      [0, 0],
      [1, 0],
      [2, 1],
      [-1, 4],
      [1.5, 4],
    ]) {
      expect(verifyInclusion(index, size, SOME_HASH, [], EMPTY_ROOT)).toBe(false);
    }
    expect(() => inclusionProofRanges(3, 3)).toThrow(RangeError);
    expect(
      verifyInclusion(0, 1, leafHash(Buffer.from('data')), [], leafHash(Buffer.from('data'))),
    ).toBe(true);
  });

  it.each(CONSISTENCY)('consistency proof from %i to %i', (first, second, expected) => {
    expect(hex(proofOf(consistencyProofRanges(first, second), second))).toEqual(expected);
    const proof = expected.map(h);
    const [r1, r2] = [ROOTS[first - 1], ROOTS[second - 1]];
    expect(verifyConsistency(first, second, r1, r2, proof)).toBe(true);
    if (!proof.length) return;
    const bad: [number, number, Buffer, Buffer, Buffer[]][] = [
      [first - 1, second, r1, r2, proof],
      [first + 1, second, r1, r2, proof],
      [first ^ 2, second, r1, r2, proof],
      [first, second * 2, r1, r2, proof],
      [first, Math.floor(second / 2), r1, r2, proof],
      [first, second, SOME_HASH, r2, proof],
      [first, second, r1, SOME_HASH, proof],
      [first, second, r2, r1, proof],
      [first, second, r1, r2, []],
      [first, second, r1, r2, [...proof, r1]],
      [first, second, r1, r2, [...proof, r2]],
      [first, second, r1, r2, [r1, ...proof]],
      [first, second, r1, r2, [r2, ...proof]],
      [first, second, r1, r2, [proof[0], ...proof]],
      [first, second, r1, r2, proof.slice(0, -1)],
      ...proof.map((_, i): [number, number, Buffer, Buffer, Buffer[]] => {
        const flipped = proof.map((p) => Buffer.from(p));
        flipped[i][0] ^= 16;
        return [first, second, r1, r2, flipped];
      }),
    ];
    for (const [a, b, x, y, p] of bad) expect(verifyConsistency(a, b, x, y, p)).toBe(false);
  });

  it('treats trivial consistency as RFC 9162 does', () => {
    const [a, b] = [Buffer.from("don't care 1"), Buffer.from("don't care 2")];
    expect(verifyConsistency(0, 0, a, a, [])).toBe(true);
    expect(verifyConsistency(0, 1, a, b, [])).toBe(true);
    expect(verifyConsistency(1, 1, b, b, [])).toBe(true);
    expect(verifyConsistency(0, 0, a, b, [])).toBe(false);
    expect(verifyConsistency(1, 0, a, b, [])).toBe(false);
    expect(verifyConsistency(2, 1, a, b, [])).toBe(false);
    expect(verifyConsistency(1, 2, a, b, [])).toBe(false);
    expect(verifyConsistency(1, 1, EMPTY_ROOT, EMPTY_ROOT, [EMPTY_ROOT])).toBe(false);
    expect(verifyConsistency(0, 1, EMPTY_ROOT, EMPTY_ROOT, [EMPTY_ROOT])).toBe(false);
    expect(consistencyProofRanges(0, 5)).toEqual([]);
    expect(() => consistencyProofRanges(6, 5)).toThrow(RangeError);
  });

  it('proves every leaf and every pair of sizes of a larger tree', () => {
    const n = 37;
    const leaves = Array.from({ length: n }, (_, i) => leafHash(Buffer.from(`leaf ${i}`)));
    const nodes = new Map(
      appendNodes(0, leaves, () => undefined).map((x) => [nodeKey(x.node), x.hash]),
    );
    const get = (x: { level: number; index: number }) => nodes.get(nodeKey(x));
    for (let size = 1; size <= n; size++) {
      const root = rootFromLeafHashes(leaves.slice(0, size));
      expect(rangeHash(0, size, get)).toEqual(root);
      for (let i = 0; i < size; i++) {
        const proof = inclusionProofRanges(i, size).map(([s, e]) => rangeHash(s, e, get));
        expect(verifyInclusion(i, size, leaves[i], proof, root)).toBe(true);
      }
      for (let first = 1; first <= size; first++) {
        const proof = consistencyProofRanges(first, size).map(([s, e]) => rangeHash(s, e, get));
        expect(
          verifyConsistency(first, size, rootFromLeafHashes(leaves.slice(0, first)), root, proof),
        ).toBe(true);
      }
    }
  });
});

import { createHash } from 'crypto';

/**
 * The log's Merkle tree, RFC 6962 section 2.1 / RFC 9162 section 2.1 (docs/PRODUCT-RULES.md
 * "Transparency log"): SHA-256, leaf hash = SHA-256(0x00 || leaf), node hash =
 * SHA-256(0x01 || left || right), the hash of the empty tree SHA-256(""). Tree sizes and indexes
 * are non-negative safe integers; hashes are 32-byte Buffers. Pure functions: the repository
 * supplies the stored node hashes they ask for.
 */

/** Bytes in a hash. */
export const HASH_BYTES = 32;

const sha256 = (...parts: Uint8Array[]): Buffer => {
  const h = createHash('sha256');
  for (const p of parts) h.update(p);
  return h.digest();
};

/** SHA-256(0x00 || leaf): the hash of one log entry. */
export const leafHash = (leaf: Uint8Array): Buffer => sha256(Buffer.of(0), leaf);

/** SHA-256(0x01 || left || right): an interior node. */
export const nodeHash = (left: Uint8Array, right: Uint8Array): Buffer =>
  sha256(Buffer.of(1), left, right);

/** The root of the empty tree: SHA-256 of no bytes. */
export const EMPTY_ROOT: Buffer = sha256();

/**
 * A perfect subtree: level `level` (0 = a leaf) and `index`, covering leaves
 * [index * 2^level, (index + 1) * 2^level). The repository stores one hash per completed node.
 */
export interface NodeId {
  level: number;
  index: number;
}

/** Text key of a node ("level/index") for maps of fetched hashes. */
export const nodeKey = (n: NodeId): string => `${n.level}/${n.index}`;

/** A range of leaves [start, end), end exclusive. */
export type LeafRange = readonly [start: number, end: number];

/** The largest power of two strictly below `n` (n >= 2): RFC 6962's split point k. */
export const splitPoint = (n: number): number => {
  let k = 1;
  while (k * 2 < n) k *= 2;
  return k;
};

const isPowerOfTwo = (n: number): boolean => n > 0 && 2 ** Math.round(Math.log2(n)) === n;

/**
 * The perfect subtrees whose hashes make MTH(D[start:end]) under RFC 6962's split (a range that is
 * itself a perfect aligned subtree is one node), left to right. Empty for an empty range.
 */
export const rangeNodes = (start: number, end: number): NodeId[] => {
  const size = end - start;
  if (size <= 0) return [];
  if (isPowerOfTwo(size) && start % size === 0)
    return [{ level: Math.round(Math.log2(size)), index: start / size }];
  const k = splitPoint(size);
  return [...rangeNodes(start, start + k), ...rangeNodes(start + k, end)];
};

/**
 * MTH(D[start:end]) from stored perfect-subtree hashes (`hashOf` is asked only for rangeNodes).
 * The empty range hashes to EMPTY_ROOT.
 * @throws Error when `hashOf` has no hash for a node it is asked for.
 */
export const rangeHash = (
  start: number,
  end: number,
  hashOf: (n: NodeId) => Buffer | undefined,
): Buffer => {
  const size = end - start;
  if (size <= 0) return EMPTY_ROOT;
  if (isPowerOfTwo(size) && start % size === 0) {
    const node = { level: Math.round(Math.log2(size)), index: start / size };
    const hash = hashOf(node);
    if (!hash) throw new Error(`no stored hash for node ${nodeKey(node)}`);
    return hash;
  }
  const k = splitPoint(size);
  return nodeHash(rangeHash(start, start + k, hashOf), rangeHash(start + k, end, hashOf));
};

/** MTH(D[0:n]) straight from the leaves' hashes (RFC 6962 section 2.1): tests and the auditor. */
export const rootFromLeafHashes = (hashes: readonly Buffer[]): Buffer => {
  if (!hashes.length) return EMPTY_ROOT;
  let level = [...hashes];
  while (level.length > 1) {
    const next: Buffer[] = [];
    for (let i = 0; i < level.length; i += 2)
      next.push(i + 1 < level.length ? nodeHash(level[i], level[i + 1]) : level[i]);
    level = next;
  }
  return level[0];
};

/**
 * The leaf ranges whose hashes form the inclusion proof of leaf `index` in the tree of `size`
 * leaves, from the leaf up: RFC 6962 section 2.1.1 PATH(m, D[n]).
 * @throws RangeError when not 0 <= index < size.
 */
export const inclusionProofRanges = (index: number, size: number): LeafRange[] => {
  if (!(index >= 0 && index < size)) throw new RangeError('index must be below size');
  const path = (m: number, start: number, end: number): LeafRange[] => {
    const n = end - start;
    if (n === 1) return [];
    const k = splitPoint(n);
    return m < k
      ? [...path(m, start, start + k), [start + k, end]]
      : [...path(m - k, start + k, end), [start, start + k]];
  };
  return path(index, 0, size);
};

/**
 * The leaf ranges whose hashes form the consistency proof between the trees of `first` and
 * `second` leaves: RFC 6962 section 2.1.2 PROOF(m, D[n]) = SUBPROOF(m, D[n], true). Empty when
 * first is 0 or equals second.
 * @throws RangeError when not 0 <= first <= second.
 */
export const consistencyProofRanges = (first: number, second: number): LeafRange[] => {
  if (!(first >= 0 && first <= second)) throw new RangeError('first must not be above second');
  if (first === 0 || first === second) return [];
  const sub = (m: number, start: number, end: number, whole: boolean): LeafRange[] => {
    const n = end - start;
    if (m === n) return whole ? [] : [[start, end]];
    const k = splitPoint(n);
    return m <= k
      ? [...sub(m, start, start + k, whole), [start + k, end]]
      : [...sub(m - k, start + k, end, false), [start, start + k]];
  };
  return sub(first, 0, second, true);
};

/**
 * The nodes completed by appending `count` leaves (their hashes `added`, in order) to a tree of
 * `oldSize` leaves: the new leaves (level 0) and every perfect subtree they close, with hashes.
 * `hashOf` is asked only for the old tree's frontier, rangeNodes(0, oldSize).
 * @throws Error when a frontier hash is missing.
 */
export const appendNodes = (
  oldSize: number,
  added: readonly Buffer[],
  hashOf: (n: NodeId) => Buffer | undefined,
): { node: NodeId; hash: Buffer }[] => {
  const out: { node: NodeId; hash: Buffer }[] = [];
  const fresh = new Map<string, Buffer>();
  const get = (n: NodeId): Buffer => {
    const h = fresh.get(nodeKey(n)) ?? hashOf(n);
    if (!h) throw new Error(`no stored hash for node ${nodeKey(n)}`);
    return h;
  };
  const put = (node: NodeId, hash: Buffer) => {
    fresh.set(nodeKey(node), hash);
    out.push({ node, hash });
  };
  added.forEach((h, i) => put({ level: 0, index: oldSize + i }, h));
  const newSize = oldSize + added.length;
  for (let level = 1; 2 ** level <= newSize; level++) {
    const width = 2 ** level;
    for (let index = Math.floor(oldSize / width); index < Math.floor(newSize / width); index++) {
      put(
        { level, index },
        nodeHash(
          get({ level: level - 1, index: 2 * index }),
          get({ level: level - 1, index: 2 * index + 1 }),
        ),
      );
    }
  }
  return out;
};

const odd = (n: number): boolean => n % 2 === 1;
const half = (n: number): number => Math.floor(n / 2);
const isHash = (h: Uint8Array): boolean => h.length === HASH_BYTES;

/**
 * The root an inclusion proof leads to (RFC 9162 section 2.1.3.2), or null when the proof cannot
 * belong to leaf `index` of a tree of `size` leaves (index out of range, wrong length, a hash not
 * 32 bytes).
 */
export const rootFromInclusionProof = (
  index: number,
  size: number,
  leaf: Buffer,
  proof: readonly Buffer[],
): Buffer | null => {
  if (!(Number.isSafeInteger(index) && Number.isSafeInteger(size) && index >= 0 && index < size))
    return null;
  if (!isHash(leaf) || !proof.every(isHash)) return null;
  let fn = index;
  let sn = size - 1;
  let r = leaf;
  for (const p of proof) {
    if (sn === 0) return null;
    if (odd(fn) || fn === sn) {
      r = nodeHash(p, r);
      if (!odd(fn)) while (!odd(fn) && fn !== 0) [fn, sn] = [half(fn), half(sn)];
    } else r = nodeHash(r, p);
    [fn, sn] = [half(fn), half(sn)];
  }
  return sn === 0 ? r : null;
};

/** Whether `proof` shows leaf hash `leaf` at `index` in the tree of `size` leaves with root `root` (RFC 9162 section 2.1.3.2). */
export const verifyInclusion = (
  index: number,
  size: number,
  leaf: Buffer,
  proof: readonly Buffer[],
  root: Buffer,
): boolean => {
  const got = rootFromInclusionProof(index, size, leaf, proof);
  return got !== null && isHash(root) && got.equals(root);
};

/**
 * Whether `proof` shows that the tree of `first` leaves with root `firstRoot` is a prefix of the
 * tree of `second` leaves with root `secondRoot` (RFC 9162 section 2.1.4.2). A tree of 0 leaves
 * is a prefix of any tree (empty proof); equal sizes need equal roots and an empty proof.
 */
export const verifyConsistency = (
  first: number,
  second: number,
  firstRoot: Buffer,
  secondRoot: Buffer,
  proof: readonly Buffer[],
): boolean => {
  if (!(
    Number.isSafeInteger(first) &&
    Number.isSafeInteger(second) &&
    first >= 0 &&
    first <= second
  ))
    return false;
  if (!proof.every(isHash)) return false;
  if (first === second) return proof.length === 0 && firstRoot.equals(secondRoot);
  if (first === 0) return proof.length === 0;
  if (!proof.length || !isHash(firstRoot) || !isHash(secondRoot)) return false;
  const path = isPowerOfTwo(first) ? [firstRoot, ...proof] : [...proof];
  let fn = first - 1;
  let sn = second - 1;
  while (odd(fn)) [fn, sn] = [half(fn), half(sn)];
  let fr = path[0];
  let sr = path[0];
  for (const c of path.slice(1)) {
    if (sn === 0) return false;
    if (odd(fn) || fn === sn) {
      fr = nodeHash(c, fr);
      sr = nodeHash(c, sr);
      if (!odd(fn)) while (!odd(fn) && fn !== 0) [fn, sn] = [half(fn), half(sn)];
    } else sr = nodeHash(sr, c);
    [fn, sn] = [half(fn), half(sn)];
  }
  return sn === 0 && fr.equals(firstRoot) && sr.equals(secondRoot);
};

/**
 * The browser's half of the transparency log (docs/PRODUCT-RULES.md "Transparency log"): checks,
 * with nothing but Web Crypto and pkijs, what the server says about a slip —
 * its leaf (`v1|slip:<id>|commitment:<hex>`), the RFC 6962 inclusion proof against the signed
 * root (RFC 9162 section 2.1.3.2), the C2SP checkpoint's Ed25519 signature, and the RFC 3161
 * time-stamp token over the signed checkpoint (message imprint and CMS signature).
 */

const enc = new TextEncoder();

/** Bytes of standard base64. @throws Error on anything else. */
export const fromBase64 = (s: string): Uint8Array => {
  if (!/^[A-Za-z0-9+/]*={0,2}$/.test(s)) throw new Error('not base64');
  return Uint8Array.from(atob(s), (c) => c.charCodeAt(0));
};

const concat = (...parts: Uint8Array[]): Uint8Array => {
  const out = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
  let at = 0;
  for (const p of parts) {
    out.set(p, at);
    at += p.length;
  }
  return out;
};

const sha256 = async (...parts: Uint8Array[]): Promise<Uint8Array> =>
  new Uint8Array(await crypto.subtle.digest('SHA-256', concat(...parts) as BufferSource));

const equal = (a: Uint8Array, b: Uint8Array): boolean =>
  a.length === b.length && a.every((x, i) => x === b[i]);

/** SHA-256(0x00 || leaf). */
export const leafHash = (leaf: Uint8Array): Promise<Uint8Array> => sha256(Uint8Array.of(0), leaf);

/** SHA-256(0x01 || left || right). */
export const nodeHash = (left: Uint8Array, right: Uint8Array): Promise<Uint8Array> =>
  sha256(Uint8Array.of(1), left, right);

/** The leaf the log keeps for a slip: `v1|slip:<id>|commitment:<64 hex>`. */
export const slipLeaf = (slipId: number, commitment: string): string =>
  `v1|slip:${slipId}|commitment:${commitment}`;

/**
 * The root an inclusion proof leads to (RFC 9162 section 2.1.3.2), or null when it cannot be the
 * proof of leaf `index` in a tree of `size` leaves.
 */
export const rootFromInclusionProof = async (
  index: number,
  size: number,
  leaf: Uint8Array,
  proof: Uint8Array[],
): Promise<Uint8Array | null> => {
  if (!(Number.isSafeInteger(index) && Number.isSafeInteger(size) && index >= 0 && index < size))
    return null;
  if (leaf.length !== 32 || proof.some((p) => p.length !== 32)) return null;
  const odd = (n: number) => n % 2 === 1;
  const half = (n: number) => Math.floor(n / 2);
  let fn = index;
  let sn = size - 1;
  let r = leaf;
  for (const p of proof) {
    if (sn === 0) return null;
    if (odd(fn) || fn === sn) {
      r = await nodeHash(p, r);
      if (!odd(fn)) while (!odd(fn) && fn !== 0) [fn, sn] = [half(fn), half(sn)];
    } else r = await nodeHash(r, p);
    [fn, sn] = [half(fn), half(sn)];
  }
  return sn === 0 ? r : null;
};

/** A checkpoint: origin, tree size, root hash. */
export interface Checkpoint {
  origin: string;
  size: number;
  root: Uint8Array;
}

/**
 * Splits a C2SP signed note into its text and signature lines and reads the checkpoint text.
 * @throws Error when the note or checkpoint is malformed.
 */
export const parseSignedCheckpoint = (
  note: string,
): {
  text: string;
  checkpoint: Checkpoint;
  signatures: { name: string; keyId: Uint8Array; signature: Uint8Array }[];
} => {
  const split = note.lastIndexOf('\n\n');
  if (split < 0 || !note.endsWith('\n')) throw new Error('not a signed note');
  const text = note.slice(0, split + 1);
  const signatures = note
    .slice(split + 2, -1)
    .split('\n')
    .map((line) => {
      const m = /^\u2014 (\S+) ([A-Za-z0-9+/]+={0,2})$/.exec(line);
      if (!m) throw new Error('malformed signature line');
      const raw = fromBase64(m[2]);
      return { name: m[1], keyId: raw.slice(0, 4), signature: raw.slice(4) };
    });
  const [origin, size, root] = text.split('\n');
  if (!origin || !/^(0|[1-9]\d*)$/.test(size ?? '')) throw new Error('malformed checkpoint');
  const rootBytes = fromBase64(root ?? '');
  if (rootBytes.length !== 32) throw new Error('malformed checkpoint root');
  return { text, checkpoint: { origin, size: Number(size), root: rootBytes }, signatures };
};

/**
 * Whether `note` carries a valid Ed25519 signature of `keyName` by the raw 32-byte `publicKey`
 * (Web Crypto), with the key id the C2SP rule gives: SHA-256(name || '\n' || 0x01 || key)[0:4].
 */
export const verifyCheckpointSignature = async (
  note: string,
  keyName: string,
  publicKey: Uint8Array,
): Promise<boolean> => {
  let parsed: ReturnType<typeof parseSignedCheckpoint>;
  try {
    parsed = parseSignedCheckpoint(note);
  } catch {
    return false;
  }
  const keyId = (await sha256(enc.encode(`${keyName}\n`), Uint8Array.of(1), publicKey)).slice(0, 4);
  const key = await crypto.subtle.importKey(
    'raw',
    publicKey as BufferSource,
    { name: 'Ed25519' },
    false,
    ['verify'],
  );
  for (const s of parsed.signatures) {
    if (s.name !== keyName || !equal(s.keyId, keyId) || s.signature.length !== 64) continue;
    if (
      await crypto.subtle.verify(
        { name: 'Ed25519' },
        key,
        s.signature as BufferSource,
        enc.encode(parsed.text) as BufferSource,
      )
    )
      return true;
  }
  return false;
};

/** What the RFC 3161 token says and whether it holds for the checkpoint. */
export interface TimestampResult {
  genTime: Date | null;
  imprintMatches: boolean;
  signatureValid: boolean;
  signer: string | null;
  problem: string | null;
}

const buffer = (b: Uint8Array): ArrayBuffer =>
  b.buffer.slice(b.byteOffset, b.byteOffset + b.byteLength) as ArrayBuffer;

/**
 * Checks an RFC 3161 token (DER ContentInfo) over `data`: the TSTInfo's message imprint is
 * SHA-256(data), and the CMS signature (signed attributes, message digest) verifies with the
 * certificate the token carries. pkijs is loaded on demand.
 */
export const verifyTimestampToken = async (
  token: Uint8Array,
  data: Uint8Array,
): Promise<TimestampResult> => {
  const pkijs = await import('pkijs');
  try {
    const content = pkijs.ContentInfo.fromBER(buffer(token));
    const signed = new pkijs.SignedData({ schema: content.content });
    const eContent = signed.encapContentInfo.eContent;
    if (!eContent) throw new Error('the token has no TSTInfo');
    const info = pkijs.TSTInfo.fromBER(eContent.getValue());
    const imprint = new Uint8Array(info.messageImprint.hashedMessage.valueBlock.valueHexView);
    const imprintMatches =
      info.messageImprint.hashAlgorithm.algorithmId === '2.16.840.1.101.3.4.2.1' &&
      equal(imprint, await sha256(data));
    const cert = (signed.certificates ?? []).find(
      (c): c is InstanceType<typeof pkijs.Certificate> => c instanceof pkijs.Certificate,
    );
    const cn = cert?.subject.typesAndValues.find((t) => t.type === '2.5.4.3')?.value.valueBlock
      .value;
    let signatureValid = false;
    let problem: string | null = null;
    try {
      const result = await signed.verify({
        signer: 0,
        data: buffer(data),
        checkChain: false,
        extendedMode: true,
      });
      signatureValid = !!result.signatureVerified;
      if (!signatureValid) problem = result.message || 'the signature does not verify';
    } catch (err) {
      problem = (err as Error).message || 'the signature does not verify';
    }
    return {
      genTime: info.genTime,
      imprintMatches,
      signatureValid,
      signer: typeof cn === 'string' ? cn : null,
      problem,
    };
  } catch (err) {
    return {
      genTime: null,
      imprintMatches: false,
      signatureValid: false,
      signer: null,
      problem: `not a time-stamp token (${(err as Error).message})`,
    };
  }
};

/** One check shown on /verify; `warning`: a failure that shows a limit of the proof, not tampering. */
export interface LogCheck {
  label: string;
  ok: boolean;
  detail: string;
  warning?: boolean;
}

/** The server's inclusion proof answer and the log's key, as the API sends them. */
export interface LogEvidence {
  proof: {
    leaf_index: number;
    tree_size: number;
    slip_id: number;
    leaf: string;
    leaf_hash: string;
    hashes: string[];
    tree_head: {
      checkpoint: string;
      root_hash: string;
      tree_size: number;
      timestamp: { token: string; gen_time: string | null } | null;
    } | null;
  };
  key: { origin: string; public_key: string; key_id: string };
}

/**
 * The checks of /verify for slip `slipId` with commitment `commitment`: the leaf, the inclusion
 * proof, the tree head's signature, its time-stamp and, given the slip's first kick-off, that the
 * time-stamp is before it. Never throws: a malformed answer is a failed check saying why.
 */
export const checkLogEvidence = async (
  slipId: number,
  commitment: string,
  e: LogEvidence,
  firstKickoff: Date | null = null,
): Promise<{ checks: LogCheck[]; genTime: Date | null }> => {
  const checks: LogCheck[] = [];
  const { proof, key } = e;
  const leafBytes = enc.encode(proof.leaf);
  const expected = slipLeaf(slipId, commitment);
  const computedLeaf = await leafHash(leafBytes);
  const leafOk =
    proof.leaf === expected &&
    proof.slip_id === slipId &&
    equal(computedLeaf, safeBase64(proof.leaf_hash));
  checks.push({
    label: 'Log entry',
    ok: leafOk,
    detail: leafOk
      ? `Leaf ${proof.leaf_index} is this slip's commitment.`
      : `Leaf ${proof.leaf_index} is not ${expected}.`,
  });
  const head = proof.tree_head;
  let parsed: ReturnType<typeof parseSignedCheckpoint> | null = null;
  try {
    parsed = head ? parseSignedCheckpoint(head.checkpoint) : null;
  } catch {
    parsed = null;
  }
  const root = await rootFromInclusionProof(
    proof.leaf_index,
    proof.tree_size,
    computedLeaf,
    proof.hashes.map(safeBase64),
  );
  const inclusionOk =
    !!parsed &&
    !!root &&
    parsed.checkpoint.size === proof.tree_size &&
    equal(root, parsed.checkpoint.root);
  checks.push({
    label: 'Inclusion proof',
    ok: inclusionOk,
    detail: inclusionOk
      ? `The ${proof.hashes.length} proof hashes lead from the leaf to the signed root of the log's first ${proof.tree_size} entries.`
      : 'The proof does not lead to the signed root.',
  });
  const signatureOk =
    !!head &&
    parsed?.checkpoint.origin === key.origin &&
    (await verifyCheckpointSignature(head.checkpoint, key.origin, safeBase64(key.public_key)).catch(
      () => false,
    ));
  checks.push({
    label: 'Tree head signature',
    ok: signatureOk,
    detail: signatureOk
      ? `Ed25519 signature of ${key.origin} (key ${key.key_id}) verified in this browser.`
      : "The tree head signature does not verify with the log's key.",
  });
  let genTime: Date | null = null;
  if (!head?.timestamp) {
    checks.push({
      label: 'Timestamp',
      ok: false,
      detail: 'The tree head is not time-stamped yet; try again in a minute.',
    });
  } else {
    const ts = await verifyTimestampToken(
      safeBase64(head.timestamp.token),
      enc.encode(head.checkpoint),
    );
    genTime = ts.genTime;
    const ok = ts.imprintMatches && ts.signatureValid;
    checks.push({
      label: 'Timestamp',
      ok,
      detail: ok
        ? `RFC 3161 token of ${ts.signer ?? 'the time-stamping authority'}: it covers this tree head and its signature verifies.`
        : !ts.imprintMatches
          ? 'The time-stamp token covers another document than this tree head.'
          : `The time-stamp token's signature does not verify (${ts.problem ?? 'unknown reason'}).`,
    });
    if (ok && genTime && firstKickoff) {
      const before = genTime.getTime() < firstKickoff.getTime();
      checks.push({
        label: 'Before kick-off',
        ok: before,
        warning: !before,
        detail: before
          ? "The time-stamp is earlier than the first game's kick-off: the picks were committed before any game began."
          : 'The first time-stamp of this entry is later than the first kick-off: it shows when the commitment existed, not that it came before the games (the slip was logged after it was published).',
      });
    }
  }
  return { checks, genTime };
};

const safeBase64 = (s: string): Uint8Array => {
  try {
    return fromBase64(s);
  } catch {
    return new Uint8Array();
  }
};

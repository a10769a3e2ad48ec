import { createHash, createPrivateKey, createPublicKey, KeyObject, sign, verify } from 'crypto';

/**
 * Signed notes and checkpoints in the C2SP formats (docs/PRODUCT-RULES.md "Transparency log"):
 * a note is UTF-8 text ending in a newline, followed by a blank line and one signature line per
 * signer, `— <key name> <base64(key id || signature)>`; Ed25519 key ids are the first 4 bytes of
 * SHA-256(key name || 0x0A || 0x01 || public key). A checkpoint's text is three lines: origin,
 * tree size (decimal), root hash (base64). Keys are written as Go's note package writes them:
 * `PRIVATE+KEY+<name>+<key id hex>+<base64(0x01 || seed)>` and `<name>+<key id hex>+<base64(0x01 || public key)>`.
 */

/** The signature algorithm byte of Ed25519 in note keys. */
const ED25519 = 0x01;
const PKCS8_ED25519 = Buffer.from('302e020100300506032b657004220420', 'hex');
const SPKI_ED25519 = Buffer.from('302a300506032b6570032100', 'hex');
const SIGNATURE_PREFIX = '\u2014 ';
const KEY_NAME = /^[^\s+]+$/;
const BASE64 = /^[A-Za-z0-9+/]+={0,2}$/;

/** A note signer: key name, key id (4 bytes) and the Ed25519 keys. */
export interface NoteSigner {
  name: string;
  keyId: Buffer;
  privateKey: KeyObject;
  /** Raw 32-byte Ed25519 public key. */
  publicKey: Buffer;
}

/** A checkpoint's text: origin, tree size and root hash (32 bytes). */
export interface Checkpoint {
  origin: string;
  size: number;
  root: Buffer;
}

/** Key id of an Ed25519 note key: SHA-256(name || '\n' || 0x01 || public key)[0:4]. */
export const noteKeyId = (name: string, publicKey: Buffer): Buffer =>
  createHash('sha256')
    .update(Buffer.from(`${name}\n`, 'utf8'))
    .update(Buffer.of(ED25519))
    .update(publicKey)
    .digest()
    .subarray(0, 4);

/**
 * Reads a signer key `PRIVATE+KEY+<name>+<key id hex>+<base64(0x01 || 32-byte seed)>`.
 * @throws Error naming the problem (never the key) when the text is malformed or the id does not match.
 */
export const parseSignerKey = (text: string): NoteSigner => {
  const m = /^PRIVATE\+KEY\+([^+]*)\+([^+]*)\+(.*)$/.exec(text.trim());
  if (!m) throw new Error('must be PRIVATE+KEY+<name>+<key id>+<key>');
  const [, name, id, key] = m;
  if (!KEY_NAME.test(name)) throw new Error('the key name must not be empty nor hold spaces or +');
  if (!/^[0-9a-f]{8}$/.test(id)) throw new Error('the key id must be 8 lowercase hex digits');
  const raw = BASE64.test(key) ? Buffer.from(key, 'base64') : Buffer.alloc(0);
  if (raw.length !== 33 || raw[0] !== ED25519)
    throw new Error('the key must be base64 of 0x01 and a 32-byte Ed25519 seed');
  const privateKey = createPrivateKey({
    key: Buffer.concat([PKCS8_ED25519, raw.subarray(1)]),
    format: 'der',
    type: 'pkcs8',
  });
  const publicKey = Buffer.from(
    createPublicKey(privateKey).export({ format: 'der', type: 'spki' }),
  ).subarray(-32);
  const keyId = noteKeyId(name, publicKey);
  if (keyId.toString('hex') !== id) throw new Error('the key id does not match the key');
  return { name, keyId, privateKey, publicKey };
};

/** The verifier key of a signer: `<name>+<key id hex>+<base64(0x01 || public key)>`. */
export const verifierKey = (s: Pick<NoteSigner, 'name' | 'keyId' | 'publicKey'>): string =>
  `${s.name}+${s.keyId.toString('hex')}+${Buffer.concat([Buffer.of(ED25519), s.publicKey]).toString('base64')}`;

/** A parsed verifier key. @throws Error when it is not `<name>+<8 hex>+<base64(0x01 || 32 bytes)>` or the id does not match. */
export const parseVerifierKey = (
  text: string,
): { name: string; keyId: Buffer; publicKey: Buffer } => {
  const parts = /^([^+\s]+)\+([0-9a-f]{8})\+([A-Za-z0-9+/]+={0,2})$/.exec(text.trim())?.slice(1);
  if (!parts) throw new Error('a verifier key is <name>+<key id>+<base64 key>');
  const raw = Buffer.from(parts[2], 'base64');
  if (raw.length !== 33 || raw[0] !== ED25519)
    throw new Error('the verifier key is not an Ed25519 key');
  const publicKey = raw.subarray(1);
  const keyId = noteKeyId(parts[0], publicKey);
  if (keyId.toString('hex') !== parts[1])
    throw new Error('the verifier key id does not match its key');
  return { name: parts[0], keyId, publicKey };
};

/** A checkpoint's text (C2SP tlog-checkpoint): `<origin>\n<size>\n<base64 root>\n`. */
export const checkpointText = (c: Checkpoint): string =>
  `${c.origin}\n${c.size}\n${c.root.toString('base64')}\n`;

/** The signed note: `text`, a blank line, then the signer's line `— <name> <base64(key id || Ed25519 signature of text)>`. */
export const signNote = (text: string, signer: NoteSigner): string => {
  const signature = sign(null, Buffer.from(text, 'utf8'), signer.privateKey);
  return `${text}\n${SIGNATURE_PREFIX}${signer.name} ${Buffer.concat([signer.keyId, signature]).toString('base64')}\n`;
};

/** One signature line of a note: key name, key id and signature bytes. */
export interface NoteSignature {
  name: string;
  keyId: Buffer;
  signature: Buffer;
}

/**
 * Splits a signed note into its text and signature lines.
 * @throws Error when there is no blank line before the signatures or a signature line is malformed.
 */
export const parseNote = (note: string): { text: string; signatures: NoteSignature[] } => {
  const split = note.lastIndexOf('\n\n');
  if (split < 0 || !note.endsWith('\n'))
    throw new Error('a signed note ends with a blank line and signature lines');
  const text = note.slice(0, split + 1);
  const signatures = note
    .slice(split + 2, -1)
    .split('\n')
    .map((line) => {
      const m = /^\u2014 (\S+) ([A-Za-z0-9+/]+={0,2})$/.exec(line);
      const raw = m ? Buffer.from(m[2], 'base64') : Buffer.alloc(0);
      if (!m || raw.length < 5) throw new Error('malformed signature line in the note');
      return { name: m[1], keyId: raw.subarray(0, 4), signature: raw.subarray(4) };
    });
  return { text, signatures };
};

/**
 * Whether `note` carries a valid Ed25519 signature by the verifier key `vkey` (its name and id
 * must match a signature line). Malformed notes are not valid.
 */
export const verifyNote = (
  note: string,
  vkey: { name: string; keyId: Buffer; publicKey: Buffer },
): boolean => {
  let parsed: ReturnType<typeof parseNote>;
  try {
    parsed = parseNote(note);
  } catch {
    return false;
  }
  const key = createPublicKey({
    key: Buffer.concat([SPKI_ED25519, vkey.publicKey]),
    format: 'der',
    type: 'spki',
  });
  return parsed.signatures.some(
    (s) =>
      s.name === vkey.name &&
      s.keyId.equals(vkey.keyId) &&
      s.signature.length === 64 &&
      verify(null, Buffer.from(parsed.text, 'utf8'), key, s.signature),
  );
};

/**
 * Reads a checkpoint's text (the first three lines; extension lines are allowed after them).
 * @throws Error when the origin is empty, the size is not a decimal safe integer or the root not 32 bytes of base64.
 */
export const parseCheckpoint = (text: string): Checkpoint => {
  const lines = text.split('\n');
  if (lines.length < 4 || lines[lines.length - 1] !== '')
    throw new Error('a checkpoint has an origin, a size and a root hash line');
  const [origin, size, root] = lines;
  if (!origin) throw new Error('the checkpoint has no origin');
  if (!/^(0|[1-9]\d*)$/.test(size) || !Number.isSafeInteger(Number(size)))
    throw new Error('the checkpoint size is not a decimal number');
  const hash = BASE64.test(root) ? Buffer.from(root, 'base64') : Buffer.alloc(0);
  if (hash.length !== 32) throw new Error('the checkpoint root is not 32 bytes of base64');
  return { origin, size: Number(size), root: hash };
};

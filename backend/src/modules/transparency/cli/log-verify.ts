import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'fs';
import { dirname, join } from 'path';
import { checkTimestampToken } from '../../../providers/tsa/rfc3161';
import { parseSlipLeaf } from '../domain/log-leaf';
import { leafHash, rootFromLeafHashes, verifyConsistency } from '../domain/merkle';
import {
  Checkpoint,
  parseCheckpoint,
  parseNote,
  parseVerifierKey,
  verifyNote,
} from '../domain/signed-note';

/**
 * `npm run log:verify -- URL` (docs/PRODUCT-RULES.md "Transparency log"): audits the public log
 * of the marketplace at URL from outside, with nothing but its public routes:
 * 1. the log's key (`/api/log/public-key`, or pinned with --key) and the newest tree head: its
 *    Ed25519 signature, origin, and that its JSON fields say what the signed checkpoint says;
 * 2. the head's RFC 3161 token: message imprint = SHA-256 of the signed checkpoint, CMS signature
 *    (with --tsa-cert FILE, the signer certificate pinned or chained to it);
 * 3. every leaf (`/api/log/leaves`), none missing, each a slip leaf, and the root recomputed from them;
 * 4. consistency between an earlier head and the newest: the head saved by the previous run
 *    (--state FILE, default .data/log-verify/<host>.json) and/or the server's head of --from-size N,
 *    by the server's consistency proof (RFC 9162) and by the roots recomputed from the leaves;
 * then saves the newest head as the state for the next run. Exits 1 with a message naming the first failure.
 */

/** Options of the command line. */
export interface LogVerifyArgs {
  url: string;
  state: string;
  fromSize?: number;
  tsaCert?: string;
  key?: string;
}

/** What the state file keeps: the last head this auditor verified. */
interface SavedHead {
  url: string;
  verifier_key: string;
  checkpoint: string;
}

/** The JSON of GET /api/log/tree-head as the auditor reads it (anything else is a failed check). */
interface HeadJson {
  tree_size: number;
  root_hash: string;
  checkpoint: string;
  timestamp: { token: string } | null;
}

/** One leaf of GET /api/log/leaves. */
interface LeafJson {
  index: number;
  slip_id: number;
  leaf: string;
}

/** A failed check: its message is what the command prints. */
export class AuditFailure extends Error {}

/**
 * Parses `URL [--state FILE] [--from-size N] [--tsa-cert FILE] [--key VERIFIER_KEY]`.
 * The state file defaults to .data/log-verify/<host>.json under the directory npm ran in.
 * @throws Error naming an unknown flag, a missing value or a missing URL.
 */
export const parseLogVerifyArgs = (
  argv: string[],
  cwd = process.env.INIT_CWD ?? process.cwd(),
): LogVerifyArgs => {
  const out: Partial<LogVerifyArgs> = {};
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i];
    const m = /^--(state|from-size|tsa-cert|key)(?:=(.*))?$/.exec(arg);
    if (!m) {
      if (arg.startsWith('--') || out.url)
        throw new Error(
          `unknown argument '${arg}' (expected URL, --state, --from-size, --tsa-cert, --key)`,
        );
      if (!/^https?:\/\/\S+$/.test(arg)) throw new Error(`URL must be http(s)://…, not '${arg}'`);
      out.url = arg.replace(/\/+$/, '');
      continue;
    }
    const value = m[2] ?? argv[++i];
    if (value === undefined || value.startsWith('--')) throw new Error(`--${m[1]} needs a value`);
    if (m[1] === 'from-size') {
      if (!/^\d{1,15}$/.test(value)) throw new Error('--from-size must be a whole number');
      out.fromSize = Number(value);
    } else if (m[1] === 'tsa-cert') out.tsaCert = value;
    else if (m[1] === 'key') out.key = value;
    else out.state = value;
  }
  if (!out.url)
    throw new Error(
      'usage: npm run log:verify -- URL [--state FILE] [--from-size N] [--tsa-cert FILE] [--key VERIFIER_KEY]',
    );
  out.state ??= join(
    cwd,
    '.data',
    'log-verify',
    `${new URL(out.url).host.replace(/[^A-Za-z0-9.-]/g, '_')}.json`,
  );
  return out as LogVerifyArgs;
};

const b64 = (s: unknown, what: string): Buffer => {
  if (typeof s !== 'string' || !/^[A-Za-z0-9+/]*={0,2}$/.test(s))
    throw new AuditFailure(`${what} is not base64`);
  return Buffer.from(s, 'base64');
};

/** The DER certificates in a PEM file (or one DER file). */
const readCerts = (file: string): Buffer[] => {
  const text = readFileSync(file);
  const pem = text.toString('utf8');
  const blocks = [
    ...pem.matchAll(/-----BEGIN CERTIFICATE-----([\s\S]*?)-----END CERTIFICATE-----/g),
  ].map((m) => Buffer.from(m[1].replace(/\s+/g, ''), 'base64'));
  return blocks.length ? blocks : [text];
};

/**
 * Runs the audit; `print` gets one line per check passed. Returns the verified size.
 * @throws AuditFailure on the first check that fails (also for an unreachable log or a bad answer).
 */
export const auditLog = async (
  args: LogVerifyArgs,
  print: (line: string) => void = () => {},
): Promise<{ size: number; root: string }> => {
  const get = async <T>(path: string): Promise<T> => {
    let res: Response;
    try {
      res = await fetch(`${args.url}${path}`, { signal: AbortSignal.timeout(30_000) });
    } catch (err) {
      throw new AuditFailure(`GET ${path}: ${(err as Error).message}`);
    }
    const text = await res.text();
    if (!res.ok)
      throw new AuditFailure(`GET ${path} answered ${res.status}: ${text.slice(0, 200)}`);
    try {
      return JSON.parse(text) as T;
    } catch {
      throw new AuditFailure(`GET ${path} did not answer JSON`);
    }
  };

  // 1. Key and newest head.
  const served = await get<{ verifier_key: string }>('/api/log/public-key');
  const keyText = args.key ?? served.verifier_key;
  if (args.key && args.key !== served.verifier_key)
    throw new AuditFailure(`the log serves key ${served.verifier_key}, not the pinned ${args.key}`);
  let vkey: ReturnType<typeof parseVerifierKey>;
  try {
    vkey = parseVerifierKey(keyText);
  } catch (err) {
    throw new AuditFailure(`the log's verifier key is unreadable: ${(err as Error).message}`);
  }
  const saved: SavedHead | null = existsSync(args.state)
    ? JSON.parse(readFileSync(args.state, 'utf8'))
    : null;
  if (saved && saved.verifier_key !== keyText)
    throw new AuditFailure(
      `the log's key changed since the saved head (${saved.verifier_key} → ${keyText})`,
    );
  const trusted = args.tsaCert ? readCerts(args.tsaCert) : [];

  const checkHead = async (head: HeadJson, what: string): Promise<Checkpoint> => {
    if (!verifyNote(String(head.checkpoint), vkey))
      throw new AuditFailure(`${what}: the checkpoint's signature does not verify with ${keyText}`);
    let cp: Checkpoint;
    try {
      cp = parseCheckpoint(parseNote(head.checkpoint).text);
    } catch (err) {
      throw new AuditFailure(`${what}: ${(err as Error).message}`);
    }
    if (cp.origin !== vkey.name)
      throw new AuditFailure(`${what}: origin ${cp.origin} is not the key's name ${vkey.name}`);
    if (cp.size !== head.tree_size || !cp.root.equals(b64(head.root_hash, `${what} root_hash`))) {
      throw new AuditFailure(`${what}: tree_size / root_hash differ from the signed checkpoint`);
    }
    print(`✓ ${what}: size ${cp.size}, signed by ${vkey.name}+${vkey.keyId.toString('hex')}`);
    if (!head.timestamp)
      throw new AuditFailure(
        `${what} (size ${cp.size}) has no RFC 3161 timestamp yet; try again in a minute`,
      );
    const check = await checkTimestampToken(
      b64(head.timestamp.token, `${what} timestamp token`),
      Buffer.from(head.checkpoint, 'utf8'),
      trusted,
    ).catch((err: Error) => {
      throw new AuditFailure(`${what}: ${err.message}`);
    });
    if (!check.imprintMatches)
      throw new AuditFailure(
        `${what}: the timestamp's message imprint is not SHA-256 of the checkpoint`,
      );
    if (!check.signatureValid)
      throw new AuditFailure(
        `${what}: the timestamp's signature does not verify (${check.problem})`,
      );
    print(
      `✓ ${what}: time-stamped ${check.genTime.toISOString()} by ${check.signer ?? 'an unnamed TSA'}${trusted.length ? ' (trusted certificate)' : ''}`,
    );
    return cp;
  };

  const current = await get<HeadJson>('/api/log/tree-head');
  const head = await checkHead(current, 'newest tree head');

  // 3. Every leaf, then the root.
  const hashes: Buffer[] = [];
  for (let start = 0; start < head.size;) {
    const page = await get<{ end: number; leaves?: LeafJson[] }>(
      `/api/log/leaves?start=${start}&end=${head.size}`,
    );
    const leaves = Array.isArray(page.leaves) ? page.leaves : [];
    if (!leaves.length) throw new AuditFailure(`leaf ${start} is missing from the log`);
    for (const l of leaves) {
      if (l.index !== start)
        throw new AuditFailure(
          `leaf ${start} is missing from the log (the next one served is ${l.index})`,
        );
      const parsed = parseSlipLeaf(String(l.leaf));
      if (!parsed || parsed.slipId !== l.slip_id)
        throw new AuditFailure(`leaf ${start} is not a slip leaf of slip ${l.slip_id}`);
      hashes.push(leafHash(Buffer.from(l.leaf, 'utf8')));
      start++;
    }
    if (start < Math.min(page.end, head.size))
      throw new AuditFailure(`leaf ${start} is missing from the log`);
  }
  const root = rootFromLeafHashes(hashes);
  if (!root.equals(head.root))
    throw new AuditFailure(
      `the root recomputed from the ${head.size} leaves is not the signed root`,
    );
  print(`✓ ${head.size} leaves: the recomputed root is the signed root`);

  // 4. Consistency with earlier heads.
  const earlier: { what: string; cp: Checkpoint }[] = [];
  if (saved) {
    if (!verifyNote(saved.checkpoint, vkey))
      throw new AuditFailure("the saved head does not verify with the log's key");
    earlier.push({
      what: `saved head (${args.state})`,
      cp: parseCheckpoint(parseNote(saved.checkpoint).text),
    });
  }
  if (args.fromSize !== undefined) {
    const old = await get<HeadJson>(`/api/log/tree-head?size=${args.fromSize}`);
    earlier.push({
      what: `tree head ${args.fromSize}`,
      cp: await checkHead(old, `tree head ${args.fromSize}`),
    });
  }
  for (const { what, cp } of earlier) {
    if (cp.size > head.size)
      throw new AuditFailure(
        `${what} has ${cp.size} leaves, more than the newest head's ${head.size}: the log shrank`,
      );
    const proof = await get<{ hashes?: unknown[] }>(
      `/api/log/proof/consistency?first=${cp.size}&second=${head.size}`,
    );
    const path = (Array.isArray(proof.hashes) ? proof.hashes : []).map((h: unknown, i: number) =>
      b64(h, `consistency proof hash ${i}`),
    );
    if (!verifyConsistency(cp.size, head.size, cp.root, head.root, path)) {
      throw new AuditFailure(
        `${what} (size ${cp.size}) is not consistent with the newest head (size ${head.size}): the proof does not verify`,
      );
    }
    if (!rootFromLeafHashes(hashes.slice(0, cp.size)).equals(cp.root)) {
      throw new AuditFailure(
        `${what} (size ${cp.size}): the root recomputed from the first ${cp.size} leaves is not its signed root`,
      );
    }
    print(`✓ ${what} (size ${cp.size}) is consistent with size ${head.size}`);
  }

  mkdirSync(dirname(args.state), { recursive: true });
  const state: SavedHead = { url: args.url, verifier_key: keyText, checkpoint: current.checkpoint };
  writeFileSync(args.state, JSON.stringify(state, null, 2) + '\n');
  return { size: head.size, root: head.root.toString('base64') };
};

if (require.main === module) {
  // The command's entry point: each failure is caught inside and exits with its code.
  void (async () => {
    let args: LogVerifyArgs;
    try {
      args = parseLogVerifyArgs(process.argv.slice(2));
    } catch (err) {
      console.error((err as Error).message);
      process.exit(2);
    }
    try {
      const { size, root } = await auditLog(args, (line) => console.log(line));
      console.log(`log OK: ${args.url}, size ${size}, root ${root}; head saved to ${args.state}`);
    } catch (err) {
      console.error(`FAIL: ${(err as Error).message}`);
      process.exit(1);
    }
  })();
}

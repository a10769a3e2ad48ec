import { createHash, randomBytes } from 'crypto';

/** One pick as the commitment covers it: fixture id (decimal string), market id of the catalogue (the pick), quoted decimal odd ('1.85'). */
export interface CommittedPick {
  fixtureId: string;
  marketId: number;
  odd: string;
}

/** Version tag that opens every canonical form; a new form gets a new tag, old commitments keep theirs. */
export const COMMITMENT_VERSION = 'v1';

const HEX64 = /^[0-9a-f]{64}$/;

/** Numeric order of decimal fixture ids (bigint), so '9' comes before '10' on both the server and the browser. */
const byFixture = (a: CommittedPick, b: CommittedPick): number => {
  const x = BigInt(a.fixtureId);
  const y = BigInt(b.fixtureId);
  return x < y ? -1 : x > y ? 1 : a.marketId - b.marketId;
};

/**
 * The canonical form a slip's commitment hashes (docs/PRODUCT-RULES.md "Records and responsible
 * gambling"): `v1|slip:<slip id>|<fixture id>:<market id>:<quoted odd>|…|salt:<salt>`, picks sorted
 * by fixture id (numerically), odds as stored (2 decimals, '1.85'), salt 64 lowercase hex characters.
 * Pure; the browser's /verify page rebuilds the same string from a finished slip's picks.
 * @throws Error when the salt is not 64 lowercase hex characters or a fixture id is not decimal.
 */
export const commitmentInput = (
  slipId: number,
  picks: readonly CommittedPick[],
  salt: string,
): string => {
  if (!HEX64.test(salt)) throw new Error('salt must be 64 lowercase hex characters');
  const legs = [...picks]
    .sort(byFixture)
    .map((p) => `${BigInt(p.fixtureId).toString()}:${p.marketId}:${p.odd}`);
  return [COMMITMENT_VERSION, `slip:${slipId}`, ...legs, `salt:${salt}`].join('|');
};

/** SHA-256 of `input` (UTF-8) as 64 lowercase hex characters. */
export const sha256Hex = (input: string): string =>
  createHash('sha256').update(input, 'utf8').digest('hex');

/** The commitment of a slip: sha256Hex(commitmentInput(...)), 64 lowercase hex characters. */
export const slipCommitment = (
  slipId: number,
  picks: readonly CommittedPick[],
  salt: string,
): string => sha256Hex(commitmentInput(slipId, picks, salt));

/** A fresh per-slip salt: 32 random bytes as 64 lowercase hex characters. */
export const newCommitmentSalt = (): string => randomBytes(32).toString('hex');

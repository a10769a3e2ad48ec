import type { Slip } from '../api/types';

/**
 * The browser's half of provable publishing (docs/PRODUCT-RULES.md "Records and responsible
 * gambling"): the same canonical form as the server's rule, rebuilt from a finished slip's public
 * picks, and its SHA-256 through Web Crypto (crypto.subtle).
 */

/** One committed pick: fixture id, market id (the pick), quoted decimal odd as the API shows it ('1.85'). */
export interface CommittedPick {
  fixtureId: string;
  marketId: number;
  odd: string;
}

const HEX64 = /^[0-9a-f]{64}$/;

/**
 * `v1|slip:<id>|<fixture id>:<market id>:<odd>|…|salt:<salt>`, picks sorted by fixture id as a
 * number. Throws on a salt that is not 64 lowercase hex characters.
 */
export const commitmentInput = (
  slipId: number,
  picks: readonly CommittedPick[],
  salt: string,
): string => {
  if (!HEX64.test(salt)) throw new Error('salt must be 64 lowercase hex characters');
  const legs = [...picks]
    .sort((a, b) => {
      const x = BigInt(a.fixtureId);
      const y = BigInt(b.fixtureId);
      return x < y ? -1 : x > y ? 1 : a.marketId - b.marketId;
    })
    .map((p) => `${BigInt(p.fixtureId).toString()}:${p.marketId}:${p.odd}`);
  return ['v1', `slip:${slipId}`, ...legs, `salt:${salt}`].join('|');
};

/** SHA-256 of `input` (UTF-8) as 64 lowercase hex characters, by crypto.subtle. */
export const sha256Hex = async (input: string): Promise<string> => {
  const digest = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(input));
  return Array.from(new Uint8Array(digest), (b) => b.toString(16).padStart(2, '0')).join('');
};

/** What /verify concludes about a slip. */
export type Verification =
  | { state: 'on-sale'; commitment: string | null }
  | { state: 'unavailable'; commitment: string | null }
  | {
      state: 'match' | 'mismatch';
      commitment: string;
      computed: string;
      /** The canonical string rebuilt from the picks. */
      input: string;
      /** Whether the server's `commitment_input` equals the rebuilt one. */
      sameInputAsServer: boolean;
    };

/**
 * Checks a slip's commitment: on sale → the commitment only (picks are revealed after the last
 * game); finished → rebuilds the canonical form from its picks and salt and compares the hash.
 */
export const verifySlip = async (slip: Slip): Promise<Verification> => {
  if (slip.slip_result === null || slip.slip_result === undefined)
    return { state: 'on-sale', commitment: slip.commitment ?? null };
  const picks = slip.tips.map((t) => ({
    fixtureId: String(t.fixture ?? ''),
    marketId: Number(t.market_type),
    odd: String(t.odd ?? ''),
  }));
  if (
    !slip.commitment ||
    !slip.salt ||
    picks.some((p) => !/^\d+$/.test(p.fixtureId) || !Number.isInteger(p.marketId))
  ) {
    return { state: 'unavailable', commitment: slip.commitment ?? null };
  }
  const input = commitmentInput(slip.id, picks, slip.salt);
  const computed = await sha256Hex(input);
  return {
    state: computed === slip.commitment ? 'match' : 'mismatch',
    commitment: slip.commitment,
    computed,
    input,
    sameInputAsServer: input === slip.commitment_input,
  };
};

/**
 * Jackpot URL segment rule (docs/PRODUCT-RULES.md R46, R102, R139).
 * Pure: no framework, no I/O.
 *
 * KEEP IN SYNC: an identical copy lives at frontend/src/lib/jackpot-slug.ts. Both copies are
 * checked by the same table of cases, backend/src/modules/jackpot/domain/jackpot-slug.cases.json
 * (backend jest: jackpot-slug.spec.ts; frontend vitest: jackpot-slug.test.ts).
 */

/** Betting companies, in the spec's order: SP (SportPesa) is the first company, BT (Betika) the other. */
export const JACKPOT_COMPANIES = ['SP', 'BT'] as const;
export type JackpotCompany = (typeof JACKPOT_COMPANIES)[number];

/** Jackpot variants: MG (Mega) and MW (Mid Week). */
export const JACKPOT_TYPES = ['MG', 'MW'] as const;
export type JackpotType = (typeof JACKPOT_TYPES)[number];

/** The name of each company as it appears as the first part of a slug. */
export const JACKPOT_COMPANY_NAMES: Record<JackpotCompany, string> = {
  SP: 'sportpesa',
  BT: 'betika',
};

/** One jackpot picked out by a URL segment. */
export interface JackpotSelection {
  company: JackpotCompany;
  type: JackpotType;
}

/**
 * Reads a /jackpot/{slug} segment (docs/PRODUCT-RULES.md R139): it must have 3 or 4 dash-separated
 * parts; a first part equal to the first company's name ('sportpesa', compared ignoring case)
 * selects SP, anything else BT; a second part 'mega' selects MG, anything else MW. Any other
 * segment (missing, empty, fewer than 3 or more than 4 parts) answers null: show all jackpots.
 * Examples: 'sportpesa-mega-jackpot' → SP/MG; 'betika-mid-week-jackpot' → BT/MW; 'jackpots' → null.
 */
export const jackpotFromSlug = (segment: string | null | undefined): JackpotSelection | null => {
  if (typeof segment !== 'string') return null;
  const parts = segment.trim().toLowerCase().split('-');
  if (parts.length !== 3 && parts.length !== 4) return null;
  const company: JackpotCompany =
    parts[0] === JACKPOT_COMPANY_NAMES[JACKPOT_COMPANIES[0]] ? 'SP' : 'BT';
  const type: JackpotType = parts[1] === 'mega' ? 'MG' : 'MW';
  return { company, type };
};

/**
 * The canonical slug of a jackpot (docs/PRODUCT-RULES.md, Jackpots): '{company}-mega-jackpot' or
 * '{company}-mid-week-jackpot', e.g. jackpotSlug('BT', 'MW') = 'betika-mid-week-jackpot'.
 * jackpotFromSlug(jackpotSlug(c, t)) gives back { company: c, type: t }.
 */
export const jackpotSlug = (company: JackpotCompany, type: JackpotType): string =>
  `${JACKPOT_COMPANY_NAMES[company]}-${type === 'MG' ? 'mega' : 'mid-week'}-jackpot`;

/**
 * The four canonical slugs, SP before BT, Mega before Mid Week (docs/PRODUCT-RULES.md R46: four in
 * total).
 */
export const JACKPOT_SLUGS: readonly string[] = JACKPOT_COMPANIES.flatMap((c) =>
  JACKPOT_TYPES.map((t) => jackpotSlug(c, t)),
);

import cases from './jackpot-slug.cases.json';
import {
  JACKPOT_SLUGS,
  JackpotCompany,
  jackpotFromSlug,
  jackpotSlug,
  JackpotType,
} from './jackpot-slug';

// The same table runs against the frontend copy (frontend/src/lib/jackpot-slug.test.ts).
describe('jackpotFromSlug', () => {
  it.each(cases.fromSlug)('reads $segment', ({ segment, expected }) => {
    expect(jackpotFromSlug(segment)).toEqual(expected);
  });
});

describe('jackpotSlug', () => {
  it.each(cases.toSlug)('builds $expected', ({ company, type, expected }) => {
    expect(jackpotSlug(company as JackpotCompany, type as JackpotType)).toBe(expected);
    expect(jackpotFromSlug(expected)).toEqual({ company, type });
  });

  it('lists the four canonical slugs', () => {
    expect(JACKPOT_SLUGS).toEqual(cases.toSlug.map((c) => c.expected));
  });
});

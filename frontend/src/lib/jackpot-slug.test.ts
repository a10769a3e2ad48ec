import { describe, expect, it } from 'vitest';
// One table for both copies of the rule (backend jest runs it against the backend copy).
import cases from '../../../backend/src/modules/jackpot/domain/jackpot-slug.cases.json';
import {
  JACKPOT_SLUGS,
  type JackpotCompany,
  jackpotFromSlug,
  jackpotSlug,
  type JackpotType,
} from './jackpot-slug';

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

describe('the frontend copy', () => {
  it('is identical to the backend rule', async () => {
    const { readFileSync } = await import('node:fs');
    const { fileURLToPath } = await import('node:url');
    const read = (rel: string) =>
      readFileSync(fileURLToPath(new URL(rel, import.meta.url)), 'utf8');
    expect(read('./jackpot-slug.ts')).toBe(
      read('../../../backend/src/modules/jackpot/domain/jackpot-slug.ts'),
    );
  });
});

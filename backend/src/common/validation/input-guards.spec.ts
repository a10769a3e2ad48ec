import fc from 'fast-check';
import { findNul, jsonNestingExceeds, MAX_JSON_DEPTH } from './input-guards';

/** Nesting depth of a parsed JSON value: scalars 0, `[]` and `{}` 1. */
const depthOf = (v: unknown): number =>
  v !== null && typeof v === 'object'
    ? 1 + Math.max(0, ...Object.values(v as object).map(depthOf))
    : 0;

describe('jsonNestingExceeds', () => {
  it(`allows ${MAX_JSON_DEPTH} levels and refuses ${MAX_JSON_DEPTH + 1}`, () => {
    const nested = (n: number) => '['.repeat(n) + ']'.repeat(n);
    expect(jsonNestingExceeds(nested(MAX_JSON_DEPTH))).toBe(false);
    expect(jsonNestingExceeds(nested(MAX_JSON_DEPTH + 1))).toBe(true);
    expect(
      jsonNestingExceeds(
        `{"a":${'{"b":'.repeat(MAX_JSON_DEPTH)}1${'}'.repeat(MAX_JSON_DEPTH + 1)}`,
      ),
    ).toBe(true);
  });

  it('does not count brackets inside strings, escaped quotes included', () => {
    expect(jsonNestingExceeds(JSON.stringify({ a: '['.repeat(100) }), 2)).toBe(false);
    expect(jsonNestingExceeds(JSON.stringify({ a: 'say \\"[[[[\\" ok', b: '\\' }), 1)).toBe(false);
    expect(jsonNestingExceeds(`{"a":"\\\\"}${'['.repeat(3)}`, 2)).toBe(true);
  });

  it('scans an unclosed megabyte of `[` without recursion and stops at the limit', () => {
    expect(jsonNestingExceeds('['.repeat(1_048_576))).toBe(true);
    expect(jsonNestingExceeds(`"${'['.repeat(1_048_576)}`)).toBe(false);
  });

  it('agrees with the depth of any JSON value (property)', () => {
    fc.assert(
      fc.property(fc.jsonValue({ maxDepth: 8 }), fc.integer({ min: 0, max: 8 }), (value, max) => {
        expect(jsonNestingExceeds(JSON.stringify(value), max)).toBe(depthOf(value) > max);
      }),
      { numRuns: 500 },
    );
  });
});

describe('findNul', () => {
  it('names the first field, nested field or key holding a NUL', () => {
    expect(findNul({ email: 'a@b.co', password: 'x' })).toBeUndefined();
    expect(findNul({ email: 'a\u0000@b.co' })).toBe('email');
    expect(findNul({ tips: [{ game: '1' }, { game: '2\u0000' }] })).toBe('tips.1.game');
    expect(findNul({ 'bad\u0000key': 1 })).toBe('body');
    expect(findNul({ filter: { 'q\u0000': 'x' } })).toBe('filter');
    expect(findNul('plain\u0000text')).toBe('body');
    expect(findNul(Buffer.from([0, 1, 2]))).toBeUndefined();
    expect(findNul(undefined)).toBeUndefined();
  });

  it('walks a deep value without recursion', () => {
    let deep: unknown = 'end\u0000';
    for (let i = 0; i < 50_000; i++) deep = [deep];
    expect(findNul(deep)).toMatch(/^0(\.0)*$/);
  });
});

import { slugify, uniqueSlug } from './slug';

describe('slugify', () => {
  it.each([
    ['How Accumulators Work', 'how-accumulators-work'],
    [
      "Punter's Guide: Odds & Accumulators in Kenya!",
      'punters-guide-odds-and-accumulators-in-kenya',
    ],
    ['  Over/Under 2.5 — explained  ', 'over-under-2-5-explained'],
    ['Café Olé: Çà et là', 'cafe-ole-ca-et-la'],
    ['Straße, Æsir, Søren, Łódź', 'strasse-aesir-soren-lodz'],
    ['GG/NG (Both Teams To Score)', 'gg-ng-both-teams-to-score'],
    ['1X2 --- DC ___ HT/FT', '1x2-dc-ht-ft'],
    ['!!!', 'post'],
    ['', 'post'],
    ['足球', 'post'],
    ['<script>alert(1)</script>', 'script-alert-1-script'],
  ])('%j → %s', (title, slug) => {
    expect(slugify(title)).toBe(slug);
  });

  it('keeps slugs at most 80 characters, cut at a word boundary', () => {
    const slug = slugify('responsible gambling '.repeat(10));
    expect(slug.length).toBeLessThanOrEqual(80);
    expect(slug).toMatch(/^[a-z0-9]+(-[a-z0-9]+)*$/);
    expect(slug.endsWith('responsible') || slug.endsWith('gambling')).toBe(true);
  });

  it('cuts a single very long word at 80 characters', () => {
    expect(slugify('a'.repeat(200))).toBe('a'.repeat(80));
  });
});

describe('uniqueSlug', () => {
  it.each([
    ['reading-odds', [], 'reading-odds'],
    ['reading-odds', ['other'], 'reading-odds'],
    ['reading-odds', ['reading-odds'], 'reading-odds-2'],
    ['reading-odds', ['reading-odds', 'reading-odds-2'], 'reading-odds-3'],
    ['reading-odds', ['reading-odds', 'reading-odds-3'], 'reading-odds-2'],
    ['reading-odds', ['reading-odds-2'], 'reading-odds'],
    ['post-2', ['post-2'], 'post-2-2'],
  ])('%s with %j taken → %s', (base, taken, slug) => {
    expect(uniqueSlug(base, taken as string[])).toBe(slug);
  });
});

import {
  BUYER_SMS_MAX,
  buyerSms,
  findAgainLine,
  firstWord,
  historyLine,
  MONEY_BACK_LINE,
} from './slip-sale';

const game = (home: string, away: string) => ({
  id: '1',
  homeTeam: home,
  awayTeam: away,
  league: 'Premier League',
  gameDate: new Date(),
  state: { phase: 'upcoming' } as never,
  tips: 0,
});

describe('find-slip code (docs/PRODUCT-RULES.md R72)', () => {
  it.each([
    ['  sjk7abc123 Confirmed. Ksh200', 'SJK7ABC123'],
    ['acdefghj', 'ACDEFGHJ'],
    ['', ''],
    ['   ', ''],
  ])('%j → %j', (code, word) => expect(firstWord(code)).toBe(word));
});

describe('buyer SMS', () => {
  it("lists each game as 'Home v Away - PICK @odd', the total odds, the code and where to find it", () => {
    const text = buyerSms(
      { id: 12, accumulator: '8.00' },
      [{ game: game('Arsenal', 'Chelsea'), pick: 'HOME WIN', odd: '2.00' }],
      'ACDEFGHJ',
    );
    expect(text).toContain('Slip 12 code ACDEFGHJ');
    expect(text).toContain('Arsenal v Chelsea - HOME WIN @2.00');
    expect(text).toContain('Total odds 8.00');
    expect(text).toContain('/find_tip');
  });

  it('stays under 459 characters with five long-named games', () => {
    const long = 'Borussia Monchengladbach Reserves';
    const legs = Array.from({ length: 5 }, () => ({
      game: game(long, long),
      pick: 'OVER 2.5',
      odd: '12.50',
    }));
    expect(
      buyerSms({ id: 123456, accumulator: '99.99' }, legs, 'ACDEFGHJ').length,
    ).toBeLessThanOrEqual(BUYER_SMS_MAX);
  });
});

describe('the my-tips line (docs/PRODUCT-RULES.md R164)', () => {
  const site = 'https://tips.example';
  const long = 'Borussia Monchengladbach Reserves';
  const legsOf = (n: number, name: string) =>
    Array.from({ length: n }, () => ({ game: game(name, name), pick: 'OVER 2.5', odd: '12.50' }));

  it('closes a short SMS', () => {
    const text = buyerSms(
      { id: 12, accumulator: '8.00' },
      legsOf(1, 'Arsenal'),
      'ACDEFGHJ',
      site,
      undefined,
      historyLine(site),
    );
    expect(text.split('\n').at(-1)).toBe('All your tips: https://tips.example/my-tips');
    expect(text).toContain('Arsenal v Arsenal - OVER 2.5 @12.50');
  });

  it('stays within 459 characters with five long-named games and a long site address', () => {
    const longSite = `https://${'a'.repeat(40)}.example`;
    const text = buyerSms(
      { id: 123456, accumulator: '99.99' },
      legsOf(5, long),
      'ACDEFGHJ',
      longSite,
      undefined,
      historyLine(longSite),
    );
    expect(text.length).toBeLessThanOrEqual(BUYER_SMS_MAX);
    expect(text).toContain(`${longSite}/my-tips`);
  });

  it('is left out when even shortened names leave no room for it', () => {
    const hugeSite = `https://${'a'.repeat(150)}.example`;
    const text = buyerSms(
      { id: 123456, accumulator: '99.99' },
      legsOf(5, long),
      'ACDEFGHJ',
      hugeSite,
      undefined,
      historyLine(hugeSite),
    );
    expect(text).not.toContain('/my-tips');
    expect(text).toContain('/find_tip');
  });
});

describe('the money-back line (docs/PRODUCT-RULES.md R277)', () => {
  const site = 'https://tips.example';
  const long = 'Borussia Monchengladbach Reserves';
  const legsOf = (n: number, name: string) =>
    Array.from({ length: n }, () => ({ game: game(name, name), pick: 'OVER 2.5', odd: '12.50' }));

  it('follows the total odds of a money-back slip, and only of one', () => {
    const text = buyerSms(
      { id: 12, accumulator: '8.00', moneyBack: true },
      legsOf(1, 'Arsenal'),
      'ACDEFGHJ',
      site,
      undefined,
      historyLine(site),
    );
    const lines = text.split('\n');
    expect(lines[lines.indexOf('Total odds 8.00') + 1]).toBe(MONEY_BACK_LINE);
    expect(MONEY_BACK_LINE.length).toBeLessThanOrEqual(80);
    expect(
      buyerSms(
        { id: 12, accumulator: '8.00', moneyBack: false },
        legsOf(1, 'Arsenal'),
        'ACDEFGHJ',
        site,
      ),
    ).not.toContain('Money-back');
  });

  it('is kept within 459 characters with five long-named games (names shortened, the my-tips line dropped first)', () => {
    const longSite = `https://${'a'.repeat(40)}.example`;
    const text = buyerSms(
      { id: 123456, accumulator: '99.99', moneyBack: true },
      legsOf(5, long),
      'ACDEFGHJ',
      longSite,
      undefined,
      historyLine(longSite),
    );
    expect(text.length).toBeLessThanOrEqual(BUYER_SMS_MAX);
    expect(text).toContain(MONEY_BACK_LINE);
    expect(text).toContain(`${longSite}/find_tip`);
  });
});

describe('where a buyer finds the slip again (docs/PRODUCT-RULES.md R72, R74, R104)', () => {
  it('M-Pesa buyers: /find_tip with their phone and our code', () => {
    expect(
      findAgainLine({ code: 'ACDEFGHJ', email: null, txRef: null }, 'https://tips.example'),
    ).toBe('Find it again: https://tips.example/find_tip with your phone and code ACDEFGHJ');
  });

  it('Flutterwave buyers (no phone): /find_tip_ng with their e-mail and the tx_ref, linked prefilled', () => {
    const line = findAgainLine(
      { code: 'ACDEFGHJ', email: 'a@b.ng', txRef: 'slip-42-abc' },
      'https://tips.example',
    );
    expect(line).toBe(
      'Find it again: https://tips.example/find_tip_ng?tx_ref=slip-42-abc with your e-mail and reference slip-42-abc',
    );
    expect(
      buyerSms({ id: 1, accumulator: '2.00' }, [], 'ACDEFGHJ', 'https://tips.example', line),
    ).toContain(line);
  });
});

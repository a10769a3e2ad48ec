import { findToutWord, normalizeForToutCheck, toutWordMessage } from './tout-words';

describe('findToutWord', () => {
  it.each([
    ['ibrahim_sure', 'sure'],
    ['atieno_sure', 'sure'],
    ['ibrahimsure', 'sure'],
    ['Sure predictions from tipsters', 'sure'],
    ['SUR3 tips', 'sure'],
    ['$ure odds', 'sure'],
    ['suretips254', 'sure'],
    ['surebet.ke', 'sure'],
    ['shure banker', 'sure'],
    ['Fixed matches today', 'fixed'],
    ['fix3d games', 'fixed'],
    ['fixd', 'fixed'],
    ['100% win', '100%'],
    ['100 % win', '100%'],
    ['100 percent correct', '100%'],
    ['100pc sure', 'sure'],
    ['Guaranteed returns', 'guaranteed'],
    ['guarant33d', 'guaranteed'],
    ['garanteed win', 'guaranteed'],
    ['risk free bets', 'risk free'],
    ['Risk-free', 'risk free'],
    ['r1sk fr33', 'risk free'],
    ['riskfree', 'risk free'],
    ['<p>Our <b>guaranteed</b> picks</p>', 'guaranteed'],
    // Income and investment claims (docs/PRODUCT-RULES.md R235)
    ['Earn a daily income from football', 'income'],
    ['INCOME tips', 'income'],
    ['1nc0me every week', 'income'],
    ['passive_income_tips', 'income'],
    ['Tips are the best investment', 'investment'],
    ['Invest Ksh 500, get Ksh 5,000', 'investment'],
    ['1nv3stment plan', 'investment'],
    ['investors welcome', 'investment'],
    ['Replace your salary', 'salary'],
    ['salaries every Friday', 'salary'],
    ['$alary', 'salary'],
  ])('%s → %s', (text, word) => {
    expect(findToutWord(text)).toBe(word);
  });

  it.each([
    'kevo_tips',
    'Victor Kiptoo',
    'Homa Bay',
    'How accumulators work',
    'We ensure every slip is settled from real scores',
    'Measure the pressure, enjoy the pleasure of leisure',
    'Closure of the transfer window; exposure to one league',
    'accuracy of up to 95%',
    'won 1000% less',
    'prefixed with a code',
    'a fixture list',
    'Mombasa',
    'Incoming fixtures',
    'an investigation of the odds',
    'salad days',
  ])('%s passes', (text) => {
    expect(findToutWord(text)).toBeNull();
  });

  it.each([
    ['username', 'income', 'username must not contain "income": no income or investment claims'],
    ['title', 'salary', 'title must not contain "salary": no income or investment claims'],
    ['title', 'sure', 'title must not contain "sure": no guaranteed-win claims'],
  ])('names the claim: %s %s', (field, word, message) => {
    expect(toutWordMessage(field, word)).toBe(message);
  });

  it('normalises look-alikes and separators', () => {
    expect(normalizeForToutCheck('R1SK_-_FR33 ')).toBe('risk free');
  });
});

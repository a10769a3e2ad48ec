import { registerDecorator, ValidationArguments } from 'class-validator';

/**
 * Words that promise a win, refused in everything a tipster, an admin or the site itself
 * publishes (usernames, names, city, blog titles and bodies, jackpot titles, the site's copy):
 * Kenya's advertising rules for betting forbid guaranteed-win claims and selling betting as income
 * or investment (docs/PRODUCT-RULES.md "Records and responsible gambling", R85, R235). One list, used by the API's validation and by the test
 * that reads the site's own copy.
 *
 * Each entry names the word shown to the user and the pattern that finds it after
 * `normalizeForToutCheck` (lower case, look-alike digits and symbols mapped to letters, every
 * run of separators one space, so `sur3`, `$ure`, `fix3d`, `r1sk-fr33` are found).
 */
export const TOUT_WORDS: ReadonlyArray<{ word: string; pattern: RegExp }> = [
  // "sure" alone or glued to a name (ibrahim_sure, ibrahimsure, suretips, surebet), but not the
  // English words that end in it (ensure, measure, pressure, pleasure, leisure, closure…).
  {
    word: 'sure',
    pattern:
      /(?:^| )(?:sh?ure|(?![a-z]*(?:ensure|easure|essure|eisure|osure|nsure|ssure|rasure|izure|issure|ensure))[a-z]+sure)(?= |$)|(?:^| )sh?ure[a-z]+/,
  },
  { word: 'fixed', pattern: /(?:^| )(?:fix+e?d)/ },
  { word: '100%', pattern: /(?<![a-z%])ioo ?(?:%|percent|per cent|pc|pct)(?![a-z])/ },
  { word: 'guaranteed', pattern: /(?:^| )(?:gu?ar+ant|guarnt)/ },
  { word: 'risk free', pattern: /(?:^| )risk ?free/ },
  // Income and investment claims (docs/PRODUCT-RULES.md R235): betting tips sold as a wage or a
  // place to put money ("daily income", "investment plan", "monthly salary").
  { word: 'income', pattern: /(?:^| )income(?:s)?(?= |$)/ },
  { word: 'investment', pattern: /(?:^| )invest(?:ment|ments|ing|or|ors)?(?= |$)/ },
  { word: 'salary', pattern: /(?:^| )salar(?:y|ies)(?= |$)/ },
];

/** The words of TOUT_WORDS that make an income or investment claim rather than a win claim (docs/PRODUCT-RULES.md R235). */
export const INCOME_CLAIM_WORDS: ReadonlySet<string> = new Set(['income', 'investment', 'salary']);

const LOOK_ALIKES: Record<string, string> = {
  '3': 'e',
  '0': 'o',
  '1': 'i',
  '4': 'a',
  '@': 'a',
  $: 's',
  '5': 's',
  '7': 't',
  '!': 'i',
};

/**
 * Lower case; look-alikes to letters (`3`→e, `0`→o, `$`→s…) so "100" reads `ioo`; HTML tags and entities dropped; separators (`_ . - /` and white space) one space.
 */
export const normalizeForToutCheck = (text: string): string =>
  text
    .toLowerCase()
    .replace(/<[^>]*>/g, ' ')
    .replace(/&nbsp;|&#160;/g, ' ')
    .replace(/&amp;/g, '&')
    .replace(/[3014@$57!]/g, (c) => LOOK_ALIKES[c])
    .replace(/[\s_.\-/,;:'"()*+]+/g, ' ')
    .trim();

/** The first tout word (as TOUT_WORDS names it) that `text` contains, or null. */
export const findToutWord = (text: string): string | null => {
  const normalized = normalizeForToutCheck(text);
  for (const { word, pattern } of TOUT_WORDS) if (pattern.test(normalized)) return word;
  return null;
};

/** The message of a refused field: names the word found, and the kind of claim (R85, R235). */
export const toutWordMessage = (field: string, word: string): string =>
  `${field} must not contain "${word}": ${INCOME_CLAIM_WORDS.has(word) ? 'no income or investment claims' : 'no guaranteed-win claims'}`;

/** class-validator constraint name; the validation pipe puts its message in the 400's `message`. */
export const TOUT_WORD_CONSTRAINT = 'noToutWords';

/**
 * Refuses a string property holding a tout word (findToutWord) with toutWordMessage. Non-strings
 * and empty values pass (other rules of the field judge them).
 */
export const NoToutWords =
  (field?: string): PropertyDecorator =>
  (target: object, propertyName: string | symbol): void => {
    const name = field ?? String(propertyName);
    registerDecorator({
      name: TOUT_WORD_CONSTRAINT,
      target: target.constructor,
      propertyName: String(propertyName),
      validator: {
        validate: (value: unknown) => typeof value !== 'string' || findToutWord(value) === null,
        defaultMessage: (args?: ValidationArguments) =>
          toutWordMessage(name, findToutWord(String(args?.value ?? '')) ?? ''),
      },
    });
  };

import { existsSync, readdirSync, readFileSync } from 'fs';
import { join } from 'path';
import * as ts from 'typescript';

/**
 * The browser shows figures the server computed and computes no money or odds rule itself
 * (docs/ARCHITECTURE.md "Where the figures come from", docs/PRODUCT-RULES.md "Tipster
 * statistics"): every profit, ROI, profit curve, accumulator, balance and amount is served, and
 * frontend/src only formats it. This test reads every source file of frontend/src (tests and the
 * generated API types left out) with the TypeScript parser and fails on:
 *
 * - **a rule function declared in the frontend**: a name of the backend's money and odds rules
 *   (the exported functions of the rule files below, wherever they live under backend/src) or of
 *   the rules the browser once held (`toCents`, `accumulatorOdds`, `totalProfit` …);
 * - **money or odds arithmetic**: `+ - * / % **` (or `+=` …, or a unary minus) where an operand,
 *   or what the expression computes (the variable it initialises, the list a callback reduces),
 *   names a money or odds figure (`profit`, `odds`, `price`, `amount`, `cents` …;
 *   MONEY_ODDS_WORDS), or that scales by 100 (cents, hundredths, a percent) whatever the names;
 *   string concatenation with a literal is left alone;
 * - **decimal parsing or rounding of money or odds**: `Number()`, `parseFloat()`, `parseInt()`,
 *   `BigInt()`, unary `+` or `Math.round/floor/ceil/trunc()` of an expression that names one.
 *
 * Formatting a server value (`toFixed`, a sign, grouping the digits of a string) is not a rule and
 * passes. The few places that read what a user typed into a money field for the spec's field
 * messages are listed in ALLOWED with their reason; a listed place that is gone fails until it is
 * removed from the list.
 */

const ROOT = join(__dirname, '..', '..', '..');
const FRONTEND = 'frontend/src';

/** Words that name a money or odds figure, as identifiers are split (camelCase, snake_case). */
export const MONEY_ODDS_WORDS = new Set([
  'profit',
  'roi',
  'odd',
  'odds',
  'accumulator',
  'cents',
  'hundredths',
  'price',
  'prices',
  'amount',
  'amounts',
  'balance',
  'stake',
  'staked',
  'payout',
  'earning',
  'earnings',
  'fee',
  'ksh',
  'kes',
  'ngn',
  'ugx',
  'money',
  'paid',
  'units',
  'returned',
  'share',
]);

/** Rule files of the backend whose exported functions must not be re-declared in the frontend (by file name, wherever they live). */
const RULE_FILE_NAMES = new Set([
  'decimal.ts',
  'money.ts',
  'sale-prices.ts',
  'tipster-stats.ts',
  'records.ts',
  'slip-rules.ts',
  'withdrawal-rules.ts',
]);

/** Money and odds rules the browser once computed (removed): never again. */
const FORMER_FRONTEND_RULES = [
  'toCents',
  'toHundredths',
  'roundMoney',
  'accumulatorOdds',
  'settledAccumulator',
  'slipProfit',
  'profitSeries',
  'totalProfit',
  'withdrawalBalance',
];

/**
 * Reviewed exceptions: `file` and the exact expression text, with the reason. Only what a user
 * types, checked for the spec's own field messages, never a server figure.
 */
const ALLOWED: { file: string; text: string; why: string }[] = [
  {
    file: 'frontend/src/validation/slip-builder.rules.ts',
    text: 'Number(price)',
    why: "the slip builder's price field: the typed whole Ksh against the served limits for its messages ('Price range Ksh. [50-1000]'); the server checks it again",
  },
];

const SKIP_DIRS = new Set(['node_modules', 'dist', 'coverage']);

/** Source files of frontend/src (relative to ROOT): .ts/.tsx, no tests, no test helpers, no generated API types. */
const frontendSources = (dir = FRONTEND): string[] =>
  readdirSync(join(ROOT, dir), { withFileTypes: true }).flatMap((e) => {
    const path = join(dir, e.name);
    if (e.isDirectory()) return SKIP_DIRS.has(e.name) ? [] : frontendSources(path);
    if (!/\.tsx?$/.test(e.name) || /\.test\.tsx?$|\.d\.ts$/.test(e.name) || /^test-/.test(e.name))
      return [];
    return [path];
  });

/** Every file under backend/src whose name is one of RULE_FILE_NAMES (spec files left out). */
const ruleFiles = (dir = 'backend/src'): string[] =>
  readdirSync(join(ROOT, dir), { withFileTypes: true }).flatMap((e) => {
    const path = join(dir, e.name);
    if (e.isDirectory()) return ruleFiles(path);
    return RULE_FILE_NAMES.has(e.name) ? [path] : [];
  });

/** The exported function names of the backend's money and odds rule files (formatting functions left out). */
export const backendRuleNames = (): string[] => {
  const names = new Set<string>();
  for (const file of ruleFiles()) {
    const source = ts.createSourceFile(
      file,
      readFileSync(join(ROOT, file), 'utf8'),
      ts.ScriptTarget.Latest,
      true,
    );
    for (const statement of source.statements) {
      const exported =
        ts.canHaveModifiers(statement) &&
        ts.getModifiers(statement)?.some((m) => m.kind === ts.SyntaxKind.ExportKeyword);
      if (!exported) continue;
      if (ts.isFunctionDeclaration(statement) && statement.name) names.add(statement.name.text);
      if (ts.isVariableStatement(statement)) {
        for (const d of statement.declarationList.declarations) {
          if (
            ts.isIdentifier(d.name) &&
            d.initializer &&
            (ts.isArrowFunction(d.initializer) || ts.isFunctionExpression(d.initializer))
          )
            names.add(d.name.text);
        }
      }
    }
  }
  return [...names].filter((name) => !/^format/.test(name)).sort();
};

/** 'settledAccumulator' → ['settled', 'accumulator']; 'profit_units' → ['profit', 'units']. */
const wordsOf = (name: string): string[] =>
  name
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .replace(/([A-Z]+)([A-Z][a-z])/g, '$1 $2')
    .split(/[^A-Za-z]+|(?<=[a-z])(?=\d)/)
    .filter(Boolean)
    .map((w) => w.toLowerCase());

/**
 * The money or odds words an expression names: its identifiers and the string keys it reads. A
 * list's `length` is a count, whatever the list holds (`odds.length - 1` names no figure).
 */
const moneyWordsIn = (node: ts.Node): string[] => {
  const found = new Set<string>();
  const visit = (n: ts.Node): void => {
    if (ts.isPropertyAccessExpression(n) && n.name.text === 'length') return;
    if (ts.isIdentifier(n) || ts.isPrivateIdentifier(n))
      for (const w of wordsOf(n.text)) if (MONEY_ODDS_WORDS.has(w)) found.add(w);
    if (ts.isElementAccessExpression(n) && ts.isStringLiteral(n.argumentExpression)) {
      for (const w of wordsOf(n.argumentExpression.text)) if (MONEY_ODDS_WORDS.has(w)) found.add(w);
    }
    n.forEachChild(visit);
  };
  visit(node);
  return [...found];
};

/**
 * What an expression computes, from where it sits: the variable it initialises or the name it is
 * assigned to (`const cents = …`, `total = …`), up to the function it is in; and when that function
 * is a callback, the list it is called on (`odds.reduce((p, o) => p * o, 1)` → odds). The names of
 * functions themselves are left out (a chart component or a formatter may name a figure).
 */
const contextWords = (node: ts.Node): string[] => {
  const found = new Set<string>();
  const add = (name: ts.Node) => {
    for (const w of moneyWordsIn(name)) found.add(w);
  };
  for (let n: ts.Node | undefined = node.parent; n; n = n.parent) {
    if (ts.isVariableDeclaration(n) || ts.isPropertyAssignment(n) || ts.isPropertyDeclaration(n))
      add(n.name);
    if (ts.isBinaryExpression(n) && n.operatorToken.kind === ts.SyntaxKind.EqualsToken) add(n.left);
    if (
      ts.isArrowFunction(n) ||
      ts.isFunctionExpression(n) ||
      ts.isFunctionDeclaration(n) ||
      ts.isMethodDeclaration(n)
    ) {
      const call = n.parent;
      if (call && ts.isCallExpression(call) && ts.isPropertyAccessExpression(call.expression))
        add(call.expression.expression);
      break;
    }
  }
  return [...found];
};

const ARITHMETIC = new Set([
  ts.SyntaxKind.PlusToken,
  ts.SyntaxKind.MinusToken,
  ts.SyntaxKind.AsteriskToken,
  ts.SyntaxKind.SlashToken,
  ts.SyntaxKind.PercentToken,
  ts.SyntaxKind.AsteriskAsteriskToken,
  ts.SyntaxKind.PlusEqualsToken,
  ts.SyntaxKind.MinusEqualsToken,
  ts.SyntaxKind.AsteriskEqualsToken,
  ts.SyntaxKind.SlashEqualsToken,
  ts.SyntaxKind.PercentEqualsToken,
  ts.SyntaxKind.AsteriskAsteriskEqualsToken,
]);
const PLUS = new Set([ts.SyntaxKind.PlusToken, ts.SyntaxKind.PlusEqualsToken]);
const isText = (n: ts.Expression): boolean =>
  ts.isStringLiteral(n) || ts.isNoSubstitutionTemplateLiteral(n) || ts.isTemplateExpression(n);
/** The literal 100 (or 100n, 10000): what turns units into cents or hundredths, or a ratio into a percent. */
const isHundred = (n: ts.Expression): boolean =>
  (ts.isNumericLiteral(n) && ['100', '10000', '10_000'].includes(n.text)) ||
  (ts.isBigIntLiteral(n) && ['100n', '10000n'].includes(n.text));
const PARSERS =
  /^(Number|parseFloat|parseInt|BigInt|Number\.parseFloat|Number\.parseInt|Math\.(round|floor|ceil|trunc))$/;

/** One finding: `file:line: rule: text`. */
export type Finding = string;

/** The findings of one source text (`file` relative to ROOT, for the messages and ALLOWED). */
export const findingsIn = (
  file: string,
  text: string,
  ruleNames: ReadonlySet<string>,
): Finding[] => {
  const source = ts.createSourceFile(
    file,
    text,
    ts.ScriptTarget.Latest,
    true,
    file.endsWith('.tsx') ? ts.ScriptKind.TSX : ts.ScriptKind.TS,
  );
  const out: Finding[] = [];
  const report = (node: ts.Node, rule: string) => {
    const snippet = node.getText(source).replace(/\s+/g, ' ');
    if (ALLOWED.some((a) => a.file === file && a.text === snippet)) return;
    const { line } = source.getLineAndCharacterOfPosition(node.getStart(source));
    out.push(`${file}:${line + 1}: ${rule}: ${snippet.slice(0, 120)}`);
  };
  const visit = (node: ts.Node): void => {
    const name =
      ts.isFunctionDeclaration(node) ||
      ts.isVariableDeclaration(node) ||
      ts.isMethodDeclaration(node) ||
      ts.isPropertyDeclaration(node)
        ? node.name
        : undefined;
    if (name && ts.isIdentifier(name) && ruleNames.has(name.text))
      report(name, `a money or odds rule declared in the browser (${name.text})`);

    if (ts.isBinaryExpression(node) && ARITHMETIC.has(node.operatorToken.kind)) {
      const concat = PLUS.has(node.operatorToken.kind) && (isText(node.left) || isText(node.right));
      const words = [
        ...moneyWordsIn(node.left),
        ...moneyWordsIn(node.right),
        ...contextWords(node),
      ];
      if (!concat && words.length)
        report(node, `money or odds arithmetic (${[...new Set(words)].join(', ')})`);
      else if (!concat && [node.left, node.right].some(isHundred))
        report(node, 'scaling by 100 (cents, hundredths of an odd or a percent)');
    }
    if (
      ts.isPrefixUnaryExpression(node) &&
      node.operator === ts.SyntaxKind.MinusToken &&
      !ts.isNumericLiteral(node.operand)
    ) {
      const words = moneyWordsIn(node.operand);
      if (words.length) report(node, `money or odds arithmetic (${words.join(', ')})`);
    }
    if (ts.isPrefixUnaryExpression(node) && node.operator === ts.SyntaxKind.PlusToken) {
      const words = moneyWordsIn(node.operand);
      if (words.length) report(node, `decimal parsing of money or odds (${words.join(', ')})`);
    }
    if (ts.isCallExpression(node) && PARSERS.test(node.expression.getText(source))) {
      const words = node.arguments.flatMap((a) => moneyWordsIn(a));
      if (words.length)
        report(
          node,
          `decimal parsing or rounding of money or odds (${[...new Set(words)].join(', ')})`,
        );
    }
    node.forEachChild(visit);
  };
  visit(source);
  return out;
};

describe('the browser computes no money or odds rule (frontend/src)', () => {
  const ruleNames = new Set([...backendRuleNames(), ...FORMER_FRONTEND_RULES]);
  const files = frontendSources();

  it("knows the backend's rules and reads the frontend's sources", () => {
    for (const name of [
      'slipAccumulator',
      'accumulatorInRange',
      'ratingOf',
      'roiOf',
      'profitSeries',
      'tipsterFigures',
      'withdrawableAmount',
      'accumulatorOf',
    ]) {
      expect([...ruleNames]).toContain(name);
    }
    expect(files.length).toBeGreaterThan(100);
    expect(files).toContain('frontend/src/lib/money.ts');
    expect(files).toContain('frontend/src/pages/profile/ProfilePage.tsx');
    expect(files.some((f) => f.endsWith('.test.tsx'))).toBe(false);
  });

  it('finds no rule, no money or odds arithmetic and no decimal parsing of money or odds', () => {
    const findings = files.flatMap((file) =>
      findingsIn(file, readFileSync(join(ROOT, file), 'utf8'), ruleNames),
    );
    expect(findings).toEqual([]);
  });

  it('lists only exceptions that still exist', () => {
    for (const a of ALLOWED) {
      expect(existsSync(join(ROOT, a.file))).toBe(true);
      expect(readFileSync(join(ROOT, a.file), 'utf8')).toContain(a.text);
    }
  });

  describe('the check itself', () => {
    const check = (text: string, file = 'frontend/src/lib/example.ts') =>
      findingsIn(file, text, ruleNames);

    // What the browser once held (lib/profit.ts, lib/money.ts, lib/odds.ts, lib/slip.ts), and rewrites of it.
    it.each([
      [
        'totalProfit over the first page',
        `export const totalProfit = (finished: Slip[]) => { const series = profitSeries(finished); return series.length ? series[series.length - 1].profit : 0; };`,
        /rule declared.*totalProfit/,
      ],
      [
        'a sum of the slips’ profits under another name',
        `export const sumUp = (slips: Slip[]) => slips.reduce((total, s) => total + s.meta.profit, 0);`,
        /arithmetic \(profit\)/,
      ],
      [
        'a profit curve by hand',
        `export const curve = (slips: Slip[]) => { let run = 0; return slips.map((s) => (run += s.slip_result === 'W' ? Number(s.accumulator) - 1 : -1)); };`,
        /accumulator/,
      ],
      [
        'a rounding to the cent',
        `const round2 = (value: number): number => Math.round(value * 100) / 100; export const shown = round2(row.profit);`,
        /scaling by 100/,
      ],
      [
        'a percent of two counts',
        `export const hitRate = (won: number, lost: number) => (won / (won + lost)) * 100;`,
        /scaling by 100/,
      ],
      [
        'toCents under a new name',
        `export const minor = (amount: string) => { const cents = Number(amount) * 100; return cents; };`,
        /parsing or rounding of money or odds \(amount\)/,
      ],
      [
        'a product of the odds',
        `export const total = (picks: Pick[]) => picks.map((p) => p.odd).reduce((a, b) => a * b, 1);`,
        /odd/,
      ],
      [
        'a product over an odds list',
        `export const combined = odds.reduce((p, o) => p * o, 1);`,
        /arithmetic \(odds\)/,
      ],
      [
        'a settled accumulator',
        `export const settledAccumulator = (slip: Slip) => 1;`,
        /rule declared.*settledAccumulator/,
      ],
      [
        'a backend rule copied',
        `export function roiOf(profit: number, settled: number) { return profit; }`,
        /rule declared.*roiOf/,
      ],
      [
        'a withdrawal balance',
        `const left = (row: Row) => formatKsh(toMinor(row.amount) - toMinor(row.total_paid));`,
        /arithmetic \(amount, paid\)/,
      ],
      [
        'BigInt odds',
        `const h = BigInt(match[1]) * 100n; const x = BigInt(tip.odd);`,
        /parsing or rounding of money or odds \(odd\)/,
      ],
      ['a unary plus on a price', `const p = +slip.price;`, /parsing of money or odds \(price\)/],
      ['a negated profit', `const loss = -record.profit_units;`, /arithmetic \(profit, units\)/],
    ])('fails on %s', (_name, text, rule) => {
      const found = check(text);
      expect(found.length).toBeGreaterThan(0);
      expect(found.join('\n')).toMatch(rule);
    });

    it.each([
      [
        'formatting a server profit',
        `export const formatProfit = (value: number): string => \`\${value > 0 ? '+' : ''}\${value.toFixed(2)}\`;`,
      ],
      [
        'writing the digits of a server amount',
        `export const twoDecimals = (text: string) => text.replace(/\\B(?=(\\d{3})+(?!\\d))/g, ',');`,
      ],
      [
        'drawing a chart of server points',
        `const y = (value: number) => TOP + ((max - value) / span) * innerH; const line = points.map((p, i) => y(p.profit));`,
      ],
      ['a label with a currency', `const label = 'Ksh ' + slip.price;`],
      ['comparing a server figure', `const color = stats.profit > 0 ? 'green' : 'red';`],
      [
        'counting rows',
        `const next = page + 1; const last = points.length - 1; const legs = odds.length - 1;`,
      ],
      [
        'a rating on a card',
        `export const cardRating = (rating: number) => \`\${(rating / 10).toFixed(1)}/10\`;`,
      ],
    ])('passes %s', (_name, text) => {
      expect(check(text)).toEqual([]);
    });

    it('passes an exception only in its file', () => {
      const text = `const amount = Number(price);`;
      expect(check(text, 'frontend/src/validation/slip-builder.rules.ts')).toEqual([]);
      expect(check(text, 'frontend/src/lib/example.ts')).toHaveLength(1);
    });
  });
});

import { existsSync, readdirSync, readFileSync, statSync } from 'fs';
import { join, relative } from 'path';

/**
 * Comments cite only what a reader of the repository can open (docs/CONTRIBUTING.md §11): a rule
 * of docs/PRODUCT-RULES.md by its number, or a section of a document in docs/. This test reads
 * every source file of the repository (backend, frontend, scripts, the root's build files) and
 * the documents themselves, and fails on a citation of a document outside the repository (the
 * product specification's sections, an outside design document, an outside path), an issue
 * number, a cited docs/ file that does not exist, a PRODUCT-RULES.md rule number the page does
 * not have, and a cited section that a document does not have. PRODUCT-RULES.md alone may name
 * the specification's section a rule came from.
 */

const ROOT = join(__dirname, '..', '..', '..');
const SELF = relative(ROOT, __filename);
const SOURCE_DIRS = ['backend', 'frontend', 'scripts', '.ci', 'deploy', 'docs'];
const ROOT_FILES = [
  'Dockerfile',
  'docker-compose.yml',
  '.env.example',
  'package.json',
  'README.md',
  'nest-cli.json',
  'tsconfig.json',
];
const SKIP_DIRS = new Set([
  'node_modules',
  'dist',
  '.data',
  'coverage',
  'test-results',
  'playwright-report',
  '.git',
  '.vite',
]);
const TEXT_FILE = /\.(ts|tsx|js|mjs|cjs|json|md|ya?ml|sh|html|css)$|(^|\/)(Dockerfile|run)$/;
/** The one file that may name the specification's sections: as the provenance of its rules. */
const RULES_DOC = join('docs', 'PRODUCT-RULES.md');

/** One forbidden kind of citation: a name for the failure message and the pattern that finds it. */
interface Rule {
  name: string;
  pattern: RegExp;
  /** Files where the pattern is allowed. */
  allowedIn?: string[];
  /** Exact matches that are not findings (the repository's own documents). */
  own?: string[];
}

/** True when `line` holds a match of `rule` that is not one of its `own` names. */
const breaks = ({ pattern, own = [] }: Rule, line: string): boolean =>
  [...line.matchAll(new RegExp(pattern.source, `${pattern.flags}g`))].some(
    (m) => !own.includes(m[0]),
  );

// Built from parts so that this file does not match its own rules.
const md = (name: string): string => `${name}\\.md`;
const SECTION_SIGN = '\u00a7';
const RULES: Rule[] = [
  {
    name: "a section of the product specification (cite the docs/PRODUCT-RULES.md rule: 'docs/PRODUCT-RULES.md R12')",
    pattern: new RegExp(`\\bspec(ification)?('s)?\\s*${SECTION_SIGN}\\s*\\d`, 'i'),
    allowedIn: [RULES_DOC],
  },
  {
    name: 'a design document outside the repository (cite docs/PRODUCT-RULES.md, docs/PROVIDERS.md, docs/CONTRIBUTING.md or docs/ARCHITECTURE.md)',
    pattern: new RegExp(
      `(?<![\\w/-])(${['product', 'providers', 'style', 'architecture'].map(md).join('|')})|\\bproduct-${'spec'}\\b`,
      'i',
    ),
    // docs/ links its siblings by their own names: [PROVIDERS.md](PROVIDERS.md).
    own: ['PROVIDERS.md', 'ARCHITECTURE.md'],
  },
  {
    name: 'a path outside the repository',
    pattern: new RegExp(['\\.\\./shared', '/work/', 'shared/docs/', 'shared/spec/'].join('|')),
  },
  {
    name: 'an issue number',
    pattern: new RegExp(
      ['\\bissues?\\s*#?\\d', '\\b(PR|pull request)\\s*#\\d', '\\(#\\d+\\)', '\\bGH-\\d'].join('|'),
      'i',
    ),
  },
];

/** Every text file under `dir` (relative to ROOT), skipping build output and dependencies. */
const walk = (dir: string): string[] => {
  const abs = join(ROOT, dir);
  if (!existsSync(abs)) return [];
  if (statSync(abs).isFile()) return [dir];
  return readdirSync(abs, { withFileTypes: true }).flatMap((e) => {
    if (e.isDirectory()) return SKIP_DIRS.has(e.name) ? [] : walk(join(dir, e.name));
    return TEXT_FILE.test(e.name) || TEXT_FILE.test(join(dir, e.name)) ? [join(dir, e.name)] : [];
  });
};

const sourceFiles = (): string[] =>
  [...SOURCE_DIRS.flatMap(walk), ...ROOT_FILES.filter((f) => existsSync(join(ROOT, f)))].filter(
    (f) => f !== SELF && !f.endsWith('package-lock.json'),
  );

/** `file:line: text` for every line of `files` (but those in `allowedIn`) matching `pattern`. */
const findings = (files: string[], rule: Rule, read: (file: string) => string): string[] =>
  files
    .filter((file) => !(rule.allowedIn ?? []).includes(file))
    .flatMap((file) =>
      read(file)
        .split('\n')
        .flatMap((line, i) =>
          breaks(rule, line) ? [`${file}:${i + 1}: ${line.trim().slice(0, 160)}`] : [],
        ),
    );

/** Headings and bold terms of a docs/ file, lower-cased: what a quoted section title may name. */
const anchorsOf = (text: string): string[] =>
  text
    .split('\n')
    .flatMap((line) => [
      ...(line.startsWith('#') ? [line.replace(/^#+\s*/, '')] : []),
      ...[...line.matchAll(/\*\*([^*]+)\*\*/g)].map((m) => m[1]),
    ])
    .map((a) => a.toLowerCase());

/** The rule numbers of PRODUCT-RULES.md (`- **R12** …`), in the page's order. */
const ruleIdsOf = (text: string): number[] =>
  [...text.matchAll(/^- \*\*R(\d+)\*\*/gm)].map((m) => Number(m[1]));

/**
 * A citation of a docs/ file: `docs/X.md`, then optionally a list of what it cites in that file,
 * separated by commas: quoted section titles, rule numbers `R12` (PRODUCT-RULES.md) and section
 * numbers `§8` or `§1.8`. E.g. `docs/PRODUCT-RULES.md "Accounts", R58, R121`.
 */
const ITEM = `(?:"[^"]+"|R\\d+|${SECTION_SIGN}\\d+(?:\\.\\d+)*)`;
const CITE = new RegExp(`docs/([A-Z][A-Z-]*\\.md)((?:,? ${ITEM})(?:, ${ITEM})*)?`, 'g');

/**
 * Every problem of the docs/ citations in `files`: a cited file that does not exist, a rule number
 * PRODUCT-RULES.md does not have, a quoted title or a section number a document does not have.
 */
const citationProblems = (
  files: string[],
  read: (file: string) => string,
  exists: (doc: string) => boolean,
): string[] => {
  const problems: string[] = [];
  const anchors = new Map<string, string[]>();
  const ruleIds = new Set(ruleIdsOf(read(RULES_DOC)));
  for (const file of files) {
    read(file)
      .split('\n')
      .forEach((line, i) => {
        for (const [, doc, list] of line.matchAll(CITE)) {
          const where = `${file}:${i + 1}`;
          if (!exists(doc)) {
            problems.push(`${where}: docs/${doc} does not exist`);
            continue;
          }
          if (!anchors.has(doc)) anchors.set(doc, anchorsOf(read(join('docs', doc))));
          const known = anchors.get(doc)!;
          for (const [item] of (list ?? '').matchAll(new RegExp(ITEM, 'g'))) {
            if (item.startsWith('"')) {
              const title = item.slice(1, -1).toLowerCase();
              if (!known.some((a) => a.includes(title)))
                problems.push(`${where}: docs/${doc} has no section ${item}`);
            } else if (item.startsWith('R')) {
              if (doc !== 'PRODUCT-RULES.md')
                problems.push(`${where}: docs/${doc} has no numbered rules (${item})`);
              else if (!ruleIds.has(Number(item.slice(1))))
                problems.push(`${where}: docs/PRODUCT-RULES.md has no rule ${item}`);
            } else {
              const section = item.slice(1);
              if (!known.some((a) => a.startsWith(`${section} `) || a.startsWith(`${section}. `))) {
                problems.push(`${where}: docs/${doc} has no ${item}`);
              }
            }
          }
        }
      });
  }
  return problems;
};

const readRepo = (file: string): string => readFileSync(join(ROOT, file), 'utf8');
const docExists = (doc: string): boolean => existsSync(join(ROOT, 'docs', doc));

describe('source citations', () => {
  const files = sourceFiles();

  it('finds the source files and the documents', () => {
    expect(files.length).toBeGreaterThan(200);
    expect(files).toContain(join('backend', 'src', 'main.ts'));
    expect(files).toContain(RULES_DOC);
  });

  it.each(RULES)('nothing cites $name', (rule) => {
    expect(findings(files, rule, readRepo)).toEqual([]);
  });

  it('cites only docs/ files that exist, rules PRODUCT-RULES.md has, and sections the documents have', () => {
    expect(citationProblems(files, readRepo, docExists)).toEqual([]);
  });

  it('numbers each rule of PRODUCT-RULES.md once', () => {
    const ids = ruleIdsOf(readRepo(RULES_DOC));
    expect(ids.length).toBeGreaterThan(100);
    expect(ids.filter((id, i) => ids.indexOf(id) !== i)).toEqual([]);
  });

  describe('on planted citations', () => {
    const planted = (text: string) => (file: string) =>
      file === 'planted.ts' ? text : readRepo(file);

    it.each([
      ['the specification', `// see spec ${SECTION_SIGN}5`, 0],
      ['the specification, capitalised', `/** Spec ${SECTION_SIGN}8 messages. */`, 0],
      ['an outside design document', `// see providers.md ${SECTION_SIGN}2`, 1],
      ['an outside path', '// ../shared/spec/product-spec.md', 2],
    ])('finds %s', (_, text, ruleIndex) => {
      expect(
        findings(['planted.ts'], RULES[ruleIndex as number], planted(text as string)),
      ).toHaveLength(1);
    });

    it('finds a rule number, a section and a file the documents do not have', () => {
      const text = [
        '// docs/PRODUCT-RULES.md R12, R99999',
        '// docs/PRODUCT-RULES.md "Money", "No such section"',
        '// docs/CONTRIBUTING.md §99',
        '// docs/NOWHERE.md',
      ].join('\n');
      expect(citationProblems(['planted.ts'], planted(text), docExists)).toEqual([
        'planted.ts:1: docs/PRODUCT-RULES.md has no rule R99999',
        'planted.ts:2: docs/PRODUCT-RULES.md has no section "No such section"',
        `planted.ts:3: docs/CONTRIBUTING.md has no ${SECTION_SIGN}99`,
        'planted.ts:4: docs/NOWHERE.md does not exist',
      ]);
    });
  });
});

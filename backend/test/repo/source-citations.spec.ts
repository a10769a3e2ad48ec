import { existsSync, readdirSync, readFileSync, statSync } from 'fs';
import { join, relative } from 'path';

/**
 * Comments cite only what a reader of the repository can open (docs/CONTRIBUTING.md §11): a
 * section of a document in docs/ or "spec §N". This test reads every source file of the
 * repository (backend, frontend, scripts and the root's build files; not docs/ itself) and fails
 * on a citation of a document outside the repository, an outside path, or an issue number, and on
 * a cited docs/ file that does not exist or a section missing from one of the design documents.
 */

const ROOT = join(__dirname, '..', '..', '..');
const SELF = relative(ROOT, __filename);
const SOURCE_DIRS = ['backend', 'frontend', 'scripts', '.ci', 'deploy'];
const ROOT_FILES = ['Dockerfile', 'docker-compose.yml', '.env.example', 'package.json', 'README.md', 'nest-cli.json', 'tsconfig.json'];
const SKIP_DIRS = new Set(['node_modules', 'dist', '.data', 'coverage', 'test-results', 'playwright-report', '.git', '.vite']);
const TEXT_FILE = /\.(ts|tsx|js|mjs|cjs|json|md|ya?ml|sh|html|css)$|(^|\/)(Dockerfile|run)$/;

/** One forbidden kind of citation: a name for the failure message and the pattern that finds it. */
interface Rule {
  name: string;
  pattern: RegExp;
}

// Built from parts so that this file does not match its own rules.
const md = (name: string): string => `${name}\\.md`;
const RULES: Rule[] = [
  {
    name: 'a design document outside the repository (cite docs/PRODUCT-RULES.md, docs/PROVIDERS.md, docs/CONTRIBUTING.md or docs/ARCHITECTURE.md)',
    pattern: new RegExp(`(?<![\\w/-])(${['product', 'providers', 'style', 'architecture'].map(md).join('|')})`, 'i'),
  },
  { name: 'a path outside the repository', pattern: new RegExp(['\\.\\./shared', '/work/', 'shared/docs/', 'shared/spec/'].join('|')) },
  { name: 'an issue number', pattern: new RegExp(['\\bissues?\\s*#?\\d', '\\b(PR|pull request)\\s*#\\d', '\\(#\\d+\\)', '\\bGH-\\d'].join('|'), 'i') },
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

/** `file:line: text` for every line of `files` matching `pattern`. */
const findings = (files: string[], pattern: RegExp): string[] =>
  files.flatMap((file) =>
    readFileSync(join(ROOT, file), 'utf8')
      .split('\n')
      .flatMap((line, i) => (pattern.test(line) ? [`${file}:${i + 1}: ${line.trim().slice(0, 160)}`] : [])),
  );

/**
 * Design documents whose cited sections must exist. RELIABILITY.md and PERFORMANCE.md are logs of
 * measurements that gain their section when the measurement is recorded, so only the file is checked.
 */
const SECTION_CHECKED = new Set(['ARCHITECTURE.md', 'PRODUCT-RULES.md', 'PROVIDERS.md', 'CONTRIBUTING.md', 'RELIABILITY.md', 'PERFORMANCE.md']);

/** Headings and bold terms of a docs/ file, lower-cased: what a quoted section title may name. */
const anchorsOf = (doc: string): string[] =>
  readFileSync(join(ROOT, 'docs', doc), 'utf8')
    .split('\n')
    .flatMap((line) => [
      ...(line.startsWith('#') ? [line.replace(/^#+\s*/, '')] : []),
      ...[...line.matchAll(/\*\*([^*]+)\*\*/g)].map((m) => m[1]),
    ])
    .map((a) => a.toLowerCase());

describe('source citations', () => {
  const files = sourceFiles();

  it('finds the source files', () => {
    expect(files.length).toBeGreaterThan(200);
    expect(files).toContain(join('backend', 'src', 'main.ts'));
  });

  it.each(RULES)('no comment cites $name', ({ pattern }) => {
    expect(findings(files, pattern)).toEqual([]);
  });

  it('cites only docs/ files that exist, and sections the design documents have', () => {
    const cite = /docs\/([A-Z][A-Z-]*\.md)(?:,? "([^"]+)"|,? §(\d+(?:\.\d+)?))?/g;
    const problems: string[] = [];
    const anchors = new Map<string, string[]>();
    for (const file of files) {
      readFileSync(join(ROOT, file), 'utf8')
        .split('\n')
        .forEach((line, i) => {
          for (const [, doc, title, section] of line.matchAll(cite)) {
            const where = `${file}:${i + 1}`;
            if (!existsSync(join(ROOT, 'docs', doc))) {
              problems.push(`${where}: docs/${doc} does not exist`);
              continue;
            }
            if (!SECTION_CHECKED.has(doc)) continue;
            if (!anchors.has(doc)) anchors.set(doc, anchorsOf(doc));
            const known = anchors.get(doc)!;
            if (title && !known.some((a) => a.includes(title.toLowerCase()))) {
              problems.push(`${where}: docs/${doc} has no section "${title}"`);
            }
            if (section && !known.some((a) => a.startsWith(`${section} `) || a.startsWith(`${section}. `))) {
              problems.push(`${where}: docs/${doc} has no §${section}`);
            }
          }
        });
    }
    expect(problems).toEqual([]);
  });
});

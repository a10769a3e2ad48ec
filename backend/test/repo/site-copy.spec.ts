import { readdirSync, readFileSync, statSync } from 'fs';
import { join, relative } from 'path';
import * as ts from 'typescript';
import { findToutWord } from '../../src/common/content/tout-words';

/**
 * The site's own copy makes no guaranteed-win claim (docs/PRODUCT-RULES.md "Records and
 * responsible gambling"): the text a visitor can read — string literals, template text and JSX
 * text of the frontend's sources, the server's page shell and head tags, and the demo data that
 * `npm start` seeds, plus the text of index.html — is read with the same word list the API
 * validates with (common/content/tout-words.ts). Comments and code are not copy; neither is a
 * one-word literal such as a CSS value (`'fixed'`, `'100%'`). Tests are skipped: they hold
 * refused examples on purpose.
 */

const ROOT = join(__dirname, '..', '..', '..');
const PLACES = [
  'frontend/src',
  'frontend/index.html',
  'backend/src/seed',
  'backend/src/modules/seo',
];

/**
 * Copy that names a word of the list without making the claim: the tipster's own earnings tiles
 * in the back office, whose labels the specification fixes (docs/PRODUCT-RULES.md R69), report
 * the tipster's income; they promise nobody anything (docs/PRODUCT-RULES.md R235).
 */
const NOT_A_CLAIM: ReadonlySet<string> = new Set([
  "Today's Income - 40% Fee",
  'Monthly Income - 40% Fee',
]);

const files = (path: string): string[] =>
  statSync(path).isDirectory()
    ? readdirSync(path).flatMap((name) => files(join(path, name)))
    : [path];

/** Prose: at least two words of letters, not a CSS value (`'fixed'`, `'100%'`, a gradient). */
const isProse = (text: string): boolean =>
  /[a-z]{2,}[\s&;,.:]+[a-z]{2,}/i.test(text) &&
  !/\b(?:rgba?|hsla?|linear-gradient|radial-gradient|calc|var)\(/.test(text);

/** The visitor-readable texts of one TypeScript/TSX source, with their line numbers. */
const sourceTexts = (file: string, text: string): Array<[number, string]> => {
  const source = ts.createSourceFile(
    file,
    text,
    ts.ScriptTarget.Latest,
    true,
    file.endsWith('x') ? ts.ScriptKind.TSX : ts.ScriptKind.TS,
  );
  const out: Array<[number, string]> = [];
  const visit = (node: ts.Node): void => {
    if (ts.isImportDeclaration(node)) return;
    if (
      ts.isStringLiteral(node) ||
      ts.isNoSubstitutionTemplateLiteral(node) ||
      ts.isTemplateHead(node) ||
      ts.isTemplateMiddle(node) ||
      ts.isTemplateTail(node) ||
      ts.isJsxText(node)
    ) {
      const value = ts.isJsxText(node) ? node.getText() : node.text;
      const line = source.getLineAndCharacterOfPosition(node.getStart()).line + 1;
      value.split('\n').forEach((part, i) => out.push([line + i, part]));
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return out;
};

/** The text of an HTML file outside <style> and <script>. */
const htmlTexts = (text: string): Array<[number, string]> =>
  text
    .replace(/<(style|script)[\s\S]*?<\/\1>/g, (block) => block.replace(/[^\n]/g, ''))
    .split('\n')
    .map((line, i): [number, string] => [i + 1, line]);

describe("the site's own copy", () => {
  it('holds no tout word (sure, fixed, 100%, guaranteed, risk free, income, investment, salary)', () => {
    const hits = PLACES.flatMap((place) => files(join(ROOT, place)))
      .filter((file) => !/\.(test|spec)\.tsx?$/.test(file) && /\.(tsx?|html)$/.test(file))
      .flatMap((file) => {
        const text = readFileSync(file, 'utf8');
        const texts = file.endsWith('.html') ? htmlTexts(text) : sourceTexts(file, text);
        return texts.flatMap(([line, part]) => {
          const word =
            (isProse(part) || /_/.test(part)) && !NOT_A_CLAIM.has(part.trim())
              ? findToutWord(part)
              : null;
          return word
            ? [`${relative(ROOT, file)}:${line} "${word}": ${part.trim().slice(0, 80)}`]
            : [];
        });
      });
    expect(hits).toEqual([]);
  });

  it('finds a tout word in copy (the check really reads it)', () => {
    const texts = sourceTexts(
      'x.tsx',
      'const A = () => <h2>Sure wins daily</h2>; const b = "100% fixed games";',
    );
    expect(texts.map(([, t]) => findToutWord(t))).toEqual(['sure', 'fixed']);
  });
});

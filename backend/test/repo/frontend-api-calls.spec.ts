import { readdirSync, readFileSync } from 'fs';
import { join } from 'path';
import * as ts from 'typescript';

/**
 * The frontend's API shapes come from the OpenAPI document only (docs/CONTRIBUTING.md "API
 * types"): frontend/src/api/client.ts types every call by its path from the generated
 * frontend/src/api/openapi.d.ts, so a shape that is wrong is fixed in the backend's DTO, never
 * re-typed in the browser. This test reads every source file of frontend/src (tests, test helpers
 * and the generated types left out) with the TypeScript parser and fails on:
 *
 * - **a response type written at a call**: a type argument to an API call (`api.get<…>(…)`,
 *   `api.post<…>`, `api.put<…>`, `api.patch<…>`, `api.delete<…>`, `apiRequest<…>`), or an `as`
 *   cast of what an API call answers;
 * - **a hand-written response shape**: an interface, or a type alias spelling an object type,
 *   named like an answer (…Response, …Answer, …Page, …Row, …Summary, …Dto) anywhere in
 *   frontend/src; and in frontend/src/api any interface or object type alias that is not one of
 *   the reviewed request-side types in NOT_RESPONSES (a listed one that is gone fails until it is
 *   removed from the list). Aliases of the generated types (`components['schemas']['SlipResponseDto']`,
 *   `ApiResponse<'/api/slip/get/{id}'>`) pass.
 */

const ROOT = join(__dirname, '..', '..', '..');
const FRONTEND = 'frontend/src';
const API_DIR = 'frontend/src/api/';

/** The API client's methods whose type argument would be a hand-written response type. */
const API_METHODS = new Set(['get', 'post', 'put', 'patch', 'delete']);

/** Names of answer shapes: a declaration so named must be derived from the generated types. */
const RESPONSE_NAME = /(Response|Answer|Page|Row|Summary|Dto)$/;

/** Reviewed object types of frontend/src/api that describe no answer: `file:name` and the reason. */
const NOT_RESPONSES: { at: string; why: string }[] = [
  {
    at: 'frontend/src/api/buyer.ts:BuyerProof',
    why: "the phone and SMS code a buyer types (a request's query, not an answer)",
  },
  { at: 'frontend/src/api/client.ts:RequestOptions', why: "the client's own request options" },
  {
    at: 'frontend/src/api/client.ts:CallOptions',
    why: 'the options of one typed call (auth, query, a server link)',
  },
  {
    at: 'frontend/src/api/client.ts:ApiPath',
    why: "the document's paths that answer a method (a key of the generated `paths`)",
  },
  {
    at: 'frontend/src/api/client.ts:JsonContent',
    why: 'reads the JSON body out of a generated response',
  },
  { at: 'frontend/src/api/client.ts:Responses', why: "reads a generated operation's responses" },
  {
    at: 'frontend/src/api/client.ts:CallArgs',
    why: "a call's options, with the generated path parameters when the template has any",
  },
  {
    at: 'frontend/src/api/client.ts:CallArgsAny',
    why: "the options as the client's implementation reads them",
  },
  {
    at: 'frontend/src/api/account.ts:LoginInput',
    why: 'what the login form sends (a request body)',
  },
  {
    at: 'frontend/src/api/account.ts:RegisterInput',
    why: 'what the registration form sends (a request body)',
  },
  {
    at: 'frontend/src/api/boot-data.ts:BootDocument',
    why: "the page's inlined boot script; each answer in it is typed by its path",
  },
  { at: 'frontend/src/api/query-keys.ts:ActiveSlipFilters', why: 'the filters of a query key' },
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

/** True for `api.get(…)` … `api.delete(…)` and `apiRequest(…)`. */
const isApiCall = (node: ts.Node): node is ts.CallExpression => {
  if (!ts.isCallExpression(node)) return false;
  const callee = node.expression;
  if (ts.isIdentifier(callee)) return callee.text === 'apiRequest';
  return (
    ts.isPropertyAccessExpression(callee) &&
    ts.isIdentifier(callee.expression) &&
    callee.expression.text === 'api' &&
    API_METHODS.has(callee.name.text)
  );
};

/** The expression under parentheses and `await`. */
const unwrap = (node: ts.Expression): ts.Expression => {
  let n = node;
  while (ts.isParenthesizedExpression(n) || ts.isAwaitExpression(n)) n = n.expression;
  return n;
};

/** True when `type` spells an object shape (a literal, a mapped type, an intersection or union holding one). */
const spellsObject = (type: ts.TypeNode): boolean => {
  let found = false;
  const visit = (n: ts.Node): void => {
    if (ts.isTypeLiteralNode(n) || ts.isMappedTypeNode(n)) found = true;
    else if (!found) n.forEachChild(visit);
  };
  visit(type);
  return found;
};

/** The findings of one file's text: `file:line: what`. */
export const check = (text: string, file = 'frontend/src/example.ts'): string[] => {
  const source = ts.createSourceFile(
    file,
    text,
    ts.ScriptTarget.Latest,
    true,
    file.endsWith('.tsx') ? ts.ScriptKind.TSX : ts.ScriptKind.TS,
  );
  const found: string[] = [];
  const at = (node: ts.Node) =>
    `${file}:${source.getLineAndCharacterOfPosition(node.getStart(source)).line + 1}`;
  const visit = (node: ts.Node): void => {
    if (isApiCall(node) && node.typeArguments?.length) {
      found.push(
        `${at(node)}: a response type written at the call (${node.expression.getText(source)}<${node.typeArguments.map((t) => t.getText(source)).join(', ')}>): the path's type comes from openapi.d.ts`,
      );
    }
    if (
      (ts.isAsExpression(node) || ts.isTypeAssertionExpression(node)) &&
      isApiCall(unwrap(node.expression)) &&
      node.type.kind !== ts.SyntaxKind.UnknownKeyword
    ) {
      found.push(
        `${at(node)}: an API answer cast to ${node.type.getText(source)}: the path's type comes from openapi.d.ts`,
      );
    }
    const declared = ts.isInterfaceDeclaration(node)
      ? node
      : ts.isTypeAliasDeclaration(node) && spellsObject(node.type)
        ? node
        : null;
    if (declared) {
      const name = declared.name.text;
      if (RESPONSE_NAME.test(name)) {
        found.push(
          `${at(declared)}: a hand-written response shape ${name}: alias the generated type (components['schemas'][…] or ApiResponse<path>)`,
        );
      } else if (
        file.startsWith(API_DIR) &&
        !NOT_RESPONSES.some((r) => r.at === `${file}:${name}`)
      ) {
        found.push(
          `${at(declared)}: an object type ${name} in frontend/src/api: alias the generated type, or list it in NOT_RESPONSES if it is no answer`,
        );
      }
    }
    node.forEachChild(visit);
  };
  visit(source);
  return found;
};

describe('frontend API calls are typed by the OpenAPI document', () => {
  const files = frontendSources();

  it('finds the frontend sources', () => {
    expect(files.length).toBeGreaterThan(20);
    expect(files).toContain('frontend/src/api/client.ts');
  });

  it('writes no response type at a call and declares no response shape by hand', () => {
    const found = files.flatMap((file) => check(readFileSync(join(ROOT, file), 'utf8'), file));
    if (found.length)
      throw new Error(
        `Hand-typed API shapes (docs/CONTRIBUTING.md "API types"):\n${found.join('\n')}`,
      );
  });

  it('lists only request-side types that still exist', () => {
    const names = new Set(
      files
        .filter((file) => file.startsWith(API_DIR))
        .flatMap((file) => {
          const source = ts.createSourceFile(
            file,
            readFileSync(join(ROOT, file), 'utf8'),
            ts.ScriptTarget.Latest,
            true,
          );
          return source.statements
            .filter((s) => ts.isInterfaceDeclaration(s) || ts.isTypeAliasDeclaration(s))
            .map((s) => `${file}:${(s as ts.InterfaceDeclaration).name.text}`);
        }),
    );
    expect(NOT_RESPONSES.map((r) => r.at).filter((at) => !names.has(at))).toEqual([]);
  });

  describe('the check', () => {
    it.each([
      [
        'a type argument to api.get',
        `const page = api.get<SlipPage>('/v2/api/slip/data/');`,
        /response type written at the call \(api\.get<SlipPage>\)/,
      ],
      [
        'an inline shape on api.post',
        `api.post<{ message?: string }>('/api/processor/buy', input);`,
        /api\.post<\{ message\?: string \}>/,
      ],
      [
        'a type argument on another line',
        `api\n  .get<Slip>('/api/slip/get/1')`,
        /api\.get<Slip>|api\n {2}\.get<Slip>/,
      ],
      ['a type argument to apiRequest', `apiRequest<Foo>('/api/x');`, /apiRequest<Foo>/],
      [
        'a cast of an answer',
        `const x = (await api.get('/api/slip/markets')) as { markets: string[] };`,
        /answer cast/,
      ],
      [
        'a hand-written response interface',
        `export interface EmailLoginResponse { access: string; refresh?: string }`,
        /hand-written response shape EmailLoginResponse/,
      ],
      [
        'a hand-written page type',
        `export type FinancePage<K extends string, Row> = { [key in K]: Row[] } & { next: number | null };`,
        /hand-written response shape FinancePage/,
      ],
      [
        'an unlisted shape in frontend/src/api',
        `export interface SearchGame { id: number; home_team: string }`,
        /object type SearchGame in frontend\/src\/api/,
      ],
    ])('fails on %s', (_name, text, rule) => {
      const found = check(
        text,
        _name === 'an unlisted shape in frontend/src/api'
          ? 'frontend/src/api/slips.ts'
          : 'frontend/src/example.ts',
      );
      expect(found.length).toBeGreaterThan(0);
      expect(found.join('\n')).toMatch(rule);
    });

    it.each([
      [
        'a call typed by its path',
        `const slip = await api.get('/api/slip/get/{id}', { path: { id } });`,
      ],
      ['an alias of a generated schema', `export type SlipPage = Schemas['ActivePageDto'];`],
      [
        'an alias of a path answer',
        `export type FinishedPage = ApiResponse<'/v2/api/slip/data/finished/'>;`,
      ],
      ['a union of generated types', `export type ProfileResponse = OwnProfile | PublicProfile;`],
      [
        'a request-side type outside the api folder',
        `interface Pick { game: SearchGame; odd: string }`,
      ],
      [
        'narrowing an untyped body to unknown',
        `const body = (await apiRequest('/api/x')) as unknown;`,
      ],
    ])('passes %s', (_name, text) => {
      expect(check(text)).toEqual([]);
    });

    it('passes a listed request-side type only in its file', () => {
      const text = `export interface LoginInput { email: string; password: string }`;
      expect(check(text, 'frontend/src/api/account.ts')).toEqual([]);
      expect(check(text, 'frontend/src/api/slips.ts')).toHaveLength(1);
    });
  });
});

/**
 * Renders the frontend's API types (frontend/src/api/openapi.d.ts) from the OpenAPI document the
 * backend builds, with openapi-typescript. Shared by `npm run api:types` (writes the file) and
 * backend/test/repo/api-types.spec.ts (checks the committed file is current). docs/CONTRIBUTING.md "API types".
 */
const { join } = require('node:path');

/** Where the generated types live. */
const API_TYPES_FILE = join(__dirname, '..', 'frontend', 'src', 'api', 'openapi.d.ts');

const HEADER = [
  '/**',
  " * Generated from the backend's OpenAPI document by `npm run api:types` (openapi-typescript).",
  " * Do not edit: change the backend's DTOs / @Api* decorators and run the script again.",
  ' */',
  '',
].join('\n');

/** The text of openapi.d.ts for one OpenAPI document (a plain object, as served at /api/docs-json). */
const renderApiTypes = async (doc) => {
  const { default: openapiTS, astToString } = require('openapi-typescript');
  // A deep copy: openapi-typescript annotates the object it is given.
  const ast = await openapiTS(JSON.parse(JSON.stringify(doc)), { alphabetize: true });
  return HEADER + astToString(ast);
};

module.exports = { API_TYPES_FILE, renderApiTypes };

// `node scripts/api-types-render.cjs < doc.json`: the rendered text on stdout (for callers that
// cannot load openapi-typescript themselves, such as jest, whose module loader refuses its ESM dependencies).
if (require.main === module) {
  let input = '';
  process.stdin.setEncoding('utf8');
  process.stdin.on('data', (chunk) => (input += chunk));
  process.stdin.on('end', () => {
    renderApiTypes(JSON.parse(input)).then(
      (text) => process.stdout.write(text),
      (err) => {
        console.error(err);
        process.exit(1);
      },
    );
  });
}

import { spawnSync } from 'child_process';
import { readFileSync } from 'fs';
import { join } from 'path';
import { buildOpenApiDocument } from '../../src/openapi-document';

const ROOT = join(__dirname, '..', '..', '..');
const API_TYPES_FILE = join(ROOT, 'frontend', 'src', 'api', 'openapi.d.ts');

/**
 * The frontend's generated API types are those of the current OpenAPI document (docs/CONTRIBUTING.md
 * "API types"): a DTO or route changed without `npm run api:types` fails here. The text is rendered
 * by the script's own renderer in a node child process (jest's loader refuses openapi-typescript's ESM dependencies).
 */
describe('frontend/src/api/openapi.d.ts', () => {
  it('equals what the current OpenAPI document generates', async () => {
    const doc = await buildOpenApiDocument();
    const out = spawnSync(process.execPath, [join(ROOT, 'scripts', 'api-types-render.cjs')], {
      input: JSON.stringify(doc),
      encoding: 'utf8',
      maxBuffer: 64 * 1024 * 1024,
    });
    expect(out.stderr).toBe('');
    expect(out.status).toBe(0);
    if (readFileSync(API_TYPES_FILE, 'utf8') !== out.stdout) {
      throw new Error(
        "frontend/src/api/openapi.d.ts is out of date with the backend's OpenAPI document: run `npm run api:types` and commit the result.",
      );
    }
  });
});

/**
 * `npm run api:types`: writes frontend/src/api/openapi.d.ts from the OpenAPI document the backend
 * builds (no server, database or Redis: backend/src/openapi-document.ts). Builds the backend first
 * when its sources are newer than backend/dist. docs/CONTRIBUTING.md "API types".
 */
import { writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { buildIfNeeded, log, ROOT } from './lib.mjs';

const require = createRequire(import.meta.url);
const { API_TYPES_FILE, renderApiTypes } = require('./api-types-render.cjs');

buildIfNeeded({ frontend: false });
const { buildOpenApiDocument } = require(join(ROOT, 'backend', 'dist', 'openapi-document.js'));
const doc = await buildOpenApiDocument();
writeFileSync(API_TYPES_FILE, await renderApiTypes(doc));
log(`wrote ${API_TYPES_FILE} (${Object.keys(doc.paths).length} paths)`);
process.exit(0);

import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

/**
 * Test helper: reads the backend's resource definitions (backend/src/modules/backoffice/resources/
 * *.resource.ts, `defineResource`) as text, so unit tests can check the frontend specs against the
 * allowlist the server enforces. Understands the house layout of a definition: one field per line
 * `name: { column: '...', type: '...', sortable: true, filter: ['eq', 'in'] },` and shared field
 * maps exported from a sibling file (`fields: SLIP_FIELDS`).
 */
export interface BackendField {
  sortable: boolean;
  filter: string[];
}

export interface BackendResource {
  file: string;
  name: string;
  roles: string[];
  fields: Record<string, BackendField>;
  search: boolean;
  defaultSort: [string, string] | null;
  create: boolean;
  update: boolean;
  delete: boolean;
}

/** backend/src/modules/backoffice/resources from this file (frontend/src/backoffice). */
export const BACKEND_RESOURCES_DIR = join(
  import.meta.dirname ?? new URL('.', import.meta.url).pathname,
  '../../../backend/src/modules/backoffice/resources',
);

const FIELD_LINE =
  /^\s*(\w+): \{ column: '[^']*', type: '(\w+)'(?:, sortable: (true|false))?(?:, filter: \[([^\]]*)\])? \},?\s*$/;

const parseFieldLines = (text: string): Record<string, BackendField> => {
  const fields: Record<string, BackendField> = {};
  for (const line of text.split('\n')) {
    const match = FIELD_LINE.exec(line);
    if (!match) continue;
    fields[match[1]!] = {
      sortable: match[3] === 'true',
      filter: (match[4] ?? '')
        .split(',')
        .map((op) => op.trim().replace(/'/g, ''))
        .filter(Boolean)
        .sort(),
    };
  }
  return fields;
};

/** The block of `fields: { ... }` in a definition (balanced braces), or null when it is a named map. */
const inlineFieldsBlock = (text: string): string | null => {
  const start = text.indexOf('fields: {');
  if (start < 0) return null;
  let depth = 0;
  for (let i = start + 'fields: '.length; i < text.length; i++) {
    if (text[i] === '{') depth++;
    if (text[i] === '}') depth--;
    if (depth === 0) return text.slice(start, i + 1);
  }
  return null;
};

/** Every backend resource definition found in the resources folder. */
export const readBackendResources = (dir = BACKEND_RESOURCES_DIR): BackendResource[] => {
  const files = readdirSync(dir).filter((file) => file.endsWith('.resource.ts'));
  const sources = new Map(readdirSync(dir).filter((f) => f.endsWith('.ts')).map((f) => [f, readFileSync(join(dir, f), 'utf8')]));
  return files.flatMap((file) => {
    const text = sources.get(file)!;
    // The call, not the import: `defineResource<Entity, ...>({ name: '...'`.
    const name = /defineResource(?:<[^(]*>)?\(\{\s*name: '([^']+)'/.exec(text)?.[1];
    if (!name) return [];
    let fields: Record<string, BackendField> = {};
    const block = inlineFieldsBlock(text);
    if (block) {
      fields = parseFieldLines(block);
    } else {
      const mapName = /fields: (\w+),/.exec(text)?.[1];
      for (const [other, source] of sources) {
        if (other !== file && mapName && source.includes(`export const ${mapName}`)) {
          fields = parseFieldLines(source.slice(source.indexOf(`export const ${mapName}`)));
        }
      }
    }
    const sort = /defaultSort: \['(\w+)', '(ASC|DESC)'\]/.exec(text);
    return [
      {
        file,
        name,
        roles: (/roles: \[([^\]]*)\]/.exec(text)?.[1] ?? '').split(',').map((r) => r.trim().replace(/'/g, '')).filter(Boolean),
        fields,
        search: /\bsearch: \[/.test(text),
        defaultSort: sort ? [sort[1]!, sort[2]!] : null,
        create: /\n\s+create: \{/.test(text),
        update: /\n\s+update: \{/.test(text),
        delete: /\n\s+delete: \{/.test(text),
      },
    ];
  });
};

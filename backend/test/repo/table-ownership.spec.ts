import { readdirSync, readFileSync } from 'fs';
import { join, relative } from 'path';

/**
 * Each module's tables are read and written only by that module (docs/ARCHITECTURE.md "Table
 * ownership", "Layers"): no module's SQL names another module's table, and no module imports
 * another module's entities. The owners come from the table in docs/ARCHITECTURE.md, so the
 * document and the check cannot drift apart.
 *
 * The places that still break the rule are listed below, each to be moved behind the owner's
 * service. The list only shrinks: a new crossing fails (name it here only with a reason in the
 * review), and a listed crossing that is gone fails until it is removed from the list.
 */
const KNOWN_SQL_CROSSINGS: Record<string, string[]> = {
};

/** Entities imported across modules (the back office's resources, mostly). Same rule: only shrinks. */
const KNOWN_ENTITY_IMPORTS: Record<string, string[]> = {
  'src/modules/backoffice/resources/earnings.resource.ts': ['ledger/entities/ledger-entry.entity'],
  'src/modules/backoffice/resources/fixture-imports.resource.ts': ['fixtures/entities/fixture-import-run.entity'],
  'src/modules/backoffice/resources/fixtures.resource.ts': ['fixtures/entities/fixture.entity'],
  'src/modules/backoffice/resources/free-tips.resource.ts': ['fixtures/entities/fixture.entity', 'slip/entities/free-tip.entity'],
  'src/modules/backoffice/resources/jackpots.resource.ts': ['jackpot/entities/jackpot.entity'],
  'src/modules/backoffice/resources/posts.resource.ts': ['blog/entities/post.entity'],
  'src/modules/backoffice/resources/premium-slips.resource.ts': ['account/entities/user.entity', 'slip/entities/slip-with-picks.entity'],
  'src/modules/backoffice/resources/purchases.resource.ts': ['processor/entities/purchase.entity'],
  // The admins' read-only view of the phones' spend caps and exclusions; only RgRepository writes rg_limit.
  'src/modules/backoffice/resources/rg-limits.resource.ts': ['rg/entities/rg-limit.entity'],
  'src/modules/backoffice/resources/slip-record.ts': ['slip/entities/slip-with-picks.entity'],
  'src/modules/backoffice/resources/slips.resource.ts': ['account/entities/user.entity', 'slip/entities/slip-with-picks.entity'],
  'src/modules/backoffice/resources/sms-messages.resource.ts': ['notifications/entities/sms-outbox.entity'],
  'src/modules/backoffice/resources/subscription-kinds.resource.ts': ['subscription/entities/subscription-kind.entity'],
  'src/modules/backoffice/resources/users.resource.ts': ['account/entities/user.entity'],
  // The tipster's, approver's and rejecter's usernames, joined like slips.resource.ts joins the tipster's.
  'src/modules/backoffice/resources/withdrawals.resource.ts': ['account/entities/user.entity', 'finance/entities/withdrawal.entity'],
};

/**
 * Services that still take the DataSource themselves (docs/ARCHITECTURE.md "Layers": SQL lives in
 * the module's repositories, `*.repository.ts`, and the database layer). Same rule: only shrinks.
 */
const KNOWN_DATASOURCE: string[] = [
  // The create-admin CLI is a composition root (like app.module.ts): it builds and closes its own DataSource.
  'src/modules/account/cli/create-admin.ts',
];

const BACKEND = join(__dirname, '..', '..');
const MODULES = join(BACKEND, 'src', 'modules');

/** Table → owning module, read from docs/ARCHITECTURE.md "Table ownership". */
const owners = (): Map<string, string> => {
  const doc = readFileSync(join(BACKEND, '..', 'docs/ARCHITECTURE.md'), 'utf8');
  const start = doc.indexOf('## Table ownership');
  const section = doc.slice(start, doc.indexOf('\n\n', doc.indexOf('| Module', start)));
  const map = new Map<string, string>();
  for (const line of section.split('\n').slice(3)) {
    const [module, tables] = line.replace(/^\|/, '').split('|').map((c) => c.trim());
    // Only what the module owns: text after ';' describes other access.
    for (const [, table] of (tables ?? '').split(';')[0].matchAll(/`([a-z0-9_*]+)`/g)) map.set(table, module);
  }
  return map;
};

const sourceFiles = (dir: string): string[] =>
  readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const p = join(dir, e.name);
    if (e.isDirectory()) return sourceFiles(p);
    return e.name.endsWith('.ts') && !e.name.endsWith('.spec.ts') ? [p] : [];
  });

/** The module a source file belongs to (`src/modules/<module>/…`). */
const moduleOf = (file: string): string => relative(MODULES, file).split('/')[0];

const SRC = join(BACKEND, 'src');

/** A file the DataSource may appear in: a repository or the database layer (data source, migrations, seed). */
const mayHoldDataSource = (file: string): boolean => file.endsWith('.repository.ts') || relative(SRC, file).startsWith('database/') || relative(SRC, file).startsWith('seed/');

const SQL_TABLE = /\b(?:FROM|JOIN|UPDATE|INTO|TABLE)\s+"?([a-z][a-z0-9_]*)"?/g;
// `<module>/entities/…` or, for a unit nested in a module, `<module>/<unit>/entities/…`.
const ENTITY_IMPORT = /from '(?:\.\.\/)+((?:[a-z-]+\/)+entities\/[a-z0-9.-]+)'/g;

/** Per file, the sorted names found by `find`, where they cross a module boundary. */
const crossings = (find: (file: string, text: string) => string[]): Record<string, string[]> => {
  const out: Record<string, string[]> = {};
  for (const file of sourceFiles(MODULES)) {
    const found = [...new Set(find(file, readFileSync(file, 'utf8')))].sort();
    if (found.length) out[relative(BACKEND, file)] = found;
  }
  return out;
};

describe('table ownership', () => {
  const own = owners();
  const ownerOf = (table: string): string | undefined => own.get(table) ?? (table.startsWith('sandbox_') ? 'sandbox' : undefined);

  it('reads the owners from docs/ARCHITECTURE.md', () => {
    expect(own.get('slip')).toBe('slip');
    expect(own.get('purchase')).toBe('processor');
    expect(own.get('b2c_payout')).toBe('finance');
    expect(own.get('tipster_stat')).toBe('tipster-stats');
    expect(own.size).toBeGreaterThan(25);
  });

  it('finds no SQL naming another module\'s table beyond the shrinking list', () => {
    const found = crossings((file, text) =>
      [...text.matchAll(SQL_TABLE)].map((m) => m[1]).filter((t) => {
        const owner = ownerOf(t);
        return owner !== undefined && owner !== moduleOf(file);
      }),
    );
    expect(found).toEqual(KNOWN_SQL_CROSSINGS);
  });

  it('finds no import of another module\'s entities beyond the shrinking list', () => {
    const found = crossings((file, text) =>
      [...text.matchAll(ENTITY_IMPORT)].map((m) => m[1].replace(/\.ts$/, '')).filter((path) => path.split('/')[0] !== moduleOf(file)),
    );
    expect(found).toEqual(KNOWN_ENTITY_IMPORTS);
  });

  it('finds the DataSource only in repositories and the database layer beyond the shrinking list', () => {
    const found = sourceFiles(SRC)
      .filter((file) => !mayHoldDataSource(file) && /\bDataSource\b/.test(readFileSync(file, 'utf8')))
      .map((file) => relative(BACKEND, file))
      .sort();
    expect(found).toEqual(KNOWN_DATASOURCE);
  });
});

import { existsSync, readdirSync, readFileSync } from 'fs';
import { dirname, join, relative, resolve } from 'path';

/**
 * Each table is touched only by the code docs/ARCHITECTURE.md "Table ownership" names for it
 * (paths below backend/src/; a folder means every file in it): no other file of backend/src/
 * names the table in SQL or imports its entity. The entity's own file, which declares the
 * table, is always allowed; the migrations (database/migrations/) create every table and are
 * not read. The owners and the allowed code come from the document's table, so the document
 * and the check cannot drift apart.
 *
 * The places that still break the rule are listed below, each to be moved behind the owner's
 * service. The lists only shrink: a new crossing fails (name it here only with a reason in the
 * review), and a listed crossing that is gone fails until it is removed from the list.
 */
const KNOWN_SQL_CROSSINGS: Record<string, string[]> = {
  // The demo seed writes back-dated history (slips and tips, paid sales, paid withdrawals) that
  // no service writes, and finds its own rows again on a repeated start.
  'src/seed/demo-marketplace.seed.ts': ['app_user', 'fixture', 'fixture_odds', 'slip', 'tip'],
  'src/seed/finance.seed.ts': ['app_user', 'b2c_payout', 'purchase', 'slip', 'withdrawal'],
  'src/seed/jackpot.seed.ts': ['app_user', 'fixture', 'fixture_odds', 'jackpot'],
  'src/seed/premium.seed.ts': ['fixture', 'slip', 'tip'],
};

/** Entities imported outside their table's allowed code (the back office's resources, mostly). Same rule: only shrinks. */
const KNOWN_ENTITY_IMPORTS: Record<string, string[]> = {
  'src/modules/backoffice/resources/earnings.resource.ts': ['ledger_entry'],
  'src/modules/backoffice/resources/fixture-imports.resource.ts': ['fixture_import_run'],
  'src/modules/backoffice/resources/fixtures.resource.ts': ['fixture'],
  'src/modules/backoffice/resources/free-tips.resource.ts': ['fixture', 'free_tip'],
  'src/modules/backoffice/resources/jackpots.resource.ts': ['jackpot'],
  'src/modules/backoffice/resources/posts.resource.ts': ['post'],
  'src/modules/backoffice/resources/premium-slips.resource.ts': ['app_user', 'slip'],
  'src/modules/backoffice/resources/purchases.resource.ts': ['purchase'],
  // The admins' read-only view of the phones' spend caps and exclusions; only RgRepository writes rg_limit.
  'src/modules/backoffice/resources/rg-limits.resource.ts': ['rg_limit'],
  'src/modules/backoffice/resources/slip-record.ts': ['slip'],
  'src/modules/backoffice/resources/slips.resource.ts': ['app_user', 'slip'],
  'src/modules/backoffice/resources/sms-messages.resource.ts': ['sms_outbox'],
  'src/modules/backoffice/resources/subscription-kinds.resource.ts': ['subscription_kind'],
  'src/modules/backoffice/resources/users.resource.ts': ['app_user'],
  // The tipster's, approver's and rejecter's usernames, joined like slips.resource.ts joins the tipster's.
  'src/modules/backoffice/resources/withdrawals.resource.ts': ['app_user', 'withdrawal'],
  // The demo seed's posts, saved with the blog's entity (sanitised by the blog's own rules).
  'src/seed/blog.seed.ts': ['post'],
};

/**
 * Services that still take the DataSource themselves (docs/ARCHITECTURE.md "Table ownership": SQL
 * lives in repositories, `*.repository.ts`, the database layer and the seed). Same rule: only shrinks.
 */
const KNOWN_DATASOURCE: string[] = [
  // The create-admin CLI is a composition root (like app.module.ts): it builds and closes its own DataSource.
  'src/modules/account/cli/create-admin.ts',
];

const BACKEND = join(__dirname, '..', '..');
const SRC = join(BACKEND, 'src');
const MIGRATIONS = join(SRC, 'database', 'migrations');

/** One row of the document's table: the owner and the code (paths below src/) that may touch its tables. */
interface Ownership {
  owner: string;
  code: string[];
}

/** Table (or `prefix_*`) → its row, read from docs/ARCHITECTURE.md "Table ownership". */
const ownership = (): Map<string, Ownership> => {
  const doc = readFileSync(join(BACKEND, '..', 'docs/ARCHITECTURE.md'), 'utf8');
  const start = doc.indexOf('## Table ownership');
  const header = doc.indexOf('| Module', start);
  const section = doc.slice(header, doc.indexOf('\n\n', header));
  const map = new Map<string, Ownership>();
  for (const line of section.split('\n').slice(2)) {
    const [owner, tables, code] = line
      .replace(/^\|/, '')
      .split('|')
      .map((c) => c.trim());
    const paths = [...(code ?? '').matchAll(/`([a-z0-9_./-]+\/[a-z0-9_./-]*)`/g)].map((m) => m[1]);
    for (const [, table] of (tables ?? '').matchAll(/`([a-z0-9_*]+)`/g))
      map.set(table, { owner, code: paths });
  }
  return map;
};

const sourceFiles = (dir: string): string[] =>
  readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const p = join(dir, e.name);
    if (e.isDirectory()) return p === MIGRATIONS ? [] : sourceFiles(p);
    return e.name.endsWith('.ts') && !e.name.endsWith('.spec.ts') ? [p] : [];
  });

const SQL_TABLE = /\b(?:FROM|JOIN|UPDATE|INTO|TABLE)\s+"?([a-z][a-z0-9_]*)"?/g;
const ENTITY_TABLE = /@Entity\(\s*(?:'([a-z0-9_]+)'|\{[^}]*\bname:\s*'([a-z0-9_]+)')/g;
const RELATIVE_IMPORT = /from '(\.{1,2}\/[^']+)'/g;
const CREATE_TABLE = /CREATE TABLE (?:IF NOT EXISTS )?"?([a-z][a-z0-9_]*)/g;

/** Entity file (path below src/, without `.ts`) → the tables it declares. */
const entityTables = (files: string[]): Map<string, string[]> => {
  const map = new Map<string, string[]>();
  for (const file of files) {
    const tables = [...readFileSync(file, 'utf8').matchAll(ENTITY_TABLE)].map((m) => m[1] ?? m[2]);
    if (tables.length) map.set(relative(SRC, file).replace(/\.ts$/, ''), tables);
  }
  return map;
};

describe('table ownership', () => {
  const own = ownership();
  const files = sourceFiles(SRC);
  const entities = entityTables(files);

  const rowOf = (table: string): Ownership | undefined =>
    own.get(table) ??
    [...own.entries()].find(([t]) => t.endsWith('*') && table.startsWith(t.slice(0, -1)))?.[1];

  /** Whether `file` (below src/) may touch `table`: a documented owner's code, or the entity declaring it. */
  const mayTouch = (file: string, table: string): boolean => {
    const row = rowOf(table);
    if (!row) return true; // not a table of ours (a CTE, a function, pg_database)
    if (entities.get(file.replace(/\.ts$/, ''))?.includes(table)) return true;
    return row.code.some((path) => (path.endsWith('/') ? file.startsWith(path) : file === path));
  };

  /** The tables that `text`, the source of `file` (below src/), names in SQL outside their allowed code. */
  const sqlCrossings = (file: string, text: string): string[] =>
    [...text.matchAll(SQL_TABLE)].map((m) => m[1]).filter((table) => !mayTouch(file, table));

  /** The tables whose entities `text`, the source of `file` (below src/), imports outside their allowed code. */
  const entityCrossings = (file: string, text: string): string[] =>
    [...text.matchAll(RELATIVE_IMPORT)]
      .flatMap(
        (m) =>
          entities.get(relative(SRC, resolve(SRC, dirname(file), m[1])).replace(/\.ts$/, '')) ?? [],
      )
      .filter((table) => !mayTouch(file, table));

  /** Per file (path below backend/), the sorted tables `find` reports. */
  const crossings = (find: (file: string, text: string) => string[]): Record<string, string[]> => {
    const out: Record<string, string[]> = {};
    for (const file of files) {
      const found = [...new Set(find(relative(SRC, file), readFileSync(file, 'utf8')))].sort();
      if (found.length) out[relative(BACKEND, file)] = found;
    }
    return out;
  };

  it('reads the owners and the code allowed to touch each table from docs/ARCHITECTURE.md', () => {
    expect(own.get('slip')).toEqual({ owner: 'slip', code: ['modules/slip/'] });
    expect(own.get('purchase')?.owner).toBe('processor');
    expect(own.get('b2c_payout')?.owner).toBe('finance');
    expect(own.get('ledger_entry')?.owner).toBe('ledger');
    expect(own.get('ledger_entry')?.code).toContain('modules/ledger/ledger.repository.ts');
    expect(own.get('tipster_stat')?.owner).toBe('tipster-stats');
    expect(own.get('job_inbox')?.code).toContain('common/queues/job-inbox.repository.ts');
    expect(own.get('admin_audit')?.code).toContain(
      'modules/backoffice/audit/admin-audit.repository.ts',
    );
    expect(own.size).toBeGreaterThan(25);
  });

  it('names only code that exists', () => {
    const paths = [...new Set([...own.values()].flatMap((row) => row.code))];
    expect(paths.filter((path) => !existsSync(join(SRC, path)))).toEqual([]);
  });

  it('documents an owner for every table the migrations create and every entity declares', () => {
    const created = readdirSync(MIGRATIONS)
      .filter((name) => name.endsWith('.ts'))
      .flatMap((name) =>
        [...readFileSync(join(MIGRATIONS, name), 'utf8').matchAll(CREATE_TABLE)].map((m) => m[1]),
      );
    const declared = [...entities.values()].flat();
    expect([...new Set([...created, ...declared])].filter((table) => !rowOf(table)).sort()).toEqual(
      [],
    );
  });

  it("fails a file that names a table outside its owner's allowed code", () => {
    const write =
      'await em.query(`INSERT INTO ledger_entry (kind, amount) VALUES ($1, $2)`, [kind, amount]);';
    expect(sqlCrossings('modules/finance/payout.service.ts', write)).toEqual(['ledger_entry']);
    expect(sqlCrossings('modules/ledger/ledger.service.ts', write)).toEqual(['ledger_entry']);
    expect(sqlCrossings('modules/ledger/ledger.repository.ts', write)).toEqual([]);
    const read = "import { LedgerEntry } from '../ledger/entities/ledger-entry.entity';";
    expect(entityCrossings('modules/finance/finance.service.ts', read)).toEqual(['ledger_entry']);
    expect(
      sqlCrossings(
        'modules/slip/slip.repository.ts',
        'LEFT JOIN tipster_stat st ON st.user_id = s.user_id',
      ),
    ).toEqual(['tipster_stat']);
    expect(
      sqlCrossings(
        'common/queues/job-producer.service.ts',
        'INSERT INTO job_inbox (job_id) VALUES ($1)',
      ),
    ).toEqual(['job_inbox']);
  });

  it('finds no SQL naming a table outside its allowed code beyond the shrinking list', () => {
    expect(crossings(sqlCrossings)).toEqual(KNOWN_SQL_CROSSINGS);
  });

  it("finds no import of an entity outside its table's allowed code beyond the shrinking list", () => {
    expect(crossings(entityCrossings)).toEqual(KNOWN_ENTITY_IMPORTS);
  });

  it('finds the DataSource only in repositories, the database layer and the seed beyond the shrinking list', () => {
    const mayHoldDataSource = (file: string): boolean =>
      file.endsWith('.repository.ts') ||
      ['database/', 'seed/'].some((dir) => relative(SRC, file).startsWith(dir));
    const found = files
      .filter(
        (file) => !mayHoldDataSource(file) && /\bDataSource\b/.test(readFileSync(file, 'utf8')),
      )
      .map((file) => relative(BACKEND, file))
      .sort();
    expect(found).toEqual(KNOWN_DATASOURCE);
  });
});

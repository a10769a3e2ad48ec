import { readdirSync, readFileSync } from 'fs';
import { join, relative } from 'path';
import * as ts from 'typescript';

/**
 * One clock (docs/ARCHITECTURE.md "One clock"): backend/src reads "now" for a rule or a lifetime,
 * caches included, from the injected `CLOCK` only, so tests pin and advance time for everything at
 * once. This fails on
 * - a read of the machine's clock — `Date.now` (called or passed) or `new Date()` / `Date()` without
 *   argument — in backend/src (specs aside) outside WALL_CLOCK_ALLOWED, which lists each file that
 *   may read it, how many times, and why (an entry whose count no longer matches fails too, so the
 *   list stays exact);
 * - any `*_CLOCK` token other than `CLOCK` in backend/src or backend/test (modules bind no clock
 *   of their own; ClockModule binds the one token globally).
 */
const WALL_CLOCK_ALLOWED: Record<string, { reads: number; reason: string }> = {
  'common/clock/clock.ts': {
    reads: 1,
    reason: 'systemClock itself: the one place the application clock reads the machine',
  },
  'common/cache/hot-json-cache.ts': {
    reads: 2,
    reason: 'rate limit of the "cache unavailable" log line, in real time',
  },
  'common/filters/all-exceptions.filter.ts': {
    reads: 2,
    reason: 'rate limit of the "database unavailable" log line, in real time',
  },
  'common/guards/redis-throttler.storage.ts': {
    reads: 2,
    reason: "rate limit of the throttler's warn log; the windows themselves are Redis time (PX)",
  },
  'common/queues/job-producer.service.ts': {
    reads: 3,
    reason:
      'back-off after a failed enqueue: Redis recovers in real time, a pinned clock must not keep it "down"',
  },
  'modules/fixtures/fixtures-import.service.ts': {
    reads: 2,
    reason: 'duration of an import for its report and log',
  },
  'modules/notifications/sms/sms.service.ts': {
    reads: 1,
    reason: 'unique suffix of a resend job id (two resends under a pinned clock must not share it)',
  },
  'modules/account/auth/closed-accounts.ts': {
    reads: 2,
    reason: 'rate limit of the "Redis unavailable" log line, in real time',
  },
  'modules/account/cli/create-admin.ts': {
    reads: 2,
    reason:
      "CLI run outside the application (no CLOCK): the admin's email counts as verified when created",
  },
  'providers/common/http.ts': {
    reads: 1,
    reason: 'an HTTP-date Retry-After is compared with the real time of the remote server',
  },
  'providers/daraja/daraja.client.ts': {
    reads: 1,
    reason:
      "default clock of the M-Pesa client: OAuth tokens and the STK Timestamp live in the provider's real time",
  },
  'sandbox/faults/fault.repository.ts': {
    reads: 2,
    reason: 'the sandbox simulates an outside provider, which lives in real time',
  },
  'sandbox/outbound/sandbox-sweeper.ts': {
    reads: 1,
    reason: "the sandbox's simulated provider delays, in real time",
  },
  'sandbox/daraja/daraja-sandbox.service.ts': {
    reads: 2,
    reason: "the sandbox's simulated OAuth token lifetime, in real time",
  },
  'seed/blog.seed.ts': {
    reads: 1,
    reason: "the seed's wall clock (default publish time of the sample posts)",
  },
  'seed/finance.seed.ts': {
    reads: 2,
    reason: "the seed's wall clock (dates of the sample payments)",
  },
  'seed/fixtures.seed.ts': {
    reads: 1,
    reason: "the seed's wall clock (duration of the fixtures step)",
  },
  'seed/run-seed.ts': { reads: 2, reason: 'duration of each seed step for its log line' },
};

const BACKEND = join(__dirname, '..', '..');
const SRC = join(BACKEND, 'src');

/** Every .ts file under `dir`, specs left out when `specs` is false. */
const tsFiles = (dir: string, specs: boolean): string[] =>
  readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const p = join(dir, e.name);
    if (e.isDirectory()) return tsFiles(p, specs);
    return e.name.endsWith('.ts') && (specs || !e.name.endsWith('.spec.ts')) ? [p] : [];
  });

/** `line: text` of each read of the machine's clock in `text` (the source of `file`). */
const wallClockReads = (file: string, text = readFileSync(file, 'utf8')): string[] => {
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true);
  const found: string[] = [];
  const at = (node: ts.Node) =>
    `${source.getLineAndCharacterOfPosition(node.getStart()).line + 1}: ${node.getText().slice(0, 60)}`;
  const isDate = (e: ts.Expression) => ts.isIdentifier(e) && e.text === 'Date';
  const visit = (node: ts.Node): void => {
    if (ts.isPropertyAccessExpression(node) && isDate(node.expression) && node.name.text === 'now')
      found.push(at(node));
    if (ts.isNewExpression(node) && isDate(node.expression) && (node.arguments?.length ?? 0) === 0)
      found.push(at(node));
    if (ts.isCallExpression(node) && isDate(node.expression)) found.push(at(node));
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
};

describe('one clock', () => {
  const files = tsFiles(SRC, false);

  it("reads the machine's clock in backend/src only where WALL_CLOCK_ALLOWED says so, as often as it says", () => {
    const problems: string[] = [];
    const seen = new Set<string>();
    for (const file of files) {
      const key = relative(SRC, file).split('\\').join('/');
      const reads = wallClockReads(file);
      const allowed = WALL_CLOCK_ALLOWED[key];
      if (allowed) seen.add(key);
      if (reads.length === (allowed?.reads ?? 0)) continue;
      problems.push(
        allowed
          ? `${key}: ${reads.length} wall-clock reads, WALL_CLOCK_ALLOWED says ${allowed.reads} (update the count or use CLOCK)\n    ${reads.join('\n    ')}`
          : `${key}: inject CLOCK (common/clock) instead of\n    ${reads.join('\n    ')}`,
      );
    }
    for (const key of Object.keys(WALL_CLOCK_ALLOWED))
      if (!seen.has(key)) problems.push(`${key}: in WALL_CLOCK_ALLOWED but not found`);
    expect(problems).toEqual([]);
  });

  it('gives every allowed read a reason', () => {
    for (const [key, { reason }] of Object.entries(WALL_CLOCK_ALLOWED))
      expect([key, reason.length > 10]).toEqual([key, true]);
  });

  it('has no clock token but CLOCK in backend/src or backend/test', () => {
    const token = /\b[A-Z][A-Z0-9]*(?:_[A-Z0-9]+)*_CLOCK\b/g;
    const problems: string[] = [];
    for (const file of [...tsFiles(SRC, true), ...tsFiles(join(BACKEND, 'test'), true)]) {
      if (file === __filename) continue;
      readFileSync(file, 'utf8')
        .split('\n')
        .forEach((line, i) => {
          for (const m of line.match(token) ?? [])
            problems.push(`${relative(BACKEND, file)}:${i + 1}: ${m} (inject CLOCK)`);
        });
    }
    expect(problems).toEqual([]);
  });

  it('catches each kind of read, and nothing else', () => {
    const code = [
      'const a = Date.now();',
      'const b = new Date();',
      'const c = new Date;',
      'const d = (now: () => number = Date.now) => now();',
      'const e = Date();',
      'const f = new Date(0);',
      "const g = new Date('2026-11-23T12:00:00+03:00');",
      'const h = Date.parse(g.toISOString());',
      '// Date.now() in a comment',
    ].join('\n');
    expect(wallClockReads('sample.ts', code).map((r) => r.split(':')[0])).toEqual([
      '1',
      '2',
      '3',
      '4',
      '5',
    ]);
  });
});

import { readdirSync, readFileSync } from 'fs';
import { join, relative } from 'path';
import * as ts from 'typescript';

/**
 * Services stay small (docs/CONTRIBUTING.md "Service size"): every service class in
 * backend/src/modules (an `@Injectable()` class outside the `*.repository.ts` files, whose
 * length is their SQL) has at most MAX_LINES lines, from its decorator to its closing brace, and
 * at most MAX_DEPENDENCIES constructor parameters. A service past either is split by job.
 */
const MAX_LINES = 250;
const MAX_DEPENDENCIES = 6;

/**
 * Services not split yet, each at its present number of constructor dependencies (none is over
 * MAX_LINES): it may lose dependencies, never gain one, and leaves this list (the test fails until
 * it does) once it is within both limits. PurchaseService, PayoutService, SlipQueryService and the
 * slip-sale services are not here.
 */
const KNOWN_LARGE: Record<string, { dependencies: number }> = {
  // Password change and reset: users, credentials, hasher, sessions, outbox, login lock, clock.
  'account/account-password.service.ts#AccountPasswordService': { dependencies: 9 },
  // Withdrawal requests and the finance summary: withdrawals, ledger, accounts, purchases, clock.
  'finance/finance.service.ts#FinanceService': { dependencies: 7 },
  // Jackpots: its rows, fixtures, slip queries and rows, accounts, purchases, clock.
  'jackpot/jackpot.service.ts#JackpotService': { dependencies: 8 },
  // Spend caps and self-exclusion (their SMS codes through PhoneCodeService); registers the purchase gate.
  'rg/rg.service.ts#RgService': { dependencies: 7 },
  // Publishing: slips, fixtures' odds, tipster counters, events, accounts, clock.
  'slip/slip-publish.service.ts#SlipPublishService': { dependencies: 7 },
  // Settlement batches: settlement SQL, fixtures and their events, tipster counters, events, clock.
  'slip/slip-settlement.service.ts#SlipSettlementService': { dependencies: 7 },
  // Subscriptions: buy through the processor, fulfilment, ledger, premium slips, profiles, clock.
  'subscription/subscription.service.ts#SubscriptionService': { dependencies: 8 },
};

const BACKEND = join(__dirname, '..', '..');
const MODULES = join(BACKEND, 'src', 'modules');

/** Every source file under `dir` that may hold a service (no specs, no repositories). */
const serviceFiles = (dir: string): string[] =>
  readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const p = join(dir, e.name);
    if (e.isDirectory()) return serviceFiles(p);
    const skipped = e.name.endsWith('.spec.ts') || e.name.endsWith('.repository.ts');
    return e.name.endsWith('.ts') && !skipped ? [p] : [];
  });

/** A service class: where it is, its length in lines and its constructor's parameter count. */
interface ServiceSize {
  key: string;
  lines: number;
  dependencies: number;
}

/** The `@Injectable()` classes of `file`, measured. */
const servicesOf = (file: string): ServiceSize[] => {
  const text = readFileSync(file, 'utf8');
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true);
  const lineOf = (pos: number) => source.getLineAndCharacterOfPosition(pos).line;
  return source.statements.filter(ts.isClassDeclaration).flatMap((c) => {
    const decorators = (ts.getDecorators(c) ?? []).map((d) => d.expression.getText(source));
    const injectable = decorators.some((d) => /^Injectable\b/.test(d));
    if (!injectable) return [];
    const ctor = c.members.find(ts.isConstructorDeclaration);
    return [
      {
        key: `${relative(MODULES, file)}#${c.name?.text ?? '(anonymous)'}`,
        lines: lineOf(c.getEnd()) - lineOf(c.getStart(source)) + 1,
        dependencies: ctor?.parameters.length ?? 0,
      },
    ];
  });
};

describe('service size', () => {
  const services = serviceFiles(MODULES).flatMap(servicesOf);
  const byKey = new Map(services.map((s) => [s.key, s]));

  it('finds the services', () => {
    expect(services.length).toBeGreaterThan(50);
    expect(byKey.get('processor/purchase.service.ts#PurchaseService')).toBeDefined();
  });

  it(`keeps every service within ${MAX_LINES} lines and ${MAX_DEPENDENCIES} dependencies`, () => {
    const over = services
      .filter((s) => s.lines > MAX_LINES || s.dependencies > MAX_DEPENDENCIES)
      .filter((s) => {
        const known = KNOWN_LARGE[s.key];
        return !known || s.lines > MAX_LINES || s.dependencies > known.dependencies;
      })
      .map((s) => `${s.key}: ${s.lines} lines, ${s.dependencies} dependencies`);
    expect(over).toEqual([]);
  });

  it('lists only services that are still over a limit', () => {
    const stale = Object.keys(KNOWN_LARGE).filter((key) => {
      const s = byKey.get(key);
      return !s || (s.lines <= MAX_LINES && s.dependencies <= MAX_DEPENDENCIES);
    });
    expect(stale).toEqual([]);
  });
});

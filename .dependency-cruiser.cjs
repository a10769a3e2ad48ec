/**
 * The backend's layers, checked by dependency-cruiser (`npm run lint:deps`, run by `npm test`):
 * docs/ARCHITECTURE.md "Layers" states them. An import that runs the wrong way fails the run.
 *
 * - Infrastructure (config/, common/, providers/, database/ outside seed/) never imports a feature
 *   module, the sandboxes, the worker or the app module.
 * - Feature modules import only modules of a lower rank (their exported services, constants and
 *   types); modules of the same rank never import each other. Finance's ledger
 *   (modules/finance/ledger) is ranked on its own, at 0: it imports no feature module, and
 *   processor, slip and subscription write their money movements through it. Records owns the
 *   tipster statistics the same way: its pure rules (modules/records/domain) at 0, importing no
 *   feature module, and its counters (modules/records/stats, table tipster_stat) at 1, so that slip
 *   updates them inside its publish and settlement transactions and joins them in its lists.
 *   The transparency log (modules/transparency) is at 0 too: slip appends each commitment to it
 *   inside its publishing transaction.
 * - No feature module imports the sandboxes (they are a development tool that stands in for the
 *   providers; the app module loads them).
 */
const MODULE_RANKS = [
  ['notifications', 'blog', 'fixtures', 'finance/ledger', 'records/domain', 'transparency'],
  ['account', 'processor', 'records/stats'],
  ['slip', 'rg'],
  ['subscription', 'jackpot', 'finance', 'records'],
  ['seo'],
  ['backoffice'],
];

const rankOf = new Map(MODULE_RANKS.flatMap((names, rank) => names.map((n) => [n, rank])));

/**
 * The path (below backend/src/modules/) of each ranked unit. A unit nested in a module (finance's
 * ledger, records' domain and stats) is ranked on its own, and the module's path leaves it out.
 */
const pathOf = (name) => {
  const nested = [...rankOf.keys()].filter((other) => other.startsWith(`${name}/`)).map((other) => other.slice(name.length + 1));
  return nested.length ? `${name}/(?!(${nested.join('|')})/)` : `${name}/`;
};

const moduleRules = [...rankOf.entries()].flatMap(([name, rank]) => {
  const notBelow = [...rankOf.entries()].filter(([other, r]) => other !== name && r >= rank).map(([other]) => other);
  return notBelow.length
    ? [
        {
          name: `module-${name}-imports-only-lower-ranks`,
          comment: `${name} (rank ${rank}) may import only modules of a lower rank (docs/ARCHITECTURE.md "Layers")`,
          severity: 'error',
          from: { path: `^backend/src/modules/${pathOf(name)}` },
          to: { path: `^backend/src/modules/(${notBelow.map(pathOf).join('|')})` },
        },
      ]
    : [];
});

module.exports = {
  forbidden: [
    {
      name: 'infrastructure-imports-no-feature',
      comment: 'config, common, providers and the database layer sit below every feature module (docs/ARCHITECTURE.md "Layers")',
      severity: 'error',
      from: { path: '^backend/src/(config|common|providers|database)/', pathNot: ['^backend/src/database/seed/', '\\.spec\\.ts$'] },
      to: { path: '^backend/src/(modules|sandbox|worker|app\\.module|app\\.setup|main|worker)' },
    },
    {
      name: 'modules-import-no-sandbox',
      comment: 'the sandboxes stand in for the providers; no feature module depends on them (docs/ARCHITECTURE.md "Layers")',
      severity: 'error',
      from: { path: '^backend/src/modules/' },
      to: { path: '^backend/src/sandbox/' },
    },
    {
      name: 'providers-import-no-common-rules',
      comment: 'provider clients speak the providers\' contracts and depend only on config and their own helpers',
      severity: 'error',
      from: { path: '^backend/src/providers/' },
      to: { path: '^backend/src/(modules|sandbox|database)/' },
    },
    {
      name: 'no-unresolvable-import',
      comment: 'an import that resolves to nothing (a moved file) is an error, not a silently skipped edge',
      severity: 'error',
      from: { path: '^backend/src/' },
      to: { couldNotResolve: true },
    },
    ...moduleRules,
    {
      name: 'no-circular-modules',
      comment: 'no import cycle across feature modules',
      severity: 'error',
      from: { path: '^backend/src/modules/([^/]+)/' },
      to: { path: '^backend/src/modules/', pathNot: '^backend/src/modules/$1/', circular: true },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: ['node_modules', '\\.spec\\.ts$', '^backend/dist/'] },
    tsPreCompilationDeps: true,
    reporterOptions: { text: { highlightFocused: true } },
  },
};

/**
 * The backend's layers, checked by dependency-cruiser (`npm run lint:deps`, run by `npm test`):
 * docs/ARCHITECTURE.md "Layers" states them. An import that runs the wrong way fails the run.
 *
 * - Infrastructure (config/, common/, providers/, database/) never imports a feature module, the
 *   seed, the worker's jobs module, the sandboxes, the entries or the app module.
 * - Feature modules import only modules of a lower rank (their exported services, constants and
 *   types); modules of the same rank never import each other. The ledger and the tipster
 *   statistics are modules of their own at rank 0: they import no feature module, so processor,
 *   slip, subscription and finance write their money movements through the ledger, and slip
 *   updates the tipster counters inside its publish and settlement transactions. The
 *   transparency log is at rank 0 too: slip appends each commitment to it inside its publishing
 *   transaction.
 * - config/ imports no other part of the backend.
 * - No feature module imports the sandboxes (they are a development tool that stands in for the
 *   providers; the app module loads them) or the seed (a composition root like the app module).
 */
const MODULE_RANKS = [
  ['notifications', 'blog', 'fixtures', 'ledger', 'tipster-stats', 'transparency'],
  ['account', 'processor'],
  ['slip', 'rg'],
  ['subscription', 'jackpot', 'finance', 'records', 'buyer'],
  ['seo', 'ussd', 'privacy'],
  ['backoffice'],
];

const rankOf = new Map(MODULE_RANKS.flatMap((names, rank) => names.map((n) => [n, rank])));

const moduleRules = [...rankOf.entries()].flatMap(([name, rank]) => {
  const notBelow = [...rankOf.entries()]
    .filter(([other, r]) => other !== name && r >= rank)
    .map(([other]) => other);
  return notBelow.length
    ? [
        {
          name: `module-${name}-imports-only-lower-ranks`,
          comment: `${name} (rank ${rank}) may import only modules of a lower rank (docs/ARCHITECTURE.md "Layers")`,
          severity: 'error',
          from: { path: `^backend/src/modules/${name}/` },
          to: { path: `^backend/src/modules/(${notBelow.join('|')})/` },
        },
      ]
    : [];
});

module.exports = {
  forbidden: [
    {
      name: 'infrastructure-imports-no-feature',
      comment:
        'config, common, providers and the database layer sit below every feature module (docs/ARCHITECTURE.md "Layers")',
      severity: 'error',
      from: { path: '^backend/src/(config|common|providers|database)/', pathNot: '\\.spec\\.ts$' },
      to: { path: '^backend/src/(modules|seed|jobs|sandbox|app\\.module|app\\.setup|main|worker)' },
    },
    {
      name: 'config-imports-only-config',
      comment:
        'the validated environment is the ground floor: every layer reads it, it reads no other layer (docs/ARCHITECTURE.md "Layers")',
      severity: 'error',
      from: { path: '^backend/src/config/', pathNot: '\\.spec\\.ts$' },
      to: { path: '^backend/src/', pathNot: '^backend/src/config/' },
    },
    {
      name: 'modules-import-no-sandbox',
      comment:
        'the sandboxes stand in for the providers; no feature module depends on them (docs/ARCHITECTURE.md "Layers")',
      severity: 'error',
      from: { path: '^backend/src/modules/' },
      to: { path: '^backend/src/sandbox/' },
    },
    {
      name: 'modules-import-no-seed',
      comment:
        'the seed is a composition root over the modules; no feature module depends on it (docs/ARCHITECTURE.md "Layers")',
      severity: 'error',
      from: { path: '^backend/src/(modules|sandbox|jobs)/' },
      to: { path: '^backend/src/seed/' },
    },
    {
      name: 'providers-import-no-common-rules',
      comment:
        "provider clients speak the providers' contracts and depend only on config and their own helpers",
      severity: 'error',
      from: { path: '^backend/src/providers/' },
      to: { path: '^backend/src/(modules|sandbox|database)/' },
    },
    {
      name: 'no-unresolvable-import',
      comment:
        'an import that resolves to nothing (a moved file) is an error, not a silently skipped edge',
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

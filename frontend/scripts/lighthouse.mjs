/**
 * `npm run lighthouse -w frontend [-- [--serve] [--runs N] [baseUrl]]` (docs/PRODUCT-RULES.md "Public web app"): Lighthouse's
 * default mobile run (Moto G Power emulation, simulated slow 4G and 4x CPU throttling) for
 * performance, accessibility, best practices and SEO on / and /active_tips, in Debian's chromium
 * (/usr/bin/chromium or CHROME_PATH; never a downloaded browser).
 *
 *   baseUrl   a running app (default LIGHTHOUSE_BASE_URL, else http://localhost:3000)
 *   --serve   start a fresh seeded app for the run instead (frontend/scripts/seeded-app.mjs)
 *   --runs N  runs per page (default 3); the run with the median performance score is reported
 *
 * Prints one line per page with the four scores (0-100), every run's performance score and the
 * audits that cost points, and the machine's load average (simulated throttling multiplies the CPU
 * time it observes, so a busy machine lowers the performance score); writes
 * each reported run's full JSON to .data/lighthouse/. Exits 1 when performance or accessibility
 * is under 90 on any page (docs/PERFORMANCE.md, mobile pages).
 */
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { cpus, loadavg, setPriority } from 'node:os';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { ROOT } from '../../scripts/lib.mjs';
import { startSeededApp } from './seeded-app.mjs';

const PAGES = ['/', '/active_tips'];
const CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo'];
const BAR = { performance: 90, accessibility: 90 };

const args = process.argv.slice(2);
const serve = args.includes('--serve');
const runsAt = args.indexOf('--runs');
const runs = runsAt >= 0 ? Number(args[runsAt + 1]) : 3;
const positional = args.filter((a, i) => !a.startsWith('--') && args[i - 1] !== '--runs');
const OUT = join(ROOT, '.data', 'lighthouse');

/** The audits of a category that scored under 0.9, worst first, as 'id (score)'. */
const weakAudits = (lhr, category) =>
  lhr.categories[category].auditRefs
    .filter((ref) => ref.weight > 0)
    .map((ref) => lhr.audits[ref.id])
    .filter((a) => a.score !== null && a.score < 0.9)
    .sort((a, b) => a.score - b.score)
    .map(
      (a) => `${a.id} (${Math.round(a.score * 100)}${a.displayValue ? `, ${a.displayValue}` : ''})`,
    );

const score = (lhr, category) => Math.round((lhr.categories[category].score ?? 0) * 100);

const main = async () => {
  // Raise this process's priority (and so chromium's and the --serve app's, which inherit it) when
  // allowed: other work on a shared machine otherwise inflates the CPU time Lighthouse scales.
  try {
    setPriority(-10);
  } catch {
    // Not permitted (not root): measure at normal priority.
  }
  const app = serve ? await startSeededApp() : null;
  const base = (
    app?.base ??
    positional[0] ??
    process.env.LIGHTHOUSE_BASE_URL ??
    'http://localhost:3000'
  ).replace(/\/+$/, '');
  const chrome = await chromeLauncher.launch({
    chromePath: process.env.CHROME_PATH ?? '/usr/bin/chromium',
    chromeFlags: ['--headless=new', '--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage'],
  });
  mkdirSync(OUT, { recursive: true });
  let failed = false;
  try {
    for (const path of PAGES) {
      const lhrs = [];
      for (let i = 0; i < runs; i++) {
        const result = await lighthouse(`${base}${path}`, {
          port: chrome.port,
          output: 'json',
          logLevel: 'error',
          onlyCategories: CATEGORIES,
        });
        if (!result) throw new Error(`Lighthouse returned nothing for ${path}`);
        if (result.lhr.runtimeError) throw new Error(`${path}: ${result.lhr.runtimeError.message}`);
        // A build replaced under the running server leaves index.html pointing at deleted assets:
        // the page then measures an empty shell. Refuse such a run.
        const broken = (result.lhr.audits['network-requests'].details?.items ?? []).filter(
          (r) =>
            r.resourceType === 'Script' &&
            (r.statusCode !== 200 || !/javascript/.test(r.mimeType ?? '')),
        );
        if (broken.length)
          throw new Error(
            `${path}: scripts did not load (${broken.map((r) => r.url).join(', ')}); restart the app on the current build`,
          );
        lhrs.push(result.lhr);
      }
      lhrs.sort((a, b) => score(a, 'performance') - score(b, 'performance'));
      const lhr = lhrs[Math.floor(lhrs.length / 2)];
      const name = path === '/' ? 'home' : path.replace(/^\/+/, '').replace(/\W+/g, '-');
      writeFileSync(join(OUT, `${name}.json`), JSON.stringify(lhr));
      const scores = CATEGORIES.map((c) => `${c} ${score(lhr, c)}`).join(', ');
      const perfRuns = lhrs.map((l) => score(l, 'performance')).join('/');
      const m = (id) => lhr.audits[id]?.displayValue ?? '-';
      console.log(
        `${path}: ${scores} (performance over ${runs} runs: ${perfRuns}; FCP ${m('first-contentful-paint')}, LCP ${m('largest-contentful-paint')}, TBT ${m('total-blocking-time')}, CLS ${m('cumulative-layout-shift')})`,
      );
      for (const c of CATEGORIES) {
        const weak = weakAudits(lhr, c);
        if (weak.length) console.log(`  ${c} loses on: ${weak.join('; ')}`);
      }
      for (const [c, min] of Object.entries(BAR)) if (score(lhr, c) < min) failed = true;
    }
    // Simulated throttling scales the CPU time it observes: other work on the machine inflates TBT.
    const load = loadavg()
      .map((l) => l.toFixed(1))
      .join(' ');
    console.log(
      `Lighthouse ${lhrsVersion()} on ${base}, ${new Date().toISOString()}; load average ${load} on ${cpus().length} CPUs; reports in ${OUT}`,
    );
  } finally {
    await chrome.kill();
    await app?.stop();
  }
  process.exitCode = failed ? 1 : 0;
};

const lhrsVersion = () => {
  try {
    return JSON.parse(
      readFileSync(join(ROOT, 'node_modules', 'lighthouse', 'package.json'), 'utf8'),
    ).version;
  } catch {
    return '';
  }
};

main().catch((err) => {
  console.error(err instanceof Error ? err.message : err);
  process.exit(1);
});

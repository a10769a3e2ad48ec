/**
 * `node frontend/scripts/slow-network.mjs [--serve] [--runs N] [baseUrl]`: what a phone on a slow
 * network sees first on / and /active_tips. Chromium (Debian's /usr/bin/chromium or CHROME_PATH)
 * with a Pixel 5 viewport, network throttled through the DevTools protocol
 * (Network.emulateNetworkConditions: 400 kbit/s down, 400 kbit/s up, 400 ms latency) and the CPU
 * slowed 4x (Emulation.setCPUThrottlingRate), a cold cache on every run.
 *
 * For each page, the median over N runs (default 5) of the time from navigation start
 * (performance.timeOrigin), after one unthrottled request for the page warmed the server, to:
 *   - first content: a slip card (role article) or the loading skeleton ([data-boot-skeleton]) laid out
 *   - first slip card: a slip card (role article) laid out (on / they are below the fold on a phone)
 *   - first contentful paint (the browser's own paint timing)
 *   - React: the app's first commit (index.html's static shell replaced)
 * Each time is taken in the page on the browser's clock by a MutationObserver installed before the
 * document parses: the first contentful paint when the element was there before it, else the
 * second animation frame after it appeared (the frame holding it has been painted).
 * Also printed: when the HTML's first and last bytes arrived (navigation timing).
 *
 *   baseUrl   a running app (default http://localhost:3000)
 *   --serve   start a fresh migrated and seeded app (frontend/scripts/seeded-app.mjs)
 *   --shots   also write a screenshot at 2 s of each page's first run to .data/slow-network/
 */
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { loadavg } from 'node:os';
import { chromium, devices } from '@playwright/test';
import { ROOT } from '../../scripts/lib.mjs';
import { startSeededApp } from './seeded-app.mjs';

const PAGES = ['/', '/active_tips'];
/** The slow profile: 400 kbit/s each way (bytes per second for the protocol), 400 ms latency, CPU 4x slower. */
export const SLOW_NETWORK = {
  offline: false,
  latency: 400,
  downloadThroughput: 50_000,
  uploadThroughput: 50_000,
};
export const CPU_SLOWDOWN = 4;

const args = process.argv.slice(2);
const serve = args.includes('--serve');
const shots = args.includes('--shots');
const runsAt = args.indexOf('--runs');
const runs = runsAt >= 0 ? Number(args[runsAt + 1]) : 5;
const positional = args.filter((a, i) => !a.startsWith('--') && args[i - 1] !== '--runs');

/**
 * Installed before any of the page's scripts: records when each watched element was first laid
 * out, and the second animation frame after (the frame holding it has been painted). The same
 * rule as frontend/e2e/support/slow-phone.ts.
 */
const WATCH = () => {
  const seen = {};
  let fcp;
  window.__firstSeen = { seen, fcp: () => fcp };
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries())
      if (entry.name === 'first-contentful-paint') fcp = entry.startTime;
  }).observe({ type: 'paint', buffered: true });
  const rules = {
    content: 'article, [role=article], [data-boot-skeleton]',
    card: 'article, [role=article]',
    react: '#root > :not(.boot-bar):not([data-boot])',
  };
  const check = () => {
    for (const [name, selector] of Object.entries(rules)) {
      if (seen[name]) continue;
      const el = [...document.querySelectorAll(selector)].find((node) => {
        const box = node.getBoundingClientRect();
        return box.width > 0 && box.height > 0;
      });
      if (!el) continue;
      const mark = { inserted: performance.now() };
      seen[name] = mark;
      requestAnimationFrame(() => requestAnimationFrame(() => (mark.painted = performance.now())));
    }
  };
  new MutationObserver(check).observe(document, {
    childList: true,
    subtree: true,
    attributes: true,
  });
};

/** In the page: ms from navigation start to each watched element on screen (at FCP when it was there before it), once all are known. */
const READ = () => {
  const w = window.__firstSeen;
  if (!w) return null;
  const fcp = w.fcp();
  const out = { fcp };
  for (const name of ['content', 'card', 'react']) {
    const mark = w.seen[name];
    if (!mark) return null;
    if (fcp !== undefined && mark.inserted <= fcp) out[name] = fcp;
    else if (mark.painted !== undefined) out[name] = mark.painted;
    else return null;
  }
  const nav = performance.getEntriesByType('navigation')[0];
  return { ...out, htmlStart: nav?.responseStart, htmlEnd: nav?.responseEnd };
};

const median = (xs) => {
  const s = xs.filter((x) => typeof x === 'number').sort((a, b) => a - b);
  return s.length ? s[Math.floor((s.length - 1) / 2)] : null;
};
const fmt = (ms) => (ms === null || ms === undefined ? '—' : `${(ms / 1000).toFixed(2)} s`);

const measure = async (browser, base, path, shotFile) => {
  const context = await browser.newContext({ ...devices['Pixel 5'] });
  const page = await context.newPage();
  // The server's caches warm (as in the e2e test): the figures are about the network and the phone.
  await context.request.get(`${base}${path}`);
  await page.addInitScript(WATCH);
  const cdp = await context.newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
  await cdp.send('Network.emulateNetworkConditions', SLOW_NETWORK);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: CPU_SLOWDOWN });
  await page.goto(`${base}${path}`, { waitUntil: 'commit' });
  if (shotFile) {
    await page.waitForFunction(() => performance.now() >= 2000, null, { polling: 50 });
    await page.screenshot({ path: shotFile });
  }
  const result = await (
    await page.waitForFunction(READ, null, { timeout: 90_000, polling: 100 })
  ).jsonValue();
  await context.close();
  return result;
};

const main = async () => {
  const app = serve ? await startSeededApp() : null;
  const base = (app?.base ?? positional[0] ?? 'http://localhost:3000').replace(/\/+$/, '');
  const browser = await chromium.launch({
    executablePath: process.env.CHROME_PATH ?? '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-gpu'],
  });
  const outDir = join(ROOT, '.data', 'slow-network');
  if (shots) mkdirSync(outDir, { recursive: true });
  try {
    console.log(
      `${base}, ${runs} runs per page, load average ${loadavg()
        .map((l) => l.toFixed(1))
        .join(' ')}`,
    );
    for (const path of PAGES) {
      const results = [];
      for (let i = 0; i < runs; i += 1) {
        const shot =
          shots && i === 0
            ? join(outDir, `${path === '/' ? 'home' : path.slice(1)}-2s.png`)
            : undefined;
        results.push(await measure(browser, base, path, shot));
      }
      const col = (k) => results.map((r) => r[k]);
      console.log(
        `${path}: first content ${fmt(median(col('content')))} (${col('content').map(fmt).join(', ')}); ` +
          `first slip card ${fmt(median(col('card')))} (${col('card').map(fmt).join(', ')}); ` +
          `FCP ${fmt(median(col('fcp')))}; React ${fmt(median(col('react')))}; ` +
          `HTML first byte ${fmt(median(col('htmlStart')))}, last byte ${fmt(median(col('htmlEnd')))}`,
      );
    }
  } finally {
    await browser.close();
    await app?.stop();
  }
};

main().catch((err) => {
  console.error(err);
  process.exitCode = 1;
});

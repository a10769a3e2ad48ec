import type { Page } from '@playwright/test';

/**
 * A phone on a slow mobile network (docs/PERFORMANCE.md, "Slow networks"), through the DevTools
 * protocol: 400 kbit/s down and up (the protocol takes bytes per second), 400 ms latency, the CPU
 * slowed 4x, the HTTP cache off.
 */
export const SLOW_NETWORK = {
  offline: false,
  latency: 400,
  downloadThroughput: 50_000,
  uploadThroughput: 50_000,
};
export const CPU_SLOWDOWN = 4;

/** Applies the slow profile to `page` (before it navigates); `lift()` removes it. */
export const throttle = async (page: Page) => {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
  await cdp.send('Network.emulateNetworkConditions', SLOW_NETWORK);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: CPU_SLOWDOWN });
  return {
    lift: async () => {
      await cdp.send('Network.emulateNetworkConditions', {
        offline: false,
        latency: 0,
        downloadThroughput: -1,
        uploadThroughput: -1,
      });
      await cdp.send('Emulation.setCPUThrottlingRate', { rate: 1 });
    },
  };
};

/**
 * Records, in the page, when an element matching each of `selectors` was first on screen, in ms
 * from navigation start (performance.now(), the browser's own clock: no test-runner timing).
 * Installed before the document parses (addInitScript). An element counts once laid out (a box
 * of non-zero size); it is on screen at the first contentful paint when it was there before it,
 * else at the second animation frame after it appeared (the frame holding it has been painted).
 * Read the result with `firstSeen(page)`.
 */
export const watchFirstSeen = (page: Page, selectors: Record<string, string>) =>
  page.addInitScript((rules: Record<string, string>) => {
    const seen: Record<string, { inserted: number; painted?: number }> = {};
    let fcp: number | undefined;
    (window as unknown as { __firstSeen: unknown }).__firstSeen = { seen, fcp: () => fcp };
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries())
        if (entry.name === 'first-contentful-paint') fcp = entry.startTime;
    }).observe({ type: 'paint', buffered: true });
    const check = () => {
      for (const [name, selector] of Object.entries(rules)) {
        if (seen[name]) continue;
        const el = [...document.querySelectorAll(selector)].find((node) => {
          const box = node.getBoundingClientRect();
          return box.width > 0 && box.height > 0;
        });
        if (!el) continue;
        const mark = { inserted: performance.now() } as { inserted: number; painted?: number };
        seen[name] = mark;
        requestAnimationFrame(() =>
          requestAnimationFrame(() => (mark.painted = performance.now())),
        );
      }
    };
    new MutationObserver(check).observe(document, {
      childList: true,
      subtree: true,
      attributes: true,
    });
  }, selectors);

/** When each watched element was first on screen (ms from navigation start), once known for all `names`. */
export const firstSeen = async (
  page: Page,
  names: string[],
  timeout = 60_000,
): Promise<Record<string, number>> => {
  const handle = await page.waitForFunction(
    (wanted) => {
      const w = (
        window as unknown as {
          __firstSeen?: {
            seen: Record<string, { inserted: number; painted?: number }>;
            fcp: () => number | undefined;
          };
        }
      ).__firstSeen;
      if (!w) return null;
      const fcp = w.fcp();
      const out: Record<string, number> = {};
      for (const name of wanted) {
        const mark = w.seen[name];
        if (!mark) return null;
        if (fcp !== undefined && mark.inserted <= fcp) out[name] = fcp;
        else if (mark.painted !== undefined) out[name] = mark.painted;
        else return null;
      }
      return out;
    },
    names,
    { timeout, polling: 100 },
  );
  return (await handle.jsonValue()) as Record<string, number>;
};

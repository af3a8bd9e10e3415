// Largest Contentful Paint of a page as Chromium's performance timeline reports it; shared by the
// browser test (test/e2e/lcp.test.ts) and the bench (bench/scenarios/lcp.ts).
import type { Page } from 'playwright-core';

/** Time after the load event given to late paints before the last LCP entry counts as final. */
const SETTLE_MS = 250;

/**
 * Loads url in page and returns its Largest Contentful Paint in milliseconds since navigation start:
 * the last `largest-contentful-paint` entry (PerformanceObserver, buffered) once the page has loaded
 * and settled. Rejects when the browser reports no entry at all.
 */
export async function measureLcp(page: Page, url: string): Promise<number> {
  await page.goto(url, { waitUntil: 'load' });
  // A string, not a function: tsx's esbuild output would wrap inner functions in a __name helper
  // that the page lacks.
  const lcp = (await page.evaluate(`new Promise((resolve) => {
    let last = null;
    const observer = new PerformanceObserver((list) => {
      for (const entry of list.getEntries()) last = entry.startTime;
    });
    observer.observe({ type: 'largest-contentful-paint', buffered: true });
    setTimeout(() => {
      observer.disconnect();
      resolve(last);
    }, ${SETTLE_MS});
  })`)) as number | null;
  if (typeof lcp !== 'number') throw new Error(`no largest-contentful-paint entry for ${url}`);
  return Math.round(lcp * 10) / 10;
}

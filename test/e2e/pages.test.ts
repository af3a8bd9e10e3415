// Every page of the starter theme at 390 px and 1280 px, light and dark: axe-core reports no
// violation, every form label sits above or beside its own control, nothing is wider than the
// window, and a screenshot of each is
// written to test-results/e2e/pages/ (kept by .ci/run when a later step fails).
import { expect } from 'chai';
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { SCREENSHOT_DIR, useE2E, VIEWPORTS } from './helpers.js';
import { axeViolations, labelLayoutProblems } from './layout-checks.js';
import { pageInState, starterPages, type PageGroup } from './pages.js';

const PAGE_SHOTS = join(SCREENSHOT_DIR, 'pages');
const SCHEMES = ['light', 'dark'] as const;

describe('e2e: every starter page, at both widths, light and dark', function () {
  this.timeout(240000);
  const env = useE2E();
  let groups: PageGroup[] = [];

  before(async () => {
    groups = await starterPages(env);
    mkdirSync(PAGE_SHOTS, { recursive: true });
  });

  for (const state of ['guest', 'cart', 'unavailable', 'customer'] as const) {
    it(`${state}: axe finds no violation, labels sit by their own controls; screenshots written`, async () => {
      const group = groups.find((g) => g.state === state)!;
      const page = await pageInState(env, state);
      const failures: string[] = [];
      for (const { name, path } of group.pages) {
        for (const [width, viewport] of Object.entries(VIEWPORTS)) {
          await page.setViewportSize(viewport);
          for (const colorScheme of SCHEMES) {
            await page.emulateMedia({ colorScheme });
            await page.goto(`${env.url}${path}`);
            const where = `${name} (${path}) at ${viewport.width} px, ${colorScheme}`;
            for (const v of await axeViolations(page))
              failures.push(`${where}: axe ${v.rule} (${v.impact}): ${v.help} — ${v.targets.join(', ')}`);
            if (colorScheme === 'light') {
              for (const problem of await labelLayoutProblems(page)) failures.push(`${where}: ${problem}`);
              const overflow = await page.evaluate(() => document.documentElement.scrollWidth - innerWidth);
              if (overflow > 0) failures.push(`${where}: the page is ${overflow} px wider than the window`);
            }
            await page.screenshot({
              path: join(PAGE_SHOTS, `${state}-${name}-${width}-${viewport.width}-${colorScheme}.png`),
              fullPage: true,
            });
          }
        }
      }
      expect(failures, failures.join('\n')).to.deep.equal([]);
    });
  }
});

// In-page checks shared by the starter theme's browser tests: axe-core's accessibility rules, the
// label/input layout of forms, and baselines of inline text.
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { Page } from 'playwright-core';

const AXE_SOURCE = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

/**
 * tsx compiles with esbuild's keepNames, which wraps the inner functions of a page.evaluate callback
 * in `__name(...)`, a helper the page lacks: give the page a no-op one first.
 */
async function allowNamedFunctions(page: Page): Promise<void> {
  await page.evaluate('globalThis.__name ??= (fn) => fn');
}

/** One axe violation, short enough to read in a test failure. */
export interface AxeFinding {
  rule: string;
  impact: string | null;
  help: string;
  targets: string[];
}

/**
 * Runs axe-core on the page with all of its default rules (none disabled) and returns the violations.
 * The script is evaluated through the DevTools protocol, so the page's Content Security Policy,
 * which forbids inline scripts, does not block it.
 */
export async function axeViolations(page: Page): Promise<AxeFinding[]> {
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(AXE_SOURCE);
  return page.evaluate(async () => {
    const axe = (window as unknown as { axe: { run(context: Document): Promise<AxeResults> } }).axe;
    interface AxeResults {
      violations: Array<{
        id: string;
        impact: string | null;
        help: string;
        nodes: Array<{ target: string[] }>;
      }>;
    }
    const results = await axe.run(document);
    return results.violations.map((v) => ({
      rule: v.id,
      impact: v.impact,
      help: v.help,
      targets: v.nodes.map((n) => n.target.join(' ')),
    }));
  });
}

/**
 * Labels that do not sit right above or right beside their own control, or that sit nearer to
 * another control than to their own (the "label beside the previous field's input" bug). Labels
 * wrapping their control (radio options) and visually hidden labels are left out.
 */
export async function labelLayoutProblems(page: Page): Promise<string[]> {
  await allowNamedFunctions(page);
  return page.evaluate(() => {
    const shown = (el: Element) => {
      const r = el.getBoundingClientRect();
      return r.width > 1 && r.height > 1 && getComputedStyle(el).visibility !== 'hidden';
    };
    const gap = (a: DOMRect, b: DOMRect) =>
      Math.hypot(
        Math.max(0, b.left - a.right, a.left - b.right),
        Math.max(0, b.top - a.bottom, a.top - b.bottom),
      );
    const controls = Array.from(
      document.querySelectorAll('input:not([type="hidden"]), select, textarea'),
    ).filter(shown);
    const problems: string[] = [];
    for (const label of Array.from(document.querySelectorAll('label'))) {
      const control = label.control;
      if (!control || label.contains(control) || !shown(label) || !shown(control)) continue;
      const l = label.getBoundingClientRect();
      const c = control.getBoundingClientRect();
      const name = `label "${(label.textContent ?? '').trim().replace(/\s+/g, ' ')}" of #${control.id}`;
      const above =
        l.bottom <= c.top + 1 && c.top - l.bottom <= 16 && l.left >= c.left - 4 && l.left < c.right;
      const beside = l.right <= c.left + 1 && c.left - l.right <= 32 && l.top < c.bottom && l.bottom > c.top;
      if (!above && !beside)
        problems.push(
          `${name} is neither above nor beside it (label ${Math.round(l.left)},${Math.round(l.top)}; control ${Math.round(c.left)},${Math.round(c.top)})`,
        );
      const own = gap(l, c);
      for (const other of controls) {
        if (other === control || label.contains(other)) continue;
        if (gap(l, other.getBoundingClientRect()) < own)
          problems.push(
            `${name} sits nearer to #${other.id || other.getAttribute('name')} than to its own control`,
          );
      }
    }
    return problems;
  });
}

/**
 * The page y of the text baseline of each element matched by the selectors, inside one container
 * (first match): a zero-size inline-block appended to an element sits on its baseline.
 */
export async function baselines(page: Page, container: string, selectors: string[]): Promise<number[]> {
  await allowNamedFunctions(page);
  return page
    .locator(container)
    .first()
    .evaluate((root, sels) => {
      return sels.map((sel) => {
        const el = root.querySelector(sel);
        if (!el) throw new Error(`no ${sel} in the container`);
        const marker = document.createElement('span');
        marker.style.cssText = 'display:inline-block;width:0;height:0;vertical-align:baseline';
        el.append(marker);
        const y = marker.getBoundingClientRect().bottom;
        marker.remove();
        return y;
      });
    }, selectors);
}

// Which theme page answers which path: the server routes by it (runtime/http/pages.ts) and check-theme
// checks links and pages against it. The contract's page routes first (page-routes.ts), then every other
// pages/**/*.hbs at its own path, pages/x/index.hbs at /x (DESIGN.md, "Routes"; the custom-page
// routing of issue 19). Files or folders starting with `_`, folders named `partials`, and names
// outside lowercase letters, digits and `-` are never routed.
import { PAGE_ROUTES, REQUIRED_PAGES } from './page-routes.js';

/** Paths the server answers that are no theme page (the health checks, the sitemap and robots.txt). */
export const SERVER_PATHS = ['/healthz', '/readyz', '/sitemap.xml', '/robots.txt'];

/** Path prefixes that are no page: POST endpoints, assets, the dev server's own routes. */
export const NON_PAGE_PREFIXES = ['/_post/', '/assets/', '/__storefront/'];

const SEGMENT = /^[a-z0-9][a-z0-9-]*$/;

/** How a page file is reached. */
export type PageRouting =
  /** A page of the contract (its route's page, or 404). */
  | { kind: 'contract' }
  /** A custom page, served at path. */
  | { kind: 'custom'; path: string }
  /** Never routed: a `_` file or folder, a `partials` folder, or a name with other characters. */
  | { kind: 'never'; reason: 'underscore' | 'partials' | 'name' }
  /** Its path belongs to a contract route (route), which renders another page. */
  | { kind: 'shadowed'; path: string; route: string; page: string }
  /** Another page is served at the same path (about.hbs and about/index.hbs). */
  | { kind: 'duplicate'; path: string; other: string };

/** The page name of a file ('pages/help/faq.hbs' -> 'help/faq'), or null outside pages/. */
export function pageName(file: string): string | null {
  const m = /^pages\/(.+)\.hbs$/.exec(file);
  return m ? m[1] : null;
}

/** The path a custom page would be served at ('about' -> '/about', 'help/index' -> '/help', 'index' -> '/'). */
export function customPath(name: string): string {
  const path = name === 'index' ? '' : name.endsWith('/index') ? name.slice(0, -'/index'.length) : name;
  return `/${path}`;
}

/** How the page called name is reached, given every page name of the theme. */
export function pageRouting(name: string, allNames: readonly string[]): PageRouting {
  if (REQUIRED_PAGES.includes(name)) return { kind: 'contract' };
  const segments = name.split('/');
  if (segments.some((s) => s.startsWith('_'))) return { kind: 'never', reason: 'underscore' };
  if (segments.slice(0, -1).includes('partials')) return { kind: 'never', reason: 'partials' };
  if (!segments.every((s) => SEGMENT.test(s))) return { kind: 'never', reason: 'name' };
  const path = customPath(name);
  const route = PAGE_ROUTES.find((r) => r.pattern.test(path));
  if (route) return { kind: 'shadowed', path, route: route.path, page: route.page };
  // pages/x.hbs and pages/x/index.hbs: the index one is the one reported.
  if (name.endsWith('/index')) {
    const other = name.slice(0, -'/index'.length);
    if (allNames.includes(other)) return { kind: 'duplicate', path, other };
  }
  return { kind: 'custom', path };
}

/** The paths the theme's custom pages are served at. */
export function customPaths(pageNames: readonly string[]): Set<string> {
  const paths = new Set<string>();
  for (const name of pageNames) {
    const routing = pageRouting(name, pageNames);
    if (routing.kind === 'custom') paths.add(routing.path);
  }
  return paths;
}

/**
 * True when a local path (no query or fragment) is answered by a contract route, a custom page
 * (custom: customPaths of the theme's pages) or the server itself.
 */
export function isServedPath(path: string, custom: ReadonlySet<string>): boolean {
  if (PAGE_ROUTES.some((r) => r.pattern.test(path))) return true;
  const trimmed = path.length > 1 ? path.replace(/\/+$/, '') : path;
  return SERVER_PATHS.includes(trimmed) || custom.has(trimmed);
}

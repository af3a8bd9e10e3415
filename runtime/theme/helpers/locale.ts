// The locale of the site being rendered, as helpers read it: `site.locale` of the page's root
// context (every render has it; partials and blocks keep the same root).
import type { HelperOptions } from './types.js';

/** The locale helpers format for when a render has none (a template rendered outside a page). */
export const FALLBACK_LOCALE = 'en';

/** The rendering site's locale, from the root context's `site.locale`. */
export function renderLocale(options: HelperOptions | undefined): string {
  const root = (options?.data as { root?: { site?: { locale?: unknown } } } | undefined)?.root;
  const locale = root?.site?.locale;
  return typeof locale === 'string' && locale ? locale : FALLBACK_LOCALE;
}

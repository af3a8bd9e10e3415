// Usage: {{date order.placed_at}}  → "22 Nov 2026" for en-GB, "Nov 22, 2026" for en, "22 nov. 2026" for fr
// (UTC, the rendering site's locale; empty for no value)
import { renderLocale } from './locale.js';
import { optionsOf, type HelperDefinition } from './types.js';

// One formatter per locale: building an Intl.DateTimeFormat costs far more than formatting with it.
const formats = new Map<string, Intl.DateTimeFormat>();

/** The day-month-year formatter of a locale (UTC), built once. */
export function dateFormat(locale: string): Intl.DateTimeFormat {
  let format = formats.get(locale);
  if (!format) {
    format = new Intl.DateTimeFormat(locale, {
      day: 'numeric',
      month: 'short',
      year: 'numeric',
      timeZone: 'UTC',
    });
    formats.set(locale, format);
  }
  return format;
}

export const dateHelper: HelperDefinition = {
  name: 'date',
  usage: '{{date order.placed_at}}',
  signature: { params: [{ name: 'value', type: 'date-time' }], returns: 'string' },
  create() {
    return function (...args: unknown[]) {
      const value = args.length > 1 ? args[0] : null;
      if (value === null || value === undefined || value === '') return '';
      const d = new Date(value as string);
      return Number.isNaN(d.getTime()) ? '' : dateFormat(renderLocale(optionsOf(args))).format(d);
    };
  },
};

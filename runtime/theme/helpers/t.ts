// Usage: {{t "cart.title"}}, {{t "greeting" name=auth.user.display_name}}, {{t "cart.items" count=cart.item_count}}
// The text comes from the theme's locales/<lang>.json for the rendering site's locale (fallback: its
// language, then the default locale). The text is the theme's own and trusted; the values put into
// its {placeholders} are escaped. A `count` picks the plural form with Intl.PluralRules.
import Handlebars from 'handlebars';
import { TemplateError } from '../errors.js';
import type { Message } from '../locales.js';
import { renderLocale } from './locale.js';
import { optionsOf, type HelperDefinition } from './types.js';

// Intl objects are expensive to build and a page may call {{t}} hundreds of times: one per locale.
const pluralRules = new Map<string, Intl.PluralRules>();
const numberFormats = new Map<string, Intl.NumberFormat>();

function pluralRulesOf(locale: string): Intl.PluralRules {
  let rules = pluralRules.get(locale);
  if (!rules) pluralRules.set(locale, (rules = new Intl.PluralRules(locale)));
  return rules;
}

function numberFormatOf(locale: string): Intl.NumberFormat {
  let format = numberFormats.get(locale);
  if (!format) numberFormats.set(locale, (format = new Intl.NumberFormat(locale)));
  return format;
}

/** The text of a message for a count: `zero` for exactly 0 when given, else the locale's plural category. */
export function pluralText(message: Message, count: unknown, locale: string): string {
  if (typeof message === 'string') return message;
  const n = typeof count === 'number' ? count : Number(count);
  if (!Number.isFinite(n)) return message.other ?? '';
  if (n === 0 && message.zero !== undefined) return message.zero;
  return message[pluralRulesOf(locale).select(n)] ?? message.other ?? '';
}

/** Puts escaped values into a text's {name} placeholders; numbers are formatted for the locale. */
export function interpolate(text: string, values: Record<string, unknown>, locale: string): string {
  if (!text.includes('{')) return text; // most texts have no placeholder: no regular expression run
  return text.replace(/\{([A-Za-z_][\w]*)\}/g, (whole, name: string) => {
    if (!Object.hasOwn(values, name)) return whole;
    const value = values[name];
    if (value === null || value === undefined) return '';
    if (typeof value === 'number') return numberFormatOf(locale).format(value);
    return Handlebars.escapeExpression(String(value));
  });
}

export const tHelper: HelperDefinition = {
  name: 't',
  usage: '{{t "cart.title"}}',
  signature: { params: [{ name: 'key', type: 'text' }], returns: 'string' },
  create(host) {
    return function (...args: unknown[]) {
      const options = optionsOf(args);
      const key = args[0];
      if (args.length !== 2 || typeof key !== 'string' || key === '')
        throw new TemplateError(
          't takes one key: {{t "cart.title"}} (values as name=value)',
          'bad_translation',
        );
      const locale = renderLocale(options);
      const found = host.translations?.().lookup(key, locale) ?? null;
      if (!found) {
        host.missingTranslation?.(key, locale, options);
        return key;
      }
      const hash = (options.hash ?? {}) as Record<string, unknown>;
      const text = pluralText(found.message, hash.count, found.locale);
      return new Handlebars.SafeString(interpolate(text, hash, found.locale));
    };
  },
};

// A site's locale: a BCP 47 tag, checked and put in its canonical form by Intl itself, so whatever
// is stored is a tag Intl.NumberFormat, DateTimeFormat and PluralRules accept.
import { UserError } from '../user-error.js';

/** The locale of a site that names none. */
export const DEFAULT_SITE_LOCALE = 'en';

/** A locale tag that is not BCP 47. */
export class LocaleInputError extends UserError {
  override name = 'LocaleInputError';
}

/** The canonical form of a BCP 47 tag (`EN-gb` → `en-GB`); throws LocaleInputError for anything else. */
export function canonicalLocale(tag: string): string {
  const trimmed = tag.trim();
  let canonical: string[] = [];
  try {
    // A list would be accepted by getCanonicalLocales too: one tag only.
    if (trimmed && !trimmed.includes(',')) canonical = Intl.getCanonicalLocales(trimmed);
  } catch {
    canonical = [];
  }
  if (canonical.length !== 1 || canonical[0].length > 35)
    throw new LocaleInputError(
      `not a valid locale: ${JSON.stringify(tag)} (use a BCP 47 tag such as en, en-GB, fr, pt-BR)`,
    );
  return canonical[0];
}

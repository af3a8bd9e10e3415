// {{t "cart.titel"}} renders the key itself on every site: the default locale must have every key
// the templates use, since it is where every other locale falls back to.
import { suggest } from '../../types/suggest.js';
import { themeTranslationUses } from '../translations.js';
import type { Rule } from '../types.js';

const rule: Rule = {
  id: 'translation-key-missing',
  severity: 'error',
  description: 'a {{t "key"}} whose key the default locale (locales/<lang>.default.json) does not have',
  help: 'add the key to the default locale file, or correct the key in the template',
  checkTheme(ctx) {
    const { uses } = themeTranslationUses(ctx.files.paths, (p) => ctx.files.ast(p));
    if (uses.length === 0) return;
    const defaults = ctx.theme.translations.defaultFile;
    // Without a usable default file the engine's own error (template-error) says what to fix first.
    if (!defaults) {
      if (!ctx.theme.translations.empty) return;
      for (const use of uses)
        ctx.report(
          use.file,
          use.line,
          use.column + 1,
          `translation "${use.key}" is used but the theme has no locale files: add locales/en.default.json with it`,
        );
      return;
    }
    const known = [...defaults.messages.keys()];
    for (const use of uses) {
      if (defaults.messages.has(use.key)) continue;
      const near = suggest(use.key, known);
      ctx.report(
        use.file,
        use.line,
        use.column + 1,
        `translation "${use.key}" is not in ${defaults.file}${near ? `: did you mean "${near}"?` : `: add it there`}`,
      );
    }
  },
};
export default rule;

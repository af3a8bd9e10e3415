// A key of the default locale that another locale file lacks is shown in the default language on
// that locale's sites: not broken, but a translation to finish.
import type { Rule } from '../types.js';

const rule: Rule = {
  id: 'translation-key-missing-in-locale',
  severity: 'warning',
  description: 'a key of the default locale that another locale file does not translate',
  help: 'translate the key in that locale file (until then its sites show the default locale’s text)',
  checkTheme(ctx) {
    const translations = ctx.theme.translations;
    // (A context made without a loaded Theme, as some tests build, has no translations.)
    const defaults = translations?.defaultFile;
    if (!defaults) return;
    for (const file of translations.files()) {
      if (file === defaults) continue;
      // fr-CA falls back to fr before the default: a key fr has is not missing for fr-CA.
      const chain = translations.chain(file.locale).filter((f) => f !== defaults);
      // …and a key fr lacks is reported once, on fr.json: translating it there fixes fr-CA too.
      if (chain[chain.length - 1] !== file) continue;
      for (const key of defaults.messages.keys()) {
        if (chain.some((f) => f.messages.has(key))) continue;
        ctx.reportIn(file.file, {
          line: 1,
          column: 1,
          endLine: 1,
          endColumn: 1,
          message: `"${key}" of ${defaults.file} is not translated in ${file.file}: its sites show the ${defaults.locale} text`,
        });
      }
    }
  },
};
export default rule;

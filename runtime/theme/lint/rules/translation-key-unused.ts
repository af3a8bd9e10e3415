// A key no template uses is text translators keep paying for. Only literal keys can be counted: when
// any {{t}} names its key with a variable, every key may be used, and the rule stays silent.
import { themeTranslationUses } from '../translations.js';
import type { Rule } from '../types.js';

const rule: Rule = {
  id: 'translation-key-unused',
  severity: 'warning',
  description: 'a key of the default locale that no {{t "key"}} uses',
  help: 'delete the key from every locale file, or use it in a template',
  checkTheme(ctx) {
    // (A context made without a loaded Theme, as some tests build, has no translations.)
    const defaults = ctx.theme.translations?.defaultFile;
    if (!defaults) return;
    const { uses, dynamic } = themeTranslationUses(ctx.files.paths, (p) => ctx.files.ast(p));
    if (dynamic) return;
    const used = new Set(uses.map((u) => u.key));
    for (const key of defaults.messages.keys()) {
      if (used.has(key)) continue;
      const at = defaults.positions.get(key) ?? { line: 1, column: 0 };
      ctx.reportIn(defaults.file, {
        line: at.line,
        column: at.column + 1,
        endLine: at.line,
        endColumn: at.column + 1 + JSON.stringify(key.split('.').pop()).length,
        message: `translation "${key}" is not used by any template ({{t "${key}"}}): delete it from the locale files, or use it`,
      });
    }
  },
};
export default rule;

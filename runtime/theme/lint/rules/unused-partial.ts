// A partial no template includes is dead code that still has to be kept in step with the data.
import { partialNames } from '../references.js';
import type { Rule } from '../types.js';

const rule: Rule = {
  id: 'unused-partial',
  severity: 'warning',
  description: 'a partial that no template includes ({{> name}})',
  help: 'delete the partial, or include it where it was meant to be used',
  checkTheme(ctx) {
    const templates = ctx.files.paths.filter((p) => /^(?:layouts|pages|partials)\/.+\.hbs$/.test(p));
    const used = new Set<string>();
    for (const file of templates) {
      const ast = ctx.files.ast(file);
      if (!ast) {
        // A template that does not parse may include anything: count the names it appears to.
        for (const m of (ctx.files.read(file) ?? '').matchAll(/\{\{~?#?>\s*"?([\w./-]+)/g)) used.add(m[1]);
        continue;
      }
      const self = /^partials\/(.+)\.hbs$/.exec(file)?.[1];
      for (const name of partialNames(ast)) if (name !== self) used.add(name);
    }
    for (const file of templates) {
      const name = /^partials\/(.+)\.hbs$/.exec(file)?.[1];
      if (name === undefined || used.has(name)) continue;
      ctx.reportIn(file, {
        offset: 0,
        end: 0,
        message: `partial ${name} is not included by any template ({{> ${name}}}): delete ${file}, or include it where it is needed`,
      });
    }
  },
};
export default rule;

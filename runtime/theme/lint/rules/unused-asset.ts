// An asset nothing refers to: no {{asset "…"}} (or other string literal in a template's Handlebars,
// such as a path handed to a partial), no url()/@import in a stylesheet, no import or path string in
// a script. Only files a page loads are considered (stylesheets, scripts, images, fonts); a README
// or a licence file in assets/ is left alone.
import {
  cssReferences,
  resolveAssetRef,
  scriptReferences,
  templateAssetStrings,
  unhashed,
} from '../references.js';
import type { Rule } from '../types.js';

const WEB_FILE = /\.(?:css|m?js|png|jpe?g|gif|webp|avif|svg|ico|bmp|woff2?|ttf|otf|eot)$/i;

const rule: Rule = {
  id: 'unused-asset',
  severity: 'warning',
  description:
    'an asset never referenced by {{asset}} in templates, by url()/@import in stylesheets or by an import in scripts',
  help: 'delete the file, or refer to it with {{asset "path"}}; files kept on purpose go in the config\'s "ignore"',
  checkTheme(ctx) {
    const assets = new Set(
      ctx.files.paths.filter((p) => p.startsWith('assets/')).map((p) => p.slice('assets/'.length)),
    );
    const used = new Set<string>();
    const mark = (path: string | null) => {
      if (path === null) return;
      if (assets.has(path)) used.add(path);
      else if (assets.has(unhashed(path))) used.add(unhashed(path));
    };
    for (const file of ctx.files.paths) {
      if (/^(?:layouts|pages|partials)\/.+\.hbs$/.test(file)) {
        const ast = ctx.files.ast(file);
        const source = ctx.files.read(file) ?? '';
        if (ast) for (const s of templateAssetStrings(ast)) mark(resolveAssetRef(s, ''));
        else for (const m of source.matchAll(/"([^"\n]+)"/g)) mark(resolveAssetRef(m[1], ''));
        // Hand-written /assets/… URLs count too (hardcoded-asset-path reports them).
        for (const m of source.matchAll(/\/assets\/[^"'\s?#)<>{}]+/g)) mark(resolveAssetRef(m[0], ''));
      } else if (file.startsWith('assets/')) {
        const path = file.slice('assets/'.length);
        if (/\.css$/i.test(file))
          for (const ref of cssReferences(ctx.files.read(file) ?? '')) mark(resolveAssetRef(ref, path));
        else if (/\.m?js$/i.test(file))
          for (const ref of scriptReferences(ctx.files.read(file) ?? '')) mark(resolveAssetRef(ref, path));
      }
    }
    for (const path of assets) {
      if (used.has(path) || !WEB_FILE.test(path)) continue;
      ctx.reportIn(`assets/${path}`, {
        offset: 0,
        end: 0,
        message: `assets/${path} is not used: no {{asset "${path}"}} in a template, no url() in a stylesheet, no import in a script; delete it, or add it to "ignore" in .storefront-theme.json if something else loads it`,
      });
    }
  },
};
export default rule;

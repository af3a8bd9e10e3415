// Assets are served only at content-hashed URLs (/assets/css/theme.3f9a1c2e4b.css, runtime/theme/
// assets.ts), so a hand-written /assets/… URL is a 404 — and an old hash is a 404 after the next
// change. {{asset "path"}} writes the current URL.
import { unhashed } from '../references.js';
import type { Rule } from '../types.js';

/** Attributes holding one URL, and srcset-like ones holding a list. */
const URL_ATTRS = new Set(['src', 'href', 'poster', 'data', 'action', 'content', 'xlink:href', 'data-src']);
const LIST_ATTRS = new Set(['srcset', 'imagesrcset', 'data-srcset']);

function safeDecode(s: string): string {
  try {
    return decodeURI(s);
  } catch {
    return s;
  }
}

const rule: Rule = {
  id: 'hardcoded-asset-path',
  severity: 'error',
  description:
    'an /assets/… URL written by hand instead of {{asset "…"}} (assets are only served at their hashed URLs)',
  help: 'write {{asset "css/theme.css"}} for assets/css/theme.css: it gives the content-hashed URL the server answers',
  fix: 'replaces the URL with {{asset "path"}} when the path names an existing asset',
  check(ctx) {
    if (ctx.kind !== 'template') return;
    for (const tag of ctx.html?.tags ?? []) {
      if (tag.closing) continue;
      for (const a of tag.attrs) {
        if (a.value === null || !(URL_ATTRS.has(a.name) || LIST_ATTRS.has(a.name))) continue;
        const raw = ctx.source.slice(a.valueStart, a.valueEnd);
        // Each URL of the value with its offset in the source (srcset lists several).
        const urls: Array<{ text: string; at: number }> = [];
        if (LIST_ATTRS.has(a.name)) {
          for (const m of raw.matchAll(/[^\s,][^\s]*/g))
            if (m[0].startsWith('/')) urls.push({ text: m[0].replace(/,$/, ''), at: m.index });
        } else {
          const lead = raw.length - raw.trimStart().length;
          urls.push({ text: raw.trim(), at: lead });
        }
        for (const url of urls) {
          if (!url.text.startsWith('/assets/')) continue;
          const start = a.valueStart + url.at;
          // The path part: up to ?, # or a mustache.
          const pathText = /^[^?#{]*/.exec(url.text)![0];
          const dynamic = url.text.slice(pathText.length).startsWith('{{');
          const named = safeDecode(pathText.slice('/assets/'.length));
          const path = [named, unhashed(named)].find((p) => ctx.theme.bytes(`assets/${p}`) !== null);
          const fix =
            path !== undefined && !dynamic
              ? {
                  description: `replaced ${pathText} with {{asset "${path}"}}`,
                  edits: [{ start, end: start + pathText.length, text: `{{asset "${path}"}}` }],
                }
              : undefined;
          ctx.report({
            offset: start,
            end: start + url.text.length,
            message:
              path !== undefined && !dynamic
                ? `${pathText} is written by hand: assets are served only at their hashed URLs, so this is a 404; write {{asset "${path}"}}`
                : `${url.text} is written by hand: assets are served only at their hashed URLs, so this is a 404; write {{asset "…"}} with the file's path under assets/`,
            fix,
          });
        }
      }
    }
  },
};
export default rule;

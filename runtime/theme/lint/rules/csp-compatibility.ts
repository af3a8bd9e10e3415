// The runtime sends a Content-Security-Policy (runtime/http/security-headers.ts) that allows
// scripts, styles, images, fonts, frames and form targets from the shop's own origin only, and no
// inline code: the browser silently drops what breaks it. This rule finds those things in templates
// and stylesheets: inline <script> and <style>, on…= handlers, javascript: URLs, style="…"
// attributes, and remote hosts in the URLs the policy governs. (The engine may not import the web
// layer; test/runtime/theme/lint/rules/csp-compatibility.test.ts checks CSP_ASSUMED against it.)
import { attr, literal, type HtmlAttr, type HtmlTag } from '../html.js';
import { isJavaScript } from '../script.js';
import { cssReferences } from '../references.js';
import type { Rule } from '../types.js';

/** The directives of the runtime's policy this rule relies on. */
export const CSP_ASSUMED = [
  "script-src 'self'",
  "style-src 'self'",
  "img-src 'self' data:",
  "font-src 'self'",
  "form-action 'self'",
  "default-src 'self'",
];

const REMOTE = /^\s*(?:https?:)?\/\//i;
/** "blocked by the Content-Security-Policy (script-src 'self')" */
const by = (directive: string) => `blocked by the shop's Content-Security-Policy (${directive})`;

/** The URL attributes the policy governs, per tag: [attribute, directive]. */
function governed(tag: HtmlTag): Array<[HtmlAttr, string]> {
  const out: Array<[HtmlAttr, string]> = [];
  const add = (name: string, directive: string) => {
    const a = attr(tag, name);
    if (a && a.value !== null) out.push([a, directive]);
  };
  switch (tag.name) {
    case 'script':
      add('src', 'script-src');
      break;
    case 'link': {
      const rel = (literal(tag, 'rel') ?? '').toLowerCase().split(/\s+/);
      const as = (literal(tag, 'as') ?? '').toLowerCase();
      if (rel.includes('stylesheet')) add('href', 'style-src');
      else if (rel.includes('modulepreload')) add('href', 'script-src');
      else if (rel.includes('preload') && as)
        add(
          'href',
          as === 'font'
            ? 'font-src'
            : as === 'style'
              ? 'style-src'
              : as === 'script'
                ? 'script-src'
                : as === 'image'
                  ? 'img-src'
                  : 'default-src',
        );
      break;
    }
    case 'img':
      add('src', 'img-src');
      add('srcset', 'img-src');
      break;
    case 'source':
      add('src', 'default-src');
      add('srcset', 'img-src');
      break;
    case 'video':
    case 'audio':
      add('src', 'default-src');
      if (tag.name === 'video') add('poster', 'img-src');
      break;
    case 'iframe':
    case 'embed':
      add('src', 'default-src');
      break;
    case 'object':
      add('data', 'object-src');
      break;
    case 'form':
      add('action', 'form-action');
      break;
  }
  return out;
}

/** The host a remote URL names, for the message ('https://cdn.example.com/x.js' -> 'cdn.example.com'). */
function host(url: string): string {
  return /^\s*(?:https?:)?\/\/([^/?#\s]*)/i.exec(url)?.[1] || url.trim();
}

const rule: Rule = {
  id: 'csp-compatibility',
  severity: 'error',
  description:
    'inline <script>/<style>, on…= handlers, javascript: URLs, style="…" attributes and remote script, style, image, font, frame or form hosts: the runtime CSP silently blocks them',
  help: 'move scripts to assets/js/ and styles to assets/css/ (loaded with {{asset "…"}}), bind events in the script, and serve fonts, images and scripts from assets/',
  check(ctx) {
    if (ctx.kind !== 'template' || !ctx.html) return;
    for (const script of ctx.html.scripts) {
      if (attr(script.tag, 'src') || !isJavaScript(script.tag) || !script.text.trim()) continue;
      ctx.report({
        offset: script.tag.start,
        end: script.tag.end,
        message: `inline <script> never runs, ${by("script-src 'self'")}: move the code to assets/js/ and load it with <script src="{{asset "js/…"}}" defer>`,
      });
    }
    const tags = ctx.html.tags;
    for (let i = 0; i < tags.length; i++) {
      const tag = tags[i];
      if (tag.closing) continue;
      if (tag.name === 'style') {
        const close = tags.slice(i + 1).find((t) => t.closing && t.name === 'style');
        const body = ctx.source.slice(tag.end, close ? close.start : ctx.source.length);
        if (body.trim())
          ctx.report({
            offset: tag.start,
            end: tag.end,
            message: `inline <style> is ignored, ${by("style-src 'self'")}: move the rules to a stylesheet in assets/css/`,
          });
      }
      for (const a of tag.attrs) {
        if (/^on[a-z]+$/.test(a.name) && a.value !== null && a.value.trim())
          ctx.report({
            offset: a.start,
            end: a.end,
            message: `inline event handler ${a.name}="…" never runs, ${by("script-src 'self'")}: add the listener in a script under assets/js/ (addEventListener('${a.name.slice(2)}', …))`,
          });
        else if (a.name === 'style' && a.value !== null && a.value.trim())
          ctx.report({
            offset: a.start,
            end: a.end,
            message: `style="…" attribute is ignored, ${by("style-src 'self'")}: use a class and a rule in assets/css/`,
          });
        else if (
          (a.name === 'href' || a.name === 'src' || a.name === 'action' || a.name === 'formaction') &&
          /^\s*javascript:/i.test(a.value ?? '')
        )
          ctx.report({
            offset: a.start,
            end: a.end,
            message: `javascript: URL never runs, ${by("script-src 'self'")}: use a button and a listener in assets/js/`,
          });
      }
      for (const [a, directive] of governed(tag)) {
        const urls =
          a.name === 'srcset' ? a.value!.split(',').map((c) => c.trim().split(/\s+/)[0]) : [a.value!];
        const remote = urls.find((u) => REMOTE.test(u));
        if (!remote) continue;
        const policy =
          directive === 'default-src' || directive === 'object-src' ? directive : `${directive} 'self'`;
        ctx.report({
          offset: a.start,
          end: a.end,
          message:
            directive === 'form-action'
              ? `form posting to ${host(remote)} is ${by(policy)}: post to the shop's own /_post/ endpoints`
              : `<${tag.name}> from ${host(remote)} is ${by(policy)}: put the file in assets/ and use {{asset "…"}}`,
        });
      }
    }
  },
  checkTheme(ctx) {
    // Stylesheets: @import and url() of remote hosts (web fonts, background images).
    for (const file of ctx.files.paths) {
      if (!/^assets\/.+\.css$/i.test(file)) continue;
      const css = ctx.files.read(file) ?? '';
      const seen = new Set<string>();
      for (const ref of cssReferences(css)) {
        if (!REMOTE.test(ref) || seen.has(ref)) continue;
        seen.add(ref);
        let from = 0;
        for (let at = css.indexOf(ref, from); at >= 0; at = css.indexOf(ref, from)) {
          from = at + ref.length;
          if (/\/\*[^]*$/.test(css.slice(0, at).replace(/\/\*[\s\S]*?\*\//g, ''))) continue; // in a comment
          ctx.reportIn(file, {
            offset: at,
            end: at + ref.length,
            message: `${host(ref)} is ${by("style-src, font-src and img-src allow 'self' only")}: serve the file from the shop's own assets/ instead`,
          });
        }
      }
    }
  },
};
export default rule;

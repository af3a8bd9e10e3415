// The login redirect target `next` is allowed only on the same origin, for the contract's paths
// (/profile, /products, /products/<slug>, /cart, /checkout, /my-orders, /my-orders/<id>,
// /my-orders/<id>/tracking). Anything else silently falls back to /profile, so a literal outside the
// list is a bug; {{urlencode request.path}} (or any mustache) is checked by the server at runtime.
import { isAllowedNext } from '../../../next-url.js';
import { attr, urlPath } from '../html.js';
import type { Rule } from '../types.js';

const LOGIN = /^\/(?:login|_post\/auth\/login)\/?$/;
const HOW =
  'use next={{urlencode request.path}} or one of /profile, /products, /products/<slug>, /cart, /checkout, /my-orders, /my-orders/<id>, /my-orders/<id>/tracking';

function decode(raw: string): string {
  try {
    return decodeURIComponent(raw.replace(/\+/g, ' '));
  } catch {
    return raw;
  }
}

/** Literal `next` values in a URL's query string, with their offsets inside the value. */
function nextParams(value: string): Array<{ raw: string; index: number }> {
  const q = value.indexOf('?');
  if (q < 0) return [];
  const out: Array<{ raw: string; index: number }> = [];
  const re = /(?:^|[&;])next=([^&#]*)/g;
  const query = value.slice(q + 1).split('#')[0];
  let m: RegExpExecArray | null;
  while ((m = re.exec(query))) out.push({ raw: m[1], index: q + 1 + m.index + m[0].indexOf('=') + 1 });
  return out;
}

const rule: Rule = {
  id: 'login-next-allowed',
  severity: 'error',
  description: 'a login link or form whose literal next is not a same-origin allowed path',
  help: HOW,
  check(ctx) {
    const check = (raw: string, offset: number, end: number) => {
      if (raw.includes('{{')) return; // resolved per request; the server validates it
      const value = decode(raw);
      if (!isAllowedNext(value))
        ctx.report({
          offset,
          end,
          message: `login next "${value}" is not an allowed same-origin path (the server falls back to /profile): ${HOW}`,
        });
    };
    for (const tag of ctx.html?.tags ?? []) {
      if (tag.closing) continue;
      for (const name of ['href', 'action']) {
        const a = attr(tag, name);
        if (!a?.value || !LOGIN.test(urlPath(a.value) ?? '')) continue;
        // Offsets into the decoded value map onto the source while no entity precedes them.
        const length = a.valueEnd - a.valueStart;
        for (const p of nextParams(a.value))
          check(
            p.raw,
            a.valueStart + Math.min(p.index, length),
            a.valueStart + Math.min(p.index + p.raw.length, length),
          );
      }
    }
    for (const form of ctx.html?.forms ?? []) {
      if (!LOGIN.test(urlPath(attr(form.tag, 'action')?.value) ?? '')) continue;
      for (const control of form.controls) {
        const value = attr(control, 'value');
        if (attr(control, 'name')?.value === 'next' && value?.value != null && !value.dynamic) {
          if (!isAllowedNext(value.value))
            ctx.report({
              offset: control.start,
              end: control.end,
              message: `login next "${value.value}" is not an allowed same-origin path (the server falls back to /profile): ${HOW}`,
            });
        }
      }
    }
  },
};
export default rule;

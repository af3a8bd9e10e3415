// Prices come from the backend: a client never sends a price to the cart or checkout.
// HTML: a form posting to /_post/cart/* or /_post/checkout/* with a price-like field.
// Script (a heuristic): a call whose arguments name one of those endpoints and contain an object
// literal with a price-like key — written inline, or as a variable declared in the same script
// and passed as JSON.stringify(x) / body: x.
import { attr, urlPath } from '../html.js';
import { balancedBraces, endpointUses, matches } from '../source.js';
import type { Rule } from '../types.js';

const PRICE_NAME =
  /^(?:price|unit_?price|unitprice|prices|amount|unit_?amount|total|sub_?total|grand_?total|grand_?total_?amount|total_?price|total_?amount|price_?cents|amount_?cents|cost)$/i;
const PRICE_KEY =
  '(?:price|unit_?price|unitPrice|amount|unit_?amount|total|sub_?total|subTotal|grand_?total|grandTotal|total_?price|totalPrice|total_?amount|price_?cents|cost)';
const KEY_RE = new RegExp(`[{,]\\s*(['"]?)(${PRICE_KEY})\\1\\s*(?::|(?=[,}]))`, 'g');
const ENDPOINT = /^\/_post\/(?:cart|checkout)\//;
const HOW =
  'send only variant_id and quantity (cart) or the quote fingerprint, address and note (checkout): prices come from the server';

/** The last segment of a field name: items[0][price] -> price, line.price -> price. */
function baseName(name: string): string {
  const parts = name.split(/[[\].]+/).filter(Boolean);
  return parts[parts.length - 1] ?? name;
}

const rule: Rule = {
  id: 'client-side-price',
  severity: 'error',
  description:
    'a client-side price sent to /_post/cart/* or /_post/checkout/* (form field, or a price key in a script payload — heuristic)',
  help: HOW,
  check(ctx) {
    for (const form of ctx.html?.forms ?? []) {
      const action = urlPath(attr(form.tag, 'action')?.value);
      if (!action || !ENDPOINT.test(action)) continue;
      for (const control of form.controls) {
        const name = attr(control, 'name')?.value;
        if (name && PRICE_NAME.test(baseName(name))) {
          ctx.report({ offset: control.start, message: `form to ${action} sends a field "${name}": ${HOW}` });
        }
      }
    }
    for (const script of ctx.scripts) {
      const reported = new Set<number>();
      for (const use of endpointUses(script.text, script.start)) {
        if (!ENDPOINT.test(use.path) || !use.callee) continue;
        const objects: Array<{ text: string; offset: number }> = [{ text: use.args, offset: use.argsOffset }];
        // Variables passed by name: JSON.stringify(payload), body: payload, post(url, payload).
        for (const { m } of matches(
          /(?:JSON\.stringify\(\s*|body\s*:\s*|,\s*)([A-Za-z_$][\w$]*)\s*(?=[),}])/g,
          use.args,
        )) {
          const decl = new RegExp(`(?:const|let|var)\\s+${m[1].replace(/\$/g, '\\$')}\\s*=\\s*\\{`).exec(
            script.text,
          );
          if (decl) {
            const open = decl.index + decl[0].length - 1;
            objects.push({ text: balancedBraces(script.text, open), offset: script.start + open });
          }
        }
        for (const object of objects) {
          for (const { m, offset } of matches(KEY_RE, object.text, object.offset)) {
            const at = offset + m[0].indexOf(m[2]);
            if (reported.has(at)) continue;
            reported.add(at);
            ctx.report({ offset: at, message: `script sends "${m[2]}" to ${use.path}: ${HOW}` });
          }
        }
      }
    }
  },
};
export default rule;

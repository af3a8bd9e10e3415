// Prices come from the backend: a client never sends a price to the cart or checkout.
// HTML: a form posting to /_post/cart/* or /_post/checkout/* with a price-like field.
// Script (parsed with acorn): a call whose arguments name one of those endpoints and send an object
// literal with a price-like key — written in the call, or a variable declared in the same script
// and passed as JSON.stringify(x), body: x, a later argument or a spread.
import { attr, urlPath } from '../html.js';
import { endpointUses, keyName, sentObjects, type ScriptNode } from '../script.js';
import type { Rule } from '../types.js';

const PRICE_NAME =
  /^(?:price|unit_?price|unitprice|prices|amount|unit_?amount|total|sub_?total|grand_?total|grand_?total_?amount|total_?price|total_?amount|price_?cents|amount_?cents|cost)$/i;
const PRICE_KEY =
  '(?:price|unit_?price|unitPrice|amount|unit_?amount|total|sub_?total|subTotal|grand_?total|grandTotal|total_?price|totalPrice|total_?amount|price_?cents|cost)';
const KEY_RE = new RegExp(`^${PRICE_KEY}$`);
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
          ctx.report({
            offset: control.start,
            end: control.end,
            message: `form to ${action} sends a field "${name}": ${HOW}`,
          });
        }
      }
    }
    for (const script of ctx.scripts) {
      const reported = new Set<number>();
      for (const use of endpointUses(script)) {
        if (!ENDPOINT.test(use.path) || !use.call) continue;
        for (const object of sentObjects(use.script, use.call)) {
          for (const property of object.properties as ScriptNode[]) {
            const key = property.type === 'Property' ? keyName(property) : null;
            if (!key || !KEY_RE.test(key)) continue;
            const keyNode = property.key as ScriptNode;
            const at = script.start + keyNode.start;
            if (reported.has(at)) continue;
            reported.add(at);
            ctx.report({
              offset: at,
              end: script.start + keyNode.end,
              message: `script sends "${key}" to ${use.path}: ${HOW}`,
            });
          }
        }
      }
    }
  },
};
export default rule;

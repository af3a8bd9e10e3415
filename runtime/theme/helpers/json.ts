// Usage: <script type="application/ld+json">{"name": {{json product.name}}}</script>
// Writes a value as JSON that is safe inside a <script> element (and an HTML attribute): `<`, `>`, `&`
// and U+2028/U+2029 become \u escapes, so no value can close the element or start markup. With several
// values, they are joined as text into one JSON string: {{json @root.request.origin product.url}}.
import Handlebars from 'handlebars';
import type { HelperDefinition } from './types.js';

const UNSAFE = /[<>&\u2028\u2029]/g;

/** JSON text of value (undefined as null) with <, >, &, U+2028 and U+2029 escaped. */
export function scriptSafeJson(value: unknown): string {
  const text = JSON.stringify(value === undefined ? null : value) ?? 'null';
  return text.replace(UNSAFE, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`);
}

export const jsonHelper: HelperDefinition = {
  name: 'json',
  usage: '{{json product.name}}',
  signature: { params: [{ name: 'value', type: 'any' }], rest: 'text', returns: 'string' },
  create() {
    return function (...args: unknown[]) {
      const values = args.slice(0, -1);
      const value =
        values.length > 1
          ? values.map((v) => (v === null || v === undefined ? '' : String(v))).join('')
          : values[0];
      return new Handlebars.SafeString(scriptSafeJson(value));
    };
  },
};

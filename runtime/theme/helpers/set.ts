// Usage: {{set title="Profile" section="account"}}
// Assigns into the page scope; the layout sees the values too. Built-in objects cannot be replaced.
import { TemplateError } from '../errors.js';
import { optionsOf, type HelperDefinition } from './types.js';

/** Names of the template objects the server provides; `set` may not overwrite them. */
export const RESERVED_NAMES = new Set([
  'auth',
  'csrf_token',
  'request',
  'products',
  'orders',
  'cart',
  'site',
]);

export const setHelper: HelperDefinition = {
  name: 'set',
  usage: '{{set title="Profile"}}',
  signature: { params: [], returns: 'string' },
  create() {
    return function (this: unknown, ...args: unknown[]) {
      const options = optionsOf(args);
      if (args.length > 1)
        throw new TemplateError('set takes name=value pairs only: {{set title="Profile"}}', 'bad_set');
      const root = (options.data as { root?: Record<string, unknown> } | undefined)?.root;
      for (const [key, value] of Object.entries(options.hash ?? {})) {
        if (RESERVED_NAMES.has(key))
          throw new TemplateError(`set cannot replace the built-in object "${key}"`, 'reserved_name');
        if (root) root[key] = value;
      }
      return '';
    };
  },
};

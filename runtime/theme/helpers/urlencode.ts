// Usage: {{urlencode request.path}}  → percent-encoded for a query string value
import type { HelperDefinition } from './types.js';

export const urlencodeHelper: HelperDefinition = {
  name: 'urlencode',
  usage: '{{urlencode request.path}}',
  signature: { params: [{ name: 'value', type: 'text' }], returns: 'string' },
  create() {
    return function (...args: unknown[]) {
      const value = args.length > 1 ? args[0] : '';
      return encodeURIComponent(value === null || value === undefined ? '' : String(value));
    };
  },
};

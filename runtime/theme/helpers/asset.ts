// Usage: {{asset "css/theme.css"}}  → /assets/css/theme.3f9a1c2e.css (content-hashed, cached for a year)
import { TemplateError } from '../errors.js';
import type { HelperDefinition } from './types.js';

export const assetHelper: HelperDefinition = {
  name: 'asset',
  usage: '{{asset "css/theme.css"}}',
  signature: { params: [{ name: 'path', type: 'string-literal' }], returns: 'string' },
  create(host) {
    return function (...args: unknown[]) {
      const path = args[0];
      if (args.length !== 2 || typeof path !== 'string')
        throw new TemplateError('asset takes one path: {{asset "css/theme.css"}}', 'bad_asset');
      const url = host.assetUrl(path);
      if (!url) throw new TemplateError(`asset "${path}" does not exist in assets/`, 'missing_asset');
      return url;
    };
  },
};

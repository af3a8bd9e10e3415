// Usage: {{abort 404}}
// Stops the render; the server answers with that status and the theme's pages/404.hbs.
import { AbortRender, TemplateError } from '../errors.js';
import type { HelperDefinition } from './types.js';

export const abortHelper: HelperDefinition = {
  name: 'abort',
  usage: '{{abort 404}}',
  signature: { params: [{ name: 'status', type: 'number' }], returns: 'string' },
  create() {
    return function (...args: unknown[]) {
      const status = Number(args[0]);
      if (args.length !== 2 || !Number.isInteger(status) || status < 400 || status > 499) {
        throw new TemplateError('abort takes one 4xx status code: {{abort 404}}', 'bad_abort');
      }
      throw new AbortRender(status);
    };
  },
};

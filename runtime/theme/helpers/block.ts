// Usage: {{#block "content"}}default content{{/block}}
// In a layout it marks a slot (showing the page's content or its own default); inside
// {{#extends}} it defines that slot's content for the layout.
import Handlebars from 'handlebars';
import { locateError, TemplateError } from '../errors.js';
import { optionsOf, type HelperDefinition } from './types.js';
import type { BlockFrame } from './extends.js';

export const blockHelper: HelperDefinition = {
  name: 'block',
  usage: '{{#block "name"}}default{{/block}}',
  signature: { params: [{ name: 'name', type: 'string-literal' }], returns: 'string' },
  create() {
    return function (this: unknown, ...args: unknown[]) {
      const options = optionsOf(args);
      const name = args[0];
      if (typeof name !== 'string' || !name || !options.fn)
        throw new TemplateError(
          'block needs a name and a body: {{#block "content"}}…{{/block}}',
          'bad_block',
        );
      const data = (options.data ?? {}) as BlockFrame;
      if (data.__defining) {
        // The innermost page defines first, so a layout's own definition never overrides it.
        data.__blocks ??= {};
        if (!data.__blocks[name])
          data.__blocks[name] = { fn: options.fn as never, context: this, file: data.__file ?? '' };
        return '';
      }
      const override = data.__blocks?.[name];
      const frame = Handlebars.createFrame(options.data ?? {}) as BlockFrame;
      frame.__defining = false;
      if (override) {
        try {
          return new Handlebars.SafeString(override.fn(override.context, { data: frame }));
        } catch (err) {
          throw override.file ? locateError(err, override.file) : err;
        }
      }
      return new Handlebars.SafeString(options.fn(this, { data: frame }));
    };
  },
};

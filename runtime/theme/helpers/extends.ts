// Usage: {{#extends "layouts/base"}} {{#block "content"}}…{{/block}} {{/extends}}
// Runs its body to collect block definitions, then renders the layout with them.
import Handlebars from 'handlebars';
import { TemplateError } from '../errors.js';
import { optionsOf, type HelperDefinition } from './types.js';

/** Per-render block registry carried in the Handlebars data frame. */
export interface BlockFrame {
  __blocks?: Record<string, { fn: (ctx: unknown, opts: unknown) => string; context: unknown; file: string }>;
  __defining?: boolean;
  __file?: string;
}

export const extendsHelper: HelperDefinition = {
  name: 'extends',
  usage: '{{#extends "layouts/base"}}{{#block "content"}}…{{/block}}{{/extends}}',
  signature: { params: [{ name: 'layout', type: 'string-literal' }], returns: 'string' },
  create(host) {
    return function (this: unknown, ...args: unknown[]) {
      const options = optionsOf(args);
      const layout = args[0];
      if (typeof layout !== 'string' || !layout.startsWith('layouts/') || !options.fn) {
        throw new TemplateError(
          'extends needs a layout name like "layouts/base" and a block body',
          'bad_extends',
        );
      }
      const parent = (options.data ?? {}) as BlockFrame;
      const blocks = parent.__blocks ?? {};
      const defining = Handlebars.createFrame(options.data ?? {}) as BlockFrame;
      defining.__blocks = blocks;
      defining.__defining = true;
      options.fn(this, { data: defining });
      const rendering = Handlebars.createFrame(options.data ?? {}) as BlockFrame;
      rendering.__blocks = blocks;
      rendering.__defining = false;
      return new Handlebars.SafeString(host.renderTemplate(layout, this, rendering));
    };
  },
};

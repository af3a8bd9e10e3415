// The helper list of the theme language: the engine registers these, `check-theme` knows exactly these.
import Handlebars from 'handlebars';
import { optionsOf, type HelperDefinition, type HelperFn, type HelperHost } from './types.js';
import { TemplateError } from '../errors.js';
import { extendsHelper } from './extends.js';
import { blockHelper } from './block.js';
import { setHelper } from './set.js';
import { abortHelper } from './abort.js';
import { urlencodeHelper } from './urlencode.js';
import { assetHelper } from './asset.js';
import { andHelper, eqHelper, gtHelper, ltHelper, notHelper, orHelper } from './compare.js';
import { dateHelper } from './date.js';
import { jsonHelper } from './json.js';
import { decimalHelper } from './decimal.js';
import { tHelper } from './t.js';
import { pictureHelper } from './picture.js';
import { imageUrlHelper } from './image-url.js';

export const THEME_HELPERS: HelperDefinition[] = [
  extendsHelper,
  blockHelper,
  setHelper,
  abortHelper,
  urlencodeHelper,
  assetHelper,
  eqHelper,
  notHelper,
  andHelper,
  orHelper,
  gtHelper,
  ltHelper,
  dateHelper,
  jsonHelper,
  decimalHelper,
  tHelper,
  pictureHelper,
  imageUrlHelper,
];

/** Handlebars' own helpers that themes may use. */
export const BUILTIN_HELPERS = ['if', 'unless', 'each', 'with', 'lookup', 'log'];

/** Other names for built-ins: the contract's `for` is {{#for items}}…{{else}}…{{/for}}, i.e. each. */
export const HELPER_ALIASES: Record<string, string> = { for: 'each' };

/** Every helper name a theme may call. */
export const KNOWN_HELPERS = new Set([
  ...BUILTIN_HELPERS,
  ...Object.keys(HELPER_ALIASES),
  ...THEME_HELPERS.map((h) => h.name),
]);

/** Gives a TemplateError thrown by a helper the line of the call, from Handlebars' options.loc. */
function withLocation(fn: HelperFn): HelperFn {
  return function (this: unknown, ...args: unknown[]) {
    try {
      return fn.apply(this, args);
    } catch (err) {
      const loc = optionsOf(args)?.loc;
      if (err instanceof TemplateError && err.line === null && loc) {
        err.line = loc.start.line;
        err.column = loc.start.column;
      }
      throw err;
    }
  };
}

/** A Handlebars environment with the theme helpers bound to one theme. */
export function createHandlebars(host: HelperHost): typeof Handlebars {
  const hb = Handlebars.create();
  for (const helper of THEME_HELPERS)
    hb.registerHelper(helper.name, withLocation(helper.create(host)) as Handlebars.HelperDelegate);
  for (const [alias, target] of Object.entries(HELPER_ALIASES)) hb.registerHelper(alias, hb.helpers[target]);
  return hb;
}

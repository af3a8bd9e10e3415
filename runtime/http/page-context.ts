// The values every page render receives from the web layer, declared for the template registry.
import { defineContextValue } from '../theme/objects.js';

/** `<meta name="csrf-token" content="{{csrf_token}}">`: the token every POST must carry. */
export const csrfToken = defineContextValue({
  name: 'csrf_token',
  schema: null,
  private: true,
  description: 'The CSRF token for forms (`_token`) and fetch calls (`X-CSRF-Token`); tied to the visitor.',
});

/** `{{request.path}}`, `{{request.origin}}`, `{{request.params.slug}}`, `{{request.query.page}}`. */
export const request = defineContextValue({
  name: 'request',
  schema: null,
  private: false,
  description:
    'The request: origin (scheme and host, for absolute URLs), path, url, params of the route and the query string (first value of each).',
});

/** `{{site.name}}`, `{{site.locale}}`: the website answering this host. */
export const site = defineContextValue({
  name: 'site',
  schema: 'site',
  private: false,
  description:
    'The website answering this host: its name and locale (a BCP 47 tag: {{t}}, money and {{date}} follow it).',
});

/** `{{#if form.error}}`, `{{form.values.email}}`: a form post the server answered by re-rendering its page. */
export const form = defineContextValue({
  name: 'form',
  schema: 'form',
  // Only re-renders of a failed post carry it, and those are always sent private.
  private: false,
  description:
    'A form post the server answered by re-rendering the page (422, 429…): error, code, fields and values sent; absent on other renders.',
});

/** `{{#if placed_order}}{{placed_order.number}}{{/if}}`: the confirmation of the visitor's last order. */
export const placedOrder = defineContextValue({
  name: 'placed_order',
  schema: 'placed-order',
  // Read from the visitor's session: a page that shows it is sent private.
  private: true,
  description:
    'The order this visitor’s session placed last (guests too): its number, for a confirmation that survives a reload; absent when there is none.',
});

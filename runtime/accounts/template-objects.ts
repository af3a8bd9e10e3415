// The `auth` template object: who is signed in. Resolved once per render by the page (orders
// calls need the account too), so it is a context value rather than a loaded object.
import { defineContextValue } from '../theme/objects.js';

/** `{{#if auth.check}}…{{auth.user.display_name}}`: the contract's flat auth object. */
export const auth = defineContextValue({
  name: 'auth',
  schema: 'auth',
  private: true,
  description: 'Who is signed in: check, method, provider and user (null for a guest).',
});

// Reports the engine's own 'unresolvable_data_call' and 'unknown_data_call' errors
// (Theme.errors(); the codes error-codes.ts gives this rule): the linter and the runtime agree.
import { themeErrorRule } from '../theme-errors.js';

export default themeErrorRule({
  id: 'unresolvable-data-call',
  description: 'a data call that is unknown or whose arguments cannot be resolved before the render',
  help: 'call products.paginate/find or orders.paginate/find/track with named arguments from literals, request.params.<name> or request.query.<name>',
});

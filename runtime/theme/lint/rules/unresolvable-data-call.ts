// Reports the engine's own 'unresolvable_data_call', 'unknown_data_call' errors (Theme.errors()): the linter and the runtime agree.
import { themeErrorRule } from '../theme-errors.js';

export default themeErrorRule({
  id: 'unresolvable-data-call',
  codes: ['unresolvable_data_call', 'unknown_data_call'],
  description: 'a data call that is unknown or whose arguments cannot be resolved before the render',
  help: 'call products.paginate/find or orders.paginate/find/track with named arguments from literals, request.params.<name> or request.query.<name>',
});

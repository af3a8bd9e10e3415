// Reports the engine's own 'missing_layout' errors (Theme.errors(); the codes error-codes.ts gives
// this rule): the linter and the runtime agree.
import { themeErrorRule } from '../theme-errors.js';

export default themeErrorRule({
  id: 'missing-layout',
  description: '{{#extends}} of a layout that does not exist',
  help: 'create layouts/<name>.hbs or fix the name ("layouts/base")',
});

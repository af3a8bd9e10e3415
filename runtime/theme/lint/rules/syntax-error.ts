// Reports the engine's own 'syntax_error' errors (Theme.errors(); the codes error-codes.ts gives
// this rule): the linter and the runtime agree.
import { themeErrorRule } from '../theme-errors.js';

export default themeErrorRule({
  id: 'syntax-error',
  description: 'template syntax errors (the engine cannot parse the file)',
  help: 'fix the Handlebars syntax at the reported position',
});

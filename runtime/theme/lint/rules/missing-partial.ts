// Reports the engine's own 'missing_partial' and 'dynamic_partial' errors
// (Theme.errors(); the codes error-codes.ts gives this rule): the linter and the runtime agree.
import { themeErrorRule } from '../theme-errors.js';

export default themeErrorRule({
  id: 'missing-partial',
  description: 'a partial that does not exist (or a dynamic partial name)',
  help: 'create partials/<name>.hbs or fix the name',
});

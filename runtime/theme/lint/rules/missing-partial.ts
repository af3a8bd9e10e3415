// Reports the engine's own 'missing_partial', 'dynamic_partial' errors (Theme.errors()): the linter and the runtime agree.
import { themeErrorRule } from '../theme-errors.js';

export default themeErrorRule({
  id: 'missing-partial',
  codes: ['missing_partial', 'dynamic_partial'],
  description: 'a partial that does not exist (or a dynamic partial name)',
  help: 'create partials/<name>.hbs or fix the name',
});

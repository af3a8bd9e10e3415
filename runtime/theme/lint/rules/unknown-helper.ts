// Reports the engine's own 'unknown_helper' errors (Theme.errors(); the codes error-codes.ts gives
// this rule): the linter and the runtime agree.
import { KNOWN_HELPERS } from '../../helpers/index.js';
import { themeErrorRule } from '../theme-errors.js';

export default themeErrorRule({
  id: 'unknown-helper',
  description: 'a helper the theme language does not have',
  help: `use a helper of the theme language: ${[...KNOWN_HELPERS].sort().join(', ')}`,
});

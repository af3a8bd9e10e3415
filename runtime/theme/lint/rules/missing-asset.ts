// Reports the engine's own 'missing_asset' errors (Theme.errors(); the codes error-codes.ts gives
// this rule): the linter and the runtime agree.
import { themeErrorRule } from '../theme-errors.js';

export default themeErrorRule({
  id: 'missing-asset',
  description: '{{asset}} of a file that does not exist under assets/',
  help: 'add the file under assets/ or fix the path',
});

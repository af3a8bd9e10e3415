// A helper argument of a type the helper does not take (`{{date product.name}}`), against the
// parameter types each helper declares (runtime/theme/helpers/*.ts, `signature`).
import { typeRule } from '../typed.js';

export default typeRule({
  id: 'helper-argument-type',
  description:
    'a helper argument whose type the helper does not take: `date` a date-time string, `urlencode` text, `gt`/`lt` numbers, `asset`/`extends`/`block` a string literal',
  help: 'pass a value of the declared type (e.g. `{{date order.placed_at}}`), or another field',
});

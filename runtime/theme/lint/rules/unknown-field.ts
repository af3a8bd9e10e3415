// A field the JSON Schema of a template object does not have ({{product.descripton}}), found by
// the type checker (runtime/theme/types/); the message suggests the closest field.
import { typeRule } from '../typed.js';

export default typeRule({
  id: 'unknown-field',
  description:
    'a field the JSON Schema of a template object, data-call result, block parameter or `this` does not have (`{{product.descripton}}`)',
  help: 'use a field the schema declares (runtime/schemas/*.json); the message suggests the closest one',
});

// A name nothing defines where it is read: not a template object, a {{set}} value or a block
// parameter in scope (`{{prodcut.name}}`); found by the type checker (runtime/theme/types/).
import { typeRule } from '../typed.js';

export default typeRule({
  id: 'undefined-variable',
  description:
    'a name that is not a template object, a `{{set}}` value or a block parameter in scope (`{{prodcut.name}}` outside `as |product|`)',
  help: 'fix the name, bind it with `{{#with (…) as |name|}}`/`{{#each … as |name|}}`, or `{{set}}` it',
});

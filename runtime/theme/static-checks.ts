// Checks that need only one template's AST: calls of unknown helpers and calls of data as functions.
import { walk, type Program } from './parse.js';
import { TemplateError } from './errors.js';
import { KNOWN_HELPERS } from './helpers/index.js';
import type { TemplateObjects } from './objects.js';

/** Errors for helper calls the theme language does not have (with file:line). */
export function checkHelperCalls(ast: Program, file: string, objects: TemplateObjects): TemplateError[] {
  const errors: TemplateError[] = [];
  walk(ast, (node) => {
    if (node.type !== 'MustacheStatement' && node.type !== 'BlockStatement' && node.type !== 'SubExpression')
      return;
    const n = node as hbs.AST.MustacheStatement;
    if (n.path.type !== 'PathExpression') return;
    const path = n.path as hbs.AST.PathExpression;
    const isCall = node.type === 'SubExpression' || n.params.length > 0 || (n.hash?.pairs.length ?? 0) > 0;
    if (!isCall || path.data) return;
    const { line, column } = n.loc.start;
    if (path.parts.length === 1 && path.depth === 0) {
      if (!KNOWN_HELPERS.has(path.parts[0])) {
        errors.push(
          new TemplateError(`unknown helper "${path.parts[0]}"`, 'unknown_helper', file, line, column),
        );
      }
      return;
    }
    if (objects.call(path.original)) return;
    if (path.parts[0] === 'auth') {
      errors.push(
        new TemplateError(
          `auth is data, not a callable: use {{#if auth.check}} and auth.user fields, never ${path.original}(…)`,
          'auth_called',
          file,
          line,
          column,
        ),
      );
    }
  });
  return errors;
}

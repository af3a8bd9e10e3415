// orders.track does no ownership check and does not mask recipient data: it must not replace
// orders.find on the private order pages (pages/my-orders/**).
import { walk } from '../../parse.js';
import type { Rule } from '../types.js';

const rule: Rule = {
  id: 'private-orders-use-find',
  severity: 'error',
  description: 'orders.track used on a private order page (pages/my-orders/**) instead of orders.find',
  help: "use (orders.find id=request.params.id): it returns only the signed-in account's order",
  check(ctx) {
    if (!ctx.ast || !ctx.file.startsWith('pages/my-orders/')) return;
    walk(ctx.ast, (node) => {
      if (
        node.type !== 'MustacheStatement' &&
        node.type !== 'SubExpression' &&
        node.type !== 'BlockStatement'
      )
        return;
      const path = (node as hbs.AST.MustacheStatement).path;
      if (path.type !== 'PathExpression') return;
      const parts = (path as hbs.AST.PathExpression).parts;
      const p = (path as hbs.AST.PathExpression).data && parts[0] === 'root' ? parts.slice(1) : parts;
      if (p[0] === 'orders' && p[1] === 'track') {
        ctx.report({
          line: node.loc.start.line,
          column: node.loc.start.column + 1,
          endLine: node.loc.end.line,
          endColumn: node.loc.end.column + 1,
          message:
            'orders.track on a private order page does not check ownership: use (orders.find id=request.params.id)',
        });
      }
    });
  },
};
export default rule;

// The {{t "key"}} calls of a theme's templates, for the translation-key-* rules and the language
// server: literal keys with their position, and whether any call names its key some other way.
import { walk, type Program } from '../parse.js';

/** One {{t "key"}} (or (t "key")) with a literal key. */
export interface TranslationUse {
  key: string;
  file: string;
  /** 1-based line and 0-based column of the key's string literal. */
  line: number;
  column: number;
}

/** The literal keys of one template's {{t}} calls, and whether one of its calls has a non-literal key. */
export function translationUses(ast: Program, file: string): { uses: TranslationUse[]; dynamic: boolean } {
  const uses: TranslationUse[] = [];
  let dynamic = false;
  walk(ast, (node) => {
    if (node.type !== 'MustacheStatement' && node.type !== 'SubExpression' && node.type !== 'BlockStatement')
      return;
    const n = node as hbs.AST.MustacheStatement;
    if (n.path.type !== 'PathExpression' || (n.path as hbs.AST.PathExpression).original !== 't') return;
    const param = n.params[0];
    if (param?.type === 'StringLiteral') {
      const { line, column } = param.loc.start;
      uses.push({ key: (param as hbs.AST.StringLiteral).value, file, line, column });
    } else if (param) dynamic = true;
  });
  return { uses, dynamic };
}

/** Every literal {{t}} key of the templates among paths (ASTs from ast()), and whether any key is not a literal. */
export function themeTranslationUses(
  paths: string[],
  ast: (path: string) => Program | null,
): { uses: TranslationUse[]; dynamic: boolean } {
  const uses: TranslationUse[] = [];
  let dynamic = false;
  for (const file of paths.filter((p) => /^(?:layouts|pages|partials)\/.+\.hbs$/.test(p))) {
    const tree = ast(file);
    if (!tree) {
      // A template that does not parse may use any key: the unused-key rule cannot decide.
      dynamic = true;
      continue;
    }
    const found = translationUses(tree, file);
    uses.push(...found.uses);
    dynamic ||= found.dynamic;
  }
  return { uses, dynamic };
}

// The scope stack of a template as Handlebars resolves names in it:
// - contexts: `this` and the ones `../` reaches. Only blocks that change the context push one
//   ({{#each}}/{{#for}} the item, {{#with}} the value); {{#if}}, {{#unless}}, {{#extends}} and
//   {{#block}} keep it, as Handlebars' depths do;
// - block parameters (`as |product|`, `as |item i|`), lexical in the template, shadowing context
//   fields of the same name (never reached through `this.` or `../`);
// - data variables of the innermost {{#each}} (@index, @key, @first, @last) and @root, the page scope.
import { ANY, type Type } from './model.js';

/** One context: its type and how messages name it (`this`, `an item of listing.items`). */
export interface Context {
  type: Type;
  name: string;
}

/** An immutable scope; each block gets a new one. */
export class Scope {
  private constructor(
    /** Contexts, innermost first: contexts[0] is `this`, contexts[n] what `n` times `../` reaches. */
    readonly contexts: readonly Context[],
    /** Block parameters visible here (inner ones shadow outer ones). */
    readonly params: ReadonlyMap<string, Type>,
    /** Data variables (`index` for @index…) of the innermost {{#each}}. */
    readonly data: ReadonlyMap<string, Type>,
    /** What @root is: the page scope. */
    readonly root: Type,
  ) {}

  /** The scope at the top of a template: `this` (the page scope for pages, else what callers pass). */
  static top(root: Type, self: Context = { type: root, name: 'the page' }): Scope {
    return new Scope([self], new Map(), new Map(), root);
  }

  /** `this`. */
  get self(): Context {
    return this.contexts[0];
  }

  /** The context `depth` levels up (`../` is 1); unknown beyond the template's first: any. */
  up(depth: number): Context {
    return this.contexts[depth] ?? { type: ANY, name: '../'.repeat(depth) };
  }

  /** A block that renders its body with a new `this`. */
  withContext(context: Context): Scope {
    return new Scope([context, ...this.contexts], this.params, this.data, this.root);
  }

  /** A block that gives its body block parameters (`as |a b|`). */
  withParams(names: readonly string[], types: readonly Type[]): Scope {
    if (!names.length) return this;
    const params = new Map(this.params);
    names.forEach((name, i) => params.set(name, types[i] ?? ANY));
    return new Scope(this.contexts, params, this.data, this.root);
  }

  /** A block that gives its body data variables (@index…). */
  withData(data: ReadonlyMap<string, Type>): Scope {
    return new Scope(this.contexts, this.params, data, this.root);
  }

  /** The same scope seen by a body whose `this` is unknown (partial blocks, inline partials). */
  unknownSelf(): Scope {
    return new Scope([{ type: ANY, name: 'this' }], this.params, new Map(), this.root);
  }
}

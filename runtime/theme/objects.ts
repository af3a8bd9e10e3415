// What a template can read, declared once per domain (runtime/<domain>/template-objects.ts) and
// listed in runtime/template-objects.ts. The engine, check-theme, the dev server and the docs read
// these declarations; none of them keeps a list of its own. The engine never imports a domain: the
// list is handed to it (Theme.load), so the run functions stay with the domains that own the data.

/** The type of a data-call argument: integers come from literals or digits in the URL. */
export type ArgType = 'int' | 'string';

interface Declared {
  /** `products.paginate`, `cart`, `auth`. */
  name: string;
  /** The JSON Schema of its value (runtime/schemas/<schema>.json); null when it has none. */
  schema: string | null;
  /** Per visitor (auth, cart, own orders): a page that reads it is never cached. */
  private: boolean;
  /** One sentence for the docs, hover and completion. */
  description: string;
}

/** A data call (`{{#with (products.find slug=request.params.slug) as |product|}}`), run before the render. */
export interface DataCallDeclaration<Scope = never> extends Declared {
  kind: 'call';
  args: Readonly<Record<string, ArgType>>;
  required: readonly string[];
  run: (scope: Scope, args: Record<string, unknown>) => Promise<unknown>;
}

/** An object loaded before the render when a template reads it (`cart`). */
export interface LoadedObjectDeclaration<Scope = never> extends Declared {
  kind: 'object';
  load: (scope: Scope) => Promise<unknown>;
}

/** A value the server supplies to every render (`auth`, `csrf_token`, `request`, `site`). */
export interface ContextValueDeclaration extends Declared {
  kind: 'context';
}

/** Any entry of the registry, its run functions taking Scope. */
export type TemplateObjectDeclaration<Scope = never> =
  DataCallDeclaration<Scope> | LoadedObjectDeclaration<Scope> | ContextValueDeclaration;

/** Declares a data call (keeps the literal types of a domain's declaration). */
export function defineDataCall<Scope>(
  declaration: Omit<DataCallDeclaration<Scope>, 'kind'>,
): DataCallDeclaration<Scope> {
  return { kind: 'call', ...declaration };
}

/** Declares an object loaded before the render when a template reads it. */
export function defineLoadedObject<Scope>(
  declaration: Omit<LoadedObjectDeclaration<Scope>, 'kind'>,
): LoadedObjectDeclaration<Scope> {
  return { kind: 'object', ...declaration };
}

/** Declares a value every render receives from the server. */
export function defineContextValue(
  declaration: Omit<ContextValueDeclaration, 'kind'>,
): ContextValueDeclaration {
  return { kind: 'context', ...declaration };
}

// What the engine itself needs of an entry: the run functions are the caller's business.
type Metadata =
  | Omit<DataCallDeclaration<never>, 'run'>
  | Omit<LoadedObjectDeclaration<never>, 'load'>
  | ContextValueDeclaration;

/** The registry as the engine reads it: entries by name and by the root name templates write. */
export class TemplateObjects {
  private readonly byName = new Map<string, Metadata>();
  /** Root names that start a data call (`products`, `orders`). */
  readonly callHeads = new Set<string>();

  constructor(declarations: readonly Metadata[]) {
    for (const d of declarations) {
      if (this.byName.has(d.name)) throw new Error(`template object ${d.name} is declared twice`);
      this.byName.set(d.name, d);
      if (d.kind === 'call') this.callHeads.add(d.name.split('.')[0]!);
    }
  }

  /** Every declaration, in registry order. */
  all(): Metadata[] {
    return [...this.byName.values()];
  }

  /** The data call with this name, or undefined. */
  call(name: string): Omit<DataCallDeclaration<never>, 'run'> | undefined {
    const d = this.byName.get(name);
    return d?.kind === 'call' ? d : undefined;
  }

  /** The object or context value a template reads under this root name, or undefined. */
  root(name: string): Metadata | undefined {
    const d = this.byName.get(name);
    return d && d.kind !== 'call' ? d : undefined;
  }

  /** Names of every data call. */
  callNames(): string[] {
    return this.all()
      .filter((d) => d.kind === 'call')
      .map((d) => d.name);
  }
}

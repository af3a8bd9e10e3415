// The storefront language server (`storefront language-server --stdio`): diagnostics from the
// theme linter as you type, completion, hover and go-to-definition for theme templates. Every
// answer comes from the engine's own code (linter, type checker, registry, helpers); see the
// modules next to this one.
import { performance } from 'node:perf_hooks';
import {
  TextDocuments,
  TextDocumentSyncKind,
  type Connection,
  type Diagnostic,
  type InitializeResult,
} from 'vscode-languageserver';
import { createConnection, StreamMessageReader, StreamMessageWriter } from 'vscode-languageserver/node';
import { TextDocument } from 'vscode-languageserver-textdocument';
import { TEMPLATE_OBJECTS } from '../runtime/template-objects.js';
import { loadLintConfig, type ThemeLintConfig } from '../runtime/theme/lint/config.js';
import type { ThemeSources } from '../runtime/theme/lint/theme-files.js';
import type { TypeContext } from '../runtime/theme/types/index.js';
import { complete } from './completion.js';
import { definition } from './definition.js';
import { lintDiagnostics } from './diagnostics.js';
import { themeOf, themeSources, themeTypes, uriToPath, type ThemeFile } from './documents.js';
import { hover } from './hover.js';

/** How long a burst of keystrokes is waited out before the theme is linted again. */
const LINT_DELAY_MS = 100;

/** Starts the server on the process's stdin and stdout; resolves when the connection closes. */
export function startStdioServer(): Promise<void> {
  const connection = createConnection(
    new StreamMessageReader(process.stdin),
    new StreamMessageWriter(process.stdout),
  );
  return new Promise((resolve) => {
    connection.onExit(() => resolve());
    serve(connection);
    connection.listen();
  });
}

/** Wires the features to a connection (tests may hand in their own). */
export function serve(connection: Connection): void {
  const documents = new TextDocuments(TextDocument);
  const objects = TEMPLATE_OBJECTS;
  let workspaceRoots: string[] = [];
  /** Bumped on every edit, save and file event: cached analyses of an older generation are stale. */
  let generation = 0;
  const cache = new Map<string, { generation: number; files: ThemeSources; context?: TypeContext }>();
  const timers = new Map<string, NodeJS.Timeout>();

  const log = (message: string) => connection.console.log(message);

  const fileOf = (uri: string): ThemeFile | null => {
    const path = uriToPath(uri);
    return path && path.endsWith('.hbs') ? themeOf(path, workspaceRoots) : null;
  };

  const sourcesOf = (root: string): ThemeSources => {
    const hit = cache.get(root);
    if (hit?.generation === generation) return hit.files;
    const files = themeSources(root, documents.all());
    cache.set(root, { generation, files });
    return files;
  };

  const typesOf = (root: string): TypeContext => {
    const files = sourcesOf(root);
    const entry = cache.get(root)!;
    entry.context ??= themeTypes(files, objects);
    return entry.context;
  };

  const configOf = (root: string): ThemeLintConfig | undefined => {
    try {
      return loadLintConfig(root);
    } catch (err) {
      log(`storefront: ${(err as Error).message}; linting with the default rules`);
      return undefined;
    }
  };

  /** Lints a theme and publishes the findings of every open document in it. */
  const lint = (root: string) => {
    timers.delete(root);
    const started = performance.now();
    let byFile: Map<string, Diagnostic[]>;
    try {
      byFile = lintDiagnostics(sourcesOf(root), objects, root, configOf(root));
    } catch (err) {
      log(`storefront: the linter failed on ${root}: ${(err as Error).stack ?? String(err)}`);
      return;
    }
    const ms = performance.now() - started;
    let published = 0;
    for (const doc of documents.all()) {
      const at = fileOf(doc.uri);
      if (!at || at.root !== root) continue;
      void connection.sendDiagnostics({
        uri: doc.uri,
        version: doc.version,
        diagnostics: byFile.get(at.file) ?? [],
      });
      published++;
    }
    log(`storefront: linted ${root} in ${ms.toFixed(1)} ms (${published} open documents)`);
  };

  const schedule = (uri: string) => {
    generation++;
    const at = fileOf(uri);
    if (!at) return;
    clearTimeout(timers.get(at.root));
    timers.set(
      at.root,
      setTimeout(() => lint(at.root), LINT_DELAY_MS),
    );
  };

  connection.onInitialize((params): InitializeResult => {
    const folders = params.workspaceFolders?.map((f) => f.uri) ?? (params.rootUri ? [params.rootUri] : []);
    workspaceRoots = folders.map(uriToPath).filter((p): p is string => p !== null);
    return {
      capabilities: {
        textDocumentSync: { openClose: true, change: TextDocumentSyncKind.Incremental, save: true },
        completionProvider: { triggerCharacters: ['.', '>', '"', '{', '@', '/'] },
        hoverProvider: true,
        definitionProvider: true,
      },
      serverInfo: { name: 'storefront' },
    };
  });

  documents.onDidChangeContent((e) => schedule(e.document.uri));
  documents.onDidSave((e) => schedule(e.document.uri));
  documents.onDidClose((e) => {
    void connection.sendDiagnostics({ uri: e.document.uri, diagnostics: [] });
    schedule(e.document.uri); // the files that use it now see the text on disk
  });
  connection.onDidChangeWatchedFiles((e) => {
    generation++;
    const roots = new Set(e.changes.map((c) => fileOf(c.uri)?.root).filter((r): r is string => !!r));
    for (const root of roots) lint(root);
  });

  const request = (uri: string) => {
    const doc = documents.get(uri);
    const at = fileOf(uri);
    return doc && at ? { doc, at } : null;
  };

  connection.onCompletion((params) => {
    const r = request(params.textDocument.uri);
    if (!r) return [];
    const { doc, at } = r;
    return complete(
      sourcesOf(at.root),
      at.file,
      doc.getText(),
      doc.offsetAt(params.position),
      objects,
      typesOf(at.root),
    );
  });

  connection.onHover((params) => {
    const r = request(params.textDocument.uri);
    if (!r) return null;
    const { doc, at } = r;
    return hover(sourcesOf(at.root), at.file, doc, doc.offsetAt(params.position), objects, typesOf(at.root));
  });

  connection.onDefinition((params) => {
    const r = request(params.textDocument.uri);
    if (!r) return null;
    const { doc, at } = r;
    return definition(at.root, sourcesOf(at.root), doc.getText(), doc.offsetAt(params.position));
  });

  connection.onShutdown(() => {
    for (const timer of timers.values()) clearTimeout(timer);
    timers.clear();
  });

  documents.listen(connection);
}

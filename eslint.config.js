// Lint config: typescript-eslint's recommended rules; formatting is Prettier's job; and the layer
// rule of DESIGN.md: imports point down only (README "Layout of the code").
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import prettier from 'eslint-config-prettier';
import globals from 'globals';

// The layers, top to bottom. A file may import its own layer and those below, never one above.
const DOMAINS = ['accounts', 'cart', 'checkout', 'orders', 'catalog', 'media', 'sites', 'sessions'];
const INFRASTRUCTURE = [
  'config-error',
  'config',
  'database-url',
  'db-deadline',
  'db-engine',
  'db-errors',
  'db-raw',
  'db-retry',
  'db',
  'errors',
  'ids',
  'logger',
  'maintenance',
  'media-urls',
  'metrics',
  'migrate',
  'money',
  'next-url',
  'paging',
  'paths',
  'secrets',
  'server',
  'time',
  'user-error',
];
const above = {
  bin: ['**/bin/**'],
  devserver: ['**/devserver/**'],
  // web assembly: routes, pages, middleware, the app and what builds it
  web: [
    '**/http/**',
    '**/*/routes.js',
    '**/fixtures/**',
    '**/app.js',
    '**/bootstrap.js',
    '**/deps.js',
    '**/metrics-server.js',
    '**/template-objects.js', // the registry (domains declare theirs in their own folder, imported by it)
  ],
  domains: DOMAINS.map((d) => `**/${d}/**`),
};
/** no-restricted-imports for a layer: everything from the listed layers above it is refused. */
const refuse = (layer, ...groups) => ({
  'no-restricted-imports': [
    'error',
    {
      patterns: [
        {
          group: groups.flatMap((g) => above[g]),
          message: `${layer} must not import upward (layers: bin → devserver → web → domains → engine/infrastructure; see README "Layout of the code")`,
        },
      ],
    },
  ],
});

export default tseslint.config(
  { ignores: ['dist/', 'node_modules/', 'test-results/', 'bench/results/'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  prettier,
  {
    languageOptions: { globals: { process: 'readonly', console: 'readonly' } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
    },
  },
  {
    // Scripts that run in the shopper's or designer's browser.
    files: ['themes-starter/assets/**/*.js', 'devserver/client/**/*.js', 'test/fixtures/themes/**/*.js'],
    languageOptions: { sourceType: 'script', globals: globals.browser },
  },
  {
    // The VS Code extension (editors/vscode/): CommonJS run by the editor's Node.
    files: ['editors/vscode/**/*.js'],
    languageOptions: { sourceType: 'commonjs', globals: globals.node },
    rules: { '@typescript-eslint/no-require-imports': 'off' },
  },
  { files: ['devserver/**/*.ts'], rules: refuse('devserver', 'bin') },
  // The language server (storefront language-server): beside devserver, it reads runtime/ only.
  { files: ['language-server/**/*.ts'], rules: refuse('the language server', 'bin', 'devserver') },
  {
    files: ['runtime/http/**/*.ts', 'runtime/*/routes.ts', 'runtime/fixtures/**/*.ts', 'runtime/*.ts'],
    rules: refuse('the web layer', 'bin', 'devserver'),
  },
  {
    files: DOMAINS.map((d) => `runtime/${d}/**/*.ts`),
    ignores: ['runtime/*/routes.ts'],
    rules: refuse('a domain', 'bin', 'devserver', 'web'),
  },
  {
    files: [
      'runtime/theme/**/*.ts',
      'runtime/schemas/**/*.ts',
      ...INFRASTRUCTURE.map((f) => `runtime/${f}.ts`),
    ],
    rules: refuse('the engine and infrastructure', 'bin', 'devserver', 'web', 'domains'),
  },
);

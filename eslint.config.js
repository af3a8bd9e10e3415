// Lint config: typescript-eslint's recommended rules; formatting is Prettier's job.
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import prettier from 'eslint-config-prettier';
import globals from 'globals';

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
);

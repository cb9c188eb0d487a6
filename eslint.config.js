import js from '@eslint/js';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

/**
 * Lint rules and module boundaries (docs/ARCHITECTURE.md, "Module boundaries"):
 * - packages/shared imports no app, no node:*, no react, no drizzle;
 * - the web app never imports the server, and the server never imports the web app;
 * - server plugins and lib do not import business modules;
 * - business modules do not import the background workers (workers call modules, not the reverse);
 * - no server function is longer than 120 lines.
 */
export default tseslint.config(
  {
    ignores: ['**/dist/**', '**/node_modules/**', 'apps/server/drizzle/**', 'test-results/**', 'playwright-report/**'],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports' }],
      '@typescript-eslint/no-explicit-any': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
    },
  },
  {
    files: ['packages/shared/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            { group: ['node:*'], message: 'shared code runs in the browser too: no Node built-ins.' },
            {
              group: ['react', 'react-*', 'drizzle-orm', 'drizzle-orm/*', 'fastify'],
              message: 'shared is framework-free.',
            },
            { group: ['**/apps/**', '@parish/server', '@parish/web'], message: 'shared may not import an app.' },
          ],
        },
      ],
    },
  },
  {
    files: ['apps/web/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      'react-hooks/set-state-in-effect': 'off',
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['**/apps/server/**', '@parish/server', 'drizzle-orm', 'fastify'],
              message: 'The web app talks to the server over HTTP only.',
            },
            { group: ['@parish/shared/src/*'], message: 'Import @parish/shared, not its files.' },
          ],
        },
      ],
    },
  },
  {
    files: ['apps/server/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            { group: ['**/apps/web/**', '@parish/web', 'react'], message: 'The server does not import the web app.' },
          ],
        },
      ],
    },
  },
  {
    files: ['apps/server/src/plugins/**/*.ts', 'apps/server/src/lib/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['**/modules/**'],
              message: 'plugins and lib are below the business modules: they may not import them.',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['apps/server/src/modules/**/*.ts'],
    rules: {
      // Repeats the server-wide pattern: a later block's options replace an earlier block's.
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            { group: ['**/apps/web/**', '@parish/web', 'react'], message: 'The server does not import the web app.' },
            {
              group: ['**/workers/**'],
              message: 'Business modules do not import the workers: src/server.ts starts them, and they call modules.',
            },
          ],
        },
      ],
    },
  },
  {
    // A function a newcomer can read at once: at most 120 lines from its first line to its last,
    // nested functions included, so that a route plugin registers routes and delegates.
    files: ['apps/server/src/**/*.ts'],
    ignores: ['**/*.test.ts'],
    rules: {
      'max-lines-per-function': ['error', { max: 120, skipBlankLines: false, skipComments: false, IIFEs: true }],
    },
  },
);

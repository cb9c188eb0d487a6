import { readdirSync, readFileSync } from 'node:fs';

import js from '@eslint/js';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

/** What every web file may not import: the server (the web app talks to it over HTTP only). */
const WEB_IMPORT_PATTERNS = [
  {
    group: ['**/apps/server/**', '@parish/server', 'drizzle-orm', 'fastify'],
    message: 'The web app talks to the server over HTTP only.',
  },
  { group: ['@parish/shared/src/*'], message: 'Import @parish/shared, not its files.' },
];

/** The web app's feature folders (apps/web/src/features/<feature>/). */
const WEB_FEATURES = readdirSync(new URL('./apps/web/src/features/', import.meta.url), { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);

/** Deepest folder level inside a feature the zones cover (features/x/a/b/c/file.ts). */
const MAX_FEATURE_DEPTH = 3;

const escapeRegex = (text) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * The web zones (docs/ARCHITECTURE.md): a file under apps/web/src/features/<feature>/ imports its
 * own feature folder, apps/web/src/components/, lib/, i18n/, packages and @parish/shared, never
 * another feature nor the routes of app/; components/ and lib/ import no feature and no route.
 * Only app/ composes features.
 *
 * Written with ESLint's own no-restricted-imports, one config per feature folder and depth, rather
 * than eslint-plugin-import-x's no-restricted-paths: that plugin (and the resolver it needs) is not
 * a dependency of the project, and the imports here are all relative paths whose meaning follows
 * from the importing file's depth, which a glob per depth pins down. A relative import that climbs
 * exactly to features/ and enters another folder is refused, as is any path through another
 * feature's folder or through app/.
 */
function webZones() {
  const configs = [
    {
      files: ['apps/web/src/components/**/*.{ts,tsx}', 'apps/web/src/lib/**/*.{ts,tsx}', 'apps/web/src/i18n/**/*.ts'],
      rules: {
        'no-restricted-imports': [
          'error',
          {
            patterns: [
              ...WEB_IMPORT_PATTERNS,
              {
                regex: '(^|/)(features|app)(/|$)',
                message: 'components/, lib/ and i18n/ are below the features and routes: they may not import them.',
              },
            ],
          },
        ],
      },
    },
  ];
  for (const feature of WEB_FEATURES) {
    const own = escapeRegex(feature);
    for (let depth = 0; depth <= MAX_FEATURE_DEPTH; depth += 1) {
      configs.push({
        files: [`apps/web/src/features/${feature}/${'*/'.repeat(depth)}*.{ts,tsx}`],
        rules: {
          'no-restricted-imports': [
            'error',
            {
              patterns: [
                ...WEB_IMPORT_PATTERNS,
                {
                  // Up to features/ (depth + 1 times '../'), then into a folder that is not this feature.
                  regex: `^(\\.\\./){${depth + 1}}(?!${own}(/|$)|\\.\\.(/|$))[^/]+`,
                  message: `A file of features/${feature} imports only its own feature, components/, lib/, i18n/ and packages: never another feature.`,
                },
                {
                  regex: `(^|/)features/(?!${own}(/|$))|(^|/)app/`,
                  message: `A file of features/${feature} may not import another feature or a route of app/.`,
                },
              ],
            },
          ],
        },
      });
    }
  }
  return configs;
}

/** What every server file may not import: the web app. */
const SERVER_IMPORT_PATTERNS = [
  { group: ['**/apps/web/**', '@parish/web', 'react'], message: 'The server does not import the web app.' },
];

/** What no business module may import: the workers (they call modules, not the reverse). */
const MODULE_IMPORT_PATTERNS = [
  ...SERVER_IMPORT_PATTERNS,
  {
    group: ['**/workers/**'],
    message: 'Business modules do not import the workers: src/server.ts starts them, and they call modules.',
  },
];

/** The ranks of the server's business modules, lowest first (apps/server/module-order.json). */
const MODULE_RANKS = JSON.parse(
  readFileSync(new URL('./apps/server/module-order.json', import.meta.url), 'utf8'),
).ranks;

/** Deepest folder level inside a server module the rules cover (modules/x/a/b/c/file.ts). */
const MAX_MODULE_DEPTH = 3;

/**
 * The order of the server modules (docs/ARCHITECTURE.md, "Server modules"), with ESLint's own
 * no-restricted-imports as for the web zones: one config per module folder and depth, because the
 * imports are relative paths whose meaning follows from the importing file's depth.
 * - A file of modules/<name>/ imports only its own folder and the modules ranked below <name> in
 *   apps/server/module-order.json: an import that climbs exactly to modules/ and enters any other
 *   folder (one of the same rank or above, or one not ranked) is refused, as is a path through
 *   modules/ from higher up.
 * - A route file (`*.routes.ts`) imports only its own module's files, besides lib/, plugins/, db/,
 *   config/, context.ts, types.ts, @parish/shared and packages: a route calls only its own
 *   module's services.
 * Each config repeats the module patterns (workers, the web app): a later block's options replace
 * an earlier block's.
 */
function serverModuleOrder() {
  const configs = [];
  const below = [];
  for (const rank of MODULE_RANKS) {
    for (const name of rank) {
      const own = escapeRegex(name);
      const allowed = [name, ...below].map(escapeRegex).join('|');
      const lower = below.length > 0 ? below.join(', ') : 'none';
      const orderMessage = `modules/${name} imports only the modules ranked below it in apps/server/module-order.json (${lower}); see docs/ARCHITECTURE.md, "Server modules".`;
      for (let depth = 0; depth <= MAX_MODULE_DEPTH; depth += 1) {
        const folder = `apps/server/src/modules/${name}/${'*/'.repeat(depth)}`;
        const order = [
          // Up to modules/ (depth + 1 times '../'), then into a folder that is not this one nor below it.
          { regex: `^(\\.\\./){${depth + 1}}(?!(${allowed})(/|$)|\\.\\.(/|$))[^/]+`, message: orderMessage },
          { regex: `^(\\.\\./){${depth + 2},}(.+/)?modules/(?!(${allowed})(/|$))`, message: orderMessage },
        ];
        const routeOnly = {
          regex: `^(\\.\\./){${depth + 1}}(?!${own}(/|$)|\\.\\.(/|$))[^/]+|^(\\.\\./){${depth + 2},}(.+/)?modules/(?!${own}(/|$))`,
          message: `A route file of modules/${name} imports only its own module's files (and lib/, plugins/, db/, config/, context.ts, types.ts, packages): a route calls only its own module's services.`,
        };
        configs.push(
          {
            files: [`${folder}*.ts`],
            ignores: ['**/*.routes.ts'],
            rules: { 'no-restricted-imports': ['error', { patterns: [...MODULE_IMPORT_PATTERNS, ...order] }] },
          },
          {
            files: [`${folder}*.routes.ts`],
            rules: {
              'no-restricted-imports': ['error', { patterns: [...MODULE_IMPORT_PATTERNS, ...order, routeOnly] }],
            },
          },
        );
      }
    }
    below.push(...rank);
  }
  return configs;
}

/**
 * Lint rules and module boundaries (docs/ARCHITECTURE.md, "Module boundaries"):
 * - packages/shared imports no app, no node:*, no react, no drizzle;
 * - the web app never imports the server, and the server never imports the web app;
 * - server plugins and lib do not import business modules;
 * - business modules do not import the background workers (workers call modules, not the reverse);
 * - no server or web function is longer than 120 lines;
 * - the web app's features import no other feature (see webZones).
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
      'no-restricted-imports': ['error', { patterns: WEB_IMPORT_PATTERNS }],
    },
  },
  ...webZones(),
  {
    files: ['apps/server/**/*.ts'],
    rules: { 'no-restricted-imports': ['error', { patterns: SERVER_IMPORT_PATTERNS }] },
  },
  {
    files: ['apps/server/src/plugins/**/*.ts', 'apps/server/src/lib/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            ...SERVER_IMPORT_PATTERNS,
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
    // Any file under modules/ that serverModuleOrder does not reach (deeper than MAX_MODULE_DEPTH).
    files: ['apps/server/src/modules/**/*.ts'],
    rules: { 'no-restricted-imports': ['error', { patterns: MODULE_IMPORT_PATTERNS }] },
  },
  ...serverModuleOrder(),
  {
    // A function a newcomer can read at once: at most 120 lines from its first line to its last,
    // nested functions included, so that a route plugin registers routes and delegates and a
    // component renders while its hooks hold the state and its helpers derive the values.
    files: ['apps/server/src/**/*.ts', 'apps/web/src/**/*.{ts,tsx}'],
    ignores: ['**/*.test.ts', '**/*.test.tsx'],
    rules: {
      'max-lines-per-function': ['error', { max: 120, skipBlankLines: false, skipComments: false, IIFEs: true }],
    },
  },
);

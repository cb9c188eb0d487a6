import { defineConfig } from 'vitest/config';

/**
 * Unit and integration tests (`npm run test:unit`). Four projects:
 * - `shared`: the domain rules of packages/shared;
 * - `web`: the pure modules of apps/web (payment rules, money, CSV, the payment flow's states,
 *   error texts, URL building), in Node: no browser, no React rendering;
 * - `web-dom`: render tests of apps/web's screens (`*.test.tsx`) in jsdom with React Testing
 *   Library, the API answered by MSW from the shared contracts (apps/web/src/test/dom-setup.ts).
 *   Its files share one jsdom and one module graph (`isolate: false`, half the CPU time): each test
 *   leaves nothing behind (dom-setup.ts unmounts, resets the handlers and empties the storage), and
 *   a test that needs `vi.mock` belongs in a project of its own;
 * - `server`: apps/server, through `app.inject` against a database. PGlite by default (every test
 *   file starts from a migrated template made once by the global setup); a PostgreSQL server when
 *   `TEST_DATABASE_URL` is set (every test app gets a database of its own on it).
 * Forks, at most two at a time: the box has two cores, and PGlite and Argon2 are CPU-bound.
 */
export default defineConfig({
  test: {
    pool: 'forks',
    maxWorkers: 2,
    projects: [
      {
        test: {
          name: 'shared',
          root: './packages/shared',
          include: ['src/**/*.test.ts'],
          environment: 'node',
        },
      },
      {
        test: {
          name: 'web',
          root: './apps/web',
          include: ['src/**/*.test.ts'],
          environment: 'node',
        },
      },
      {
        test: {
          name: 'web-dom',
          root: './apps/web',
          include: ['src/**/*.test.tsx'],
          environment: 'jsdom',
          setupFiles: ['./src/test/dom-setup.ts'],
          isolate: false,
          testTimeout: 15_000,
        },
      },
      {
        test: {
          name: 'server',
          root: './apps/server',
          include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
          environment: 'node',
          globalSetup: ['./test/global-setup.ts'],
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
    ],
  },
});

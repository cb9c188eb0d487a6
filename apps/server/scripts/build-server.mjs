// Builds the server for `npm start`: one ES module, `dist/server.mjs`, with its source map, from
// `src/server.ts` and the shared package's TypeScript (`@parish/shared`). Every other package stays
// an import from node_modules. A restart then loads one file instead of compiling some 200 modules
// through tsx: about a second less on a 2-core machine (`npm run bench -- --only=startup`; issue 18).
// The bundle sits one folder below `apps/server`, as `src/paths.ts` does, so the folders the server
// finds from there (migrations, the web build) are the same.
import { readFileSync } from 'node:fs';

import { build } from 'esbuild';

const root = new URL('..', import.meta.url);
const manifest = JSON.parse(readFileSync(new URL('package.json', root), 'utf8'));
const external = Object.keys(manifest.dependencies)
  .filter((name) => !name.startsWith('@parish/'))
  .flatMap((name) => [name, `${name}/*`]);

await build({
  absWorkingDir: new URL('.', root).pathname,
  entryPoints: ['src/server.ts'],
  outfile: 'dist/server.mjs',
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  sourcemap: true,
  // Paths in the map relative to the bundle, so it carries no path of the building machine.
  sourceRoot: '',
  external,
  logLevel: 'warning',
});

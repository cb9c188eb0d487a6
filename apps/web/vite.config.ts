import { createRequire } from 'node:module';
import path from 'node:path';

import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { compression, defineAlgorithm } from 'vite-plugin-compression2';

/**
 * React Router's production build. Its package sends bundlers its development build under every
 * condition (extra checks and warnings: about 10 KB more over the wire for a member's phone,
 * issue 18), so a production build points at `dist/production` itself.
 */
const reactRouterProduction = path.join(
  path.dirname(createRequire(import.meta.url).resolve('react-router/package.json')),
  'dist/production/index.mjs',
);

export default defineConfig(({ mode }) => ({
  resolve: { alias: mode === 'production' ? [{ find: /^react-router$/, replacement: reactRouterProduction }] : [] },
  plugins: [
    react(),
    // Brotli (quality 11) and gzip (level 9) copies of every script, style sheet and page next to
    // the original, made once at build time; the server sends the one the browser accepts
    // (`@fastify/static` preCompressed), so a phone downloads about a quarter of the bytes.
    compression({
      include: /\.(js|css|html|svg|json)$/,
      threshold: 1024,
      skipIfLargerOrEqual: true,
      algorithms: [defineAlgorithm('brotliCompress'), defineAlgorithm('gzip', { level: 9 })],
    }),
  ],
  build: { outDir: 'dist', sourcemap: false, chunkSizeWarningLimit: 600 },
  server: { proxy: { '/api': 'http://localhost:3000' } },
}));

import { createRequire } from 'node:module';
import path from 'node:path';

import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { compression, defineAlgorithm } from 'vite-plugin-compression2';

import { firstScreenChunks } from './first-screen-chunks.ts';
import { memberLoginPagePlugin } from './prerender-plugin.ts';

/**
 * React Router's production build. Its package sends bundlers its development build under every
 * condition (extra checks and warnings: about 10 KB more over the wire for a member's phone,
 * issue 18), so a production build points at `dist/production` itself.
 */
const reactRouterProduction = path.join(
  path.dirname(createRequire(import.meta.url).resolve('react-router/package.json')),
  'dist/production/index.mjs',
);

const src = (file: string) => path.join(import.meta.dirname, 'src', file);

/**
 * The member's first screens (decision 0150): the app's entry (what every screen runs), the member
 * sign-in and the member portal (the dashboard), and the member's next step, the payment dialogs
 * (decision 0158). Their modules go to a few chunks: see `first-screen-chunks.ts`.
 */
const FIRST_SCREENS = {
  entry: src('main.tsx'),
  signIn: src('app/routes/member-login.tsx'),
  portal: src('app/routes/customer/customer-dashboard.tsx'),
  pay: src('features/portal/payment-dialogs.tsx'),
};

/**
 * The browser's build, and within it (`prerender-plugin.ts`, decision 0159) a build for Node of the
 * member sign-in's prerender (`isSsrBuild`): that one has neither the first screens' chunks nor
 * compressed copies, and is run and thrown away.
 */
export default defineConfig(({ mode, isSsrBuild }) => ({
  resolve: { alias: mode === 'production' ? [{ find: /^react-router$/, replacement: reactRouterProduction }] : [] },
  plugins: [
    react(),
    memberLoginPagePlugin(),
    // Brotli (quality 11) and gzip (level 9) copies of every script, style sheet and page next to
    // the original, made once at build time; the server sends the one the browser accepts
    // (`@fastify/static` preCompressed), so a phone downloads about a quarter of the bytes.
    !isSsrBuild &&
      compression({
        include: /\.(js|css|html|svg|json)$/,
        threshold: 1024,
        skipIfLargerOrEqual: true,
        algorithms: [defineAlgorithm('brotliCompress'), defineAlgorithm('gzip', { level: 9 })],
      }),
  ],
  build: {
    outDir: 'dist',
    sourcemap: false,
    chunkSizeWarningLimit: 600,
    rolldownOptions: isSsrBuild
      ? {}
      : {
          output: {
            codeSplitting: {
              groups: [
                {
                  name: firstScreenChunks(FIRST_SCREENS),
                  debugName: 'first-screens',
                  includeDependenciesRecursively: false,
                },
              ],
            },
          },
        },
  },
  server: { proxy: { '/api': 'http://localhost:3000' } },
}));

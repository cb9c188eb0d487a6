import path from 'node:path';

/**
 * The server package's folder (`apps/server`), found from this module's own place. This file sits
 * one folder below it (`src/paths.ts`), and so does the bundle `npm run build` makes of the server
 * (`dist/server.mjs`, `scripts/build-server.mjs`), where this code lands: both resolve the same
 * folder. Every file the server reads beside its code is found from here.
 */
export const SERVER_ROOT = path.resolve(import.meta.dirname, '..');

/** Where drizzle-kit writes the committed migrations (`apps/server/drizzle`). */
export const MIGRATIONS_FOLDER = path.join(SERVER_ROOT, 'drizzle');

/** The web app's production build served by default (`apps/web/dist`, `npm run build`). */
export const DEFAULT_WEB_DIST = path.resolve(SERVER_ROOT, '../web/dist');

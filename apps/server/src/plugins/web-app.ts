import path from 'node:path';

import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

import { ErrorCode, MSG } from '@parish/shared';

/**
 * Serves the built web app from `/` (hashed assets cached for a year, `index.html` never cached),
 * with client-side routes falling back to `index.html`. Unknown `/api` paths get the JSON 404.
 * A file's Brotli or gzip copy made by the build (`vite.config.ts`) is sent when the browser
 * accepts it (`Vary: Accept-Encoding`); the original otherwise.
 */
export const webAppPlugin = fp(async (app: FastifyInstance) => {
  const root = app.config.webDistDir;
  if (root) {
    await app.register(fastifyStatic, {
      root,
      index: false,
      preCompressed: true,
      setHeaders(res, filePath) {
        const cacheable = filePath.includes(`${path.sep}assets${path.sep}`);
        res.header('cache-control', cacheable ? 'public, max-age=31536000, immutable' : 'no-cache');
      },
    });
    app.get('/', { config: { roles: 'public' }, schema: { hide: true } }, (_request, reply) =>
      reply.header('cache-control', 'no-cache').sendFile('index.html'),
    );
  }
  app.setNotFoundHandler((request, reply) => {
    const url = request.url.split('?')[0] ?? '';
    if (url.startsWith('/api') || !root || (request.method !== 'GET' && request.method !== 'HEAD')) {
      return reply.status(404).send({ success: false, error: MSG.notFound, code: ErrorCode.NOT_FOUND });
    }
    if (path.extname(url)) {
      return reply.status(404).send({ success: false, error: MSG.notFound, code: ErrorCode.NOT_FOUND });
    }
    return reply.header('cache-control', 'no-cache').sendFile('index.html');
  });
});

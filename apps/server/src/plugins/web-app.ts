import { existsSync } from 'node:fs';
import path from 'node:path';

import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

import { ErrorCode, MSG } from '@parish/shared';

/**
 * Headers a hashed asset (`/assets/…`: scripts, style sheets, fonts) goes without. They govern a
 * document (the page's Content-Security-Policy, framing, opener, referrer, DNS prefetch, the old
 * IE and Flash switches), a revalidation an immutable file never needs (Last-Modified, ETag), or
 * the rate limit's counters, and cost a phone about 1 KB a file on a slow link (issue 31, item 1).
 * Kept: content type, encoding and length, Vary, Cache-Control, `X-Content-Type-Options: nosniff`
 * (a script is run only with its JavaScript type) and `Cross-Origin-Resource-Policy: same-origin`
 * (another site cannot embed it).
 */
export const ASSET_DROPPED_HEADERS = [
  'content-security-policy',
  'cross-origin-opener-policy',
  'origin-agent-cluster',
  'referrer-policy',
  'x-dns-prefetch-control',
  'x-download-options',
  'x-frame-options',
  'x-permitted-cross-domain-policies',
  'x-xss-protection',
  'x-ratelimit-limit',
  'x-ratelimit-remaining',
  'x-ratelimit-reset',
  'last-modified',
  'etag',
] as const;

/**
 * The member sign-in's page with the screen already drawn in it, made by the web build
 * (`apps/web/prerender-plugin.ts`, decision 0159), in the build's folder beside `index.html`.
 */
export const MEMBER_LOGIN_PAGE = 'member-login.html';

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
    // Helmet writes its headers on the raw response and the rate limit on the reply: both go.
    app.addHook('onSend', async (request, reply) => {
      if (!request.url.startsWith('/assets/') || reply.statusCode !== 200) return;
      for (const name of ASSET_DROPPED_HEADERS) {
        reply.removeHeader(name);
        reply.raw.removeHeader(name);
      }
    });
    app.get('/', { config: { roles: 'public' }, schema: { hide: true } }, (_request, reply) =>
      reply.header('cache-control', 'no-cache').sendFile('index.html'),
    );
    // The member sign-in drawn in the page itself (decision 0159; issue 31 item 1): a phone on a
    // slow network draws it from the HTML and the style sheet, before any script has arrived. Only
    // without a query: a payment link's `mobile`, `code` or `type` change the screen, and the app
    // draws those. A build without the page (made before decision 0159) gets `index.html`.
    const memberLoginPage = existsSync(path.join(root, MEMBER_LOGIN_PAGE)) ? MEMBER_LOGIN_PAGE : 'index.html';
    app.get('/customer/login', { config: { roles: 'public' }, schema: { hide: true } }, (request, reply) =>
      reply.header('cache-control', 'no-cache').sendFile(request.url.includes('?') ? 'index.html' : memberLoginPage),
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

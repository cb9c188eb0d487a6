import cookie from '@fastify/cookie';
import rateLimit from '@fastify/rate-limit';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import Fastify, { type FastifyInstance, type RouteOptions } from 'fastify';
import {
  jsonSchemaTransform,
  serializerCompiler,
  validatorCompiler,
  type ZodTypeProvider,
} from 'fastify-type-provider-zod';
import helmet from 'helmet';

import type { Config } from './config/env.ts';
import { systemContext } from './context.ts';
import { withDemoSandbox } from './config/gateways.ts';
import type { Database } from './db/client.ts';
import { APP_VERSION } from './lib/app-version.ts';
import { systemClock, type Clock } from './lib/clock.ts';
import { EventBus } from './lib/events.ts';
import { routeModules } from './modules/index.ts';
import { runInParish } from './db/parish-scope.ts';
import { HOME_PARISH_ID } from './db/schema/parishes.ts';
import { parishHostHook, parishReenterHook } from './modules/parishes/request-parish.ts';
import { syncParishTimezone } from './modules/reports/parish-calendar.ts';
import { NO_GATEWAY_SOURCES, cspDirectives, parishCspHook } from './modules/settings/gateway-csp.ts';
import { ensureParishSettings, isDemoParish } from './modules/settings/settings.service.ts';
import { ensureFirstAdmin } from './modules/users/users.service.ts';
import { authPlugin } from './plugins/auth.ts';
import { clientErrorHandler, errorHandlerPlugin, frameworkErrorHandler } from './plugins/error-handler.ts';
import { webAppPlugin } from './plugins/web-app.ts';
import './types.ts';
import { installProductValidationText } from './lib/validation-text.ts';

/** What `buildApp` needs: configuration and an open database; the clock is injectable for tests. */
export interface BuildAppOptions {
  config: Config;
  database: Database;
  clock?: Clock;
  /** Pino logger options, or false for none (tests). */
  logger?: boolean | object;
  /** Called once with a generated first-admin password, for the entry point to print. */
  onGeneratedAdminPassword?: (username: string, password: string) => void;
  /**
   * Called with every route as it is registered, after the auth plugin has resolved its
   * `config.roles` (tests use it to list the routes for the authorization matrix, `docs/domain.md`, "AZ-01").
   */
  onRouteRegistered?: (route: RouteOptions) => void;
  /**
   * More routes, registered after the business modules under the same rules (tests use it to
   * check that a route without `config.roles` stops the app from starting, `docs/domain.md`, "AZ-02").
   */
  extraRoutes?: (app: FastifyInstance) => Promise<void>;
}

/**
 * Builds the Fastify application: security plugins, OpenAPI, authentication, every module's
 * routes and the web app. Does not listen and starts no background work (the entry point starts
 * the workers of `workers/index.ts` on `app.deps`). Creates the parish settings row and the first
 * admin on an empty database.
 * @returns the ready application.
 * @throws Error when a route does not declare its roles (`docs/domain.md`, "AZ-02").
 */
export async function buildApp(options: BuildAppOptions): Promise<FastifyInstance> {
  installProductValidationText();
  const { database } = options;
  // The demo parish runs its gateways without credentials in sandbox mode (docs/domain.md, §10 "Payment mode").
  // The process's own start-up work is about the home parish (decision 0128): the settings, the first admin.
  const inHome = <T>(work: () => Promise<T>) => runInParish(HOME_PARISH_ID, work);
  const config = (await inHome(() => isDemoParish(database.db))) ? withDemoSandbox(options.config) : options.config;
  const app = Fastify({
    logger:
      options.logger === false
        ? false
        : {
            level: config.logLevel,
            redact: {
              paths: ['req.headers.authorization', 'req.headers.cookie', 'res.headers["set-cookie"]'],
              remove: true,
            },
            ...(typeof options.logger === 'object' ? options.logger : {}),
          },
    bodyLimit: 1_048_576,
    // The client's address from a named reverse proxy only (TRUST_PROXY; docs/domain.md, "AU-02").
    trustProxy: config.trustProxy,
    genReqId: () => crypto.randomUUID(),
    routerOptions: { ignoreTrailingSlash: false, caseSensitive: true, maxParamLength: 200 },
    // 431 (headers too large) and other parser refusals in the error contract's shape.
    clientErrorHandler,
    // A malformed or overlong URL the router refuses, in the same shape (issue 27 item 21).
    frameworkErrors: frameworkErrorHandler,
  }).withTypeProvider<ZodTypeProvider>();

  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.decorate('config', config);
  app.decorate('database', database);
  app.decorate('db', database.db);
  app.decorate('clock', options.clock ?? systemClock);
  app.decorate('events', new EventBus());
  app.decorate('deps', {
    database,
    db: database.db,
    clock: app.clock,
    config,
    events: app.events,
    log: app.log,
  });

  await app.register(errorHandlerPlugin);
  await app.register(cookie);
  // Security headers from helmet, built once: @fastify/helmet builds helmet's middleware anew on
  // every request (measured: 0.2 ms of CPU a request). The base Content-Security-Policy names no
  // gateway; the parish's live or test gateways add their script, frame and API hosts after the
  // parish is known (`parishCspHook`, decision 0134).
  const securityHeaders = helmet({
    contentSecurityPolicy: { directives: cspDirectives(NO_GATEWAY_SOURCES, servedOverHttps(config)) },
    crossOriginEmbedderPolicy: false,
    strictTransportSecurity: servedOverHttps(config),
  });
  app.addHook('onRequest', (request, reply, done) => {
    securityHeaders(request.raw, reply.raw, (error?: unknown) => done(error instanceof Error ? error : undefined));
  });
  // The request's parish by its host (decision 0125): before the rate limit and the auth plugin, so an
  // unknown host is answered 404 at once and the caller's account is read in the parish.
  app.addHook('onRequest', parishHostHook(app.deps));
  app.addHook('onRequest', parishCspHook(app.deps, servedOverHttps(config)));
  app.addHook('preValidation', parishReenterHook());
  await app.register(rateLimit, { max: config.rateLimitPerMinute, timeWindow: '1 minute' });
  // Before any plugin that adds routes (swagger-ui too), so that every route gets its roles checked.
  await app.register(authPlugin);
  const { onRouteRegistered } = options;
  if (onRouteRegistered) app.addHook('onRoute', (route) => onRouteRegistered(route));
  app.addHook('onSend', async (request, reply) => {
    if (request.url.startsWith('/api/') && !reply.hasHeader('cache-control')) {
      reply.header('cache-control', 'no-store');
    }
  });
  await app.register(swagger, {
    openapi: {
      info: { title: 'Parish dues API', version: APP_VERSION },
      components: { securitySchemes: { bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } } },
      security: [{ bearer: [] }],
    },
    transform: jsonSchemaTransform,
  });
  await app.register(swaggerUi, { routePrefix: '/api/docs', staticCSP: true });
  for (const routes of routeModules) await app.register(routes);
  if (options.extraRoutes) await app.register(options.extraRoutes);
  await app.register(webAppPlugin);

  await inHome(() => ensureParishSettings(database.db, config.parishName));
  await inHome(() => syncParishTimezone(systemContext(app.deps), { timezone: config.parishTimezone }));
  const firstAdmin = await inHome(() => ensureFirstAdmin(database.db, config.adminUsername, config.adminPassword));
  if (firstAdmin.generatedPassword) {
    options.onGeneratedAdminPassword?.(config.adminUsername, firstAdmin.generatedPassword);
  }
  await app.ready();
  return app;
}

/**
 * Whether the app is reached over https: PUBLIC_URL starts with `https://`. Only then are
 * `upgrade-insecure-requests` and `Strict-Transport-Security` sent; over plain http (a parish
 * office's LAN, `http://<office-PC-ip>:3000`) they would blank the page or pin a scheme the port
 * does not speak (docs/ARCHITECTURE.md, "Security headers").
 */
export function servedOverHttps(config: Pick<Config, 'publicUrl'>): boolean {
  return config.publicUrl.startsWith('https://');
}

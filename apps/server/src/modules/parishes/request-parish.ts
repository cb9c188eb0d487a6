import { AsyncLocalStorage } from 'node:async_hooks';

import type { FastifyReply, FastifyRequest, HookHandlerDoneFunction } from 'fastify';

import type { AppDeps } from '../../context.ts';
import { currentParishId, enterParish, runInParish } from '../../db/parish-scope.ts';
import { notFound } from '../../lib/app-error.ts';

import { firstHostOfParish, parishOfRequestHost } from './parish-hosts.ts';

/** The answer to a request for a host no parish has (404 `NOT_FOUND`, decision 0125). */
export const UNKNOWN_HOST_MSG = 'No parish is served at this address';

/** The on-demand TLS ask Caddy calls (`parishes.routes.ts`). */
export const TLS_ASK_PATH = '/api/tls/ask';

/** Routes that answer whatever the host: the health check (monitors call it by address) and the TLS ask. */
const ANY_HOST_ROUTES: ReadonlySet<string> = new Set(['/api/health', TLS_ASK_PATH]);

/** The registered host the request in progress came by, or null (an address the one-parish rule admitted). */
const requestHosts = new AsyncLocalStorage<{ host: string | null }>();

/** The parish and host each request was found to belong to (its onRequest hook), for re-entering them later. */
const requestParishes = new WeakMap<FastifyRequest, { parishId: number; host: string | null }>();

/**
 * The Fastify onRequest hook that finds the request's parish by its host (decision 0125): the Host
 * header, or X-Forwarded-Host from a proxy TRUST_PROXY names (Fastify's `request.host`), looked up
 * with `parishOfRequestHost`. The parish is entered with `enterParish` (so `currentParishId()` names
 * it for the rest of the request) and the registered host kept for {@link publicUrlOf}. A host no
 * parish has is answered 404 `NOT_FOUND` ({@link UNKNOWN_HOST_MSG}) in the error contract's shape,
 * except on `/api/health` and the TLS ask. Callback-style: the parish is entered in the context the
 * rest of the request runs in.
 * @param deps the app's dependencies (its database)
 * @returns the hook, for `app.addHook('onRequest', ...)` before the auth plugin
 */
export function parishHostHook(deps: Pick<AppDeps, 'db'>) {
  return (request: FastifyRequest, _reply: FastifyReply, done: HookHandlerDoneFunction): void => {
    if (ANY_HOST_ROUTES.has(request.routeOptions.url ?? '')) {
      done();
      return;
    }
    parishOfRequestHost(deps.db, request.host).then(
      (found) => {
        if (!found) {
          done(notFound(UNKNOWN_HOST_MSG));
          return;
        }
        requestParishes.set(request, found);
        enterParish(found.parishId);
        requestHosts.enterWith({ host: found.host });
        done();
      },
      (error: unknown) => done(error instanceof Error ? error : new Error(String(error))),
    );
  };
}

/**
 * The Fastify preValidation hook that enters the request's parish again (and its host): a body is
 * read from the socket's stream events, which run outside the context the onRequest hook entered,
 * so the handler would otherwise run in no parish (the way `@fastify/request-context` rebinds).
 * Callback-style: the rest of the request runs inside `runInParish`. A request the onRequest hook
 * found no parish for (the health check, the TLS ask) stays in none.
 * @returns the hook, for `app.addHook('preValidation', ...)`
 */
export function parishReenterHook() {
  return (request: FastifyRequest, _reply: FastifyReply, done: HookHandlerDoneFunction): void => {
    const found = requestParishes.get(request);
    if (!found) {
      done();
      return;
    }
    runInParish(found.parishId, () => requestHosts.run({ host: found.host }, () => done()));
  };
}

/**
 * The parish the onRequest hook found for a request (for code that runs outside its context, such
 * as an `onResponse` hook or a stream's callbacks), or null when none was found.
 */
export function parishOfRequest(request: FastifyRequest): number | null {
  return requestParishes.get(request)?.parishId ?? null;
}

/**
 * The address every link made for someone outside the office starts with (payment and receipt
 * links, WhatsApp messages, gateway return and callback URLs; decisions 0117 and 0125), without a
 * trailing slash:
 * - in a request that came by a registered parish host: `https://<that host>`;
 * - else, when work runs in a parish (`currentParishId()`) that has registered hosts: `https://` and
 *   its oldest host;
 * - else PUBLIC_URL (a one-parish install, a script).
 * @param deps the database and configuration (`ctx` or `app.deps`)
 * @throws the database's error when `parish_hosts` cannot be read
 */
export async function publicUrlOf(deps: Pick<AppDeps, 'db' | 'config'>): Promise<string> {
  const host = requestHosts.getStore()?.host;
  if (host) return `https://${host}`;
  const parishId = currentParishId();
  if (parishId !== null) {
    const first = await firstHostOfParish(deps.db, parishId);
    if (first) return `https://${first}`;
  }
  return deps.config.publicUrl;
}

import type { IncomingMessage, ServerResponse } from 'node:http';

import type { FastifyReply, FastifyRequest, HookHandlerDoneFunction } from 'fastify';
import { contentSecurityPolicy } from 'helmet';

import { gatewayCspSources, type GatewaySettings } from '../../config/gateways.ts';
import type { AppDeps } from '../../context.ts';
import { runInParish } from '../../db/parish-scope.ts';
import { parishOfRequest } from '../parishes/request-parish.ts';
import { credentialsVersion, parishGatewaySettings } from './parish-credentials.ts';

/**
 * The Content-Security-Policy of each parish (issue 28 item 4, decision 0134): the hosts a live or
 * test gateway's checkout needs (`gatewayCspSources`) are allowed on the pages of a parish whose
 * effective gateway settings (`parishGatewaySettings`: its own credentials, else the environment's
 * for the home parish) have that gateway, and on no other parish's.
 */

/** How long a parish's policy is kept (seconds) before its credentials are read again: the bound on a change made by another process. */
export const CSP_CACHE_SECONDS = 60;

/** The extra sources of the policy, by directive (what `gatewayCspSources` answers). */
export type GatewayCspSources = ReturnType<typeof gatewayCspSources>;

/** No gateway's hosts: the policy of a request in no parish, and of a parish without a live or test gateway. */
export const NO_GATEWAY_SOURCES: GatewayCspSources = {
  scriptSrc: [],
  frameSrc: [],
  connectSrc: [],
  styleSrc: [],
  imgSrc: [],
  formAction: [],
};

/**
 * The Content-Security-Policy directives of the app, as helmet takes them (`docs/ARCHITECTURE.md`,
 * "Security headers"): same-origin everything, plus the given gateway sources.
 * @param sources the gateways' extra hosts ({@link NO_GATEWAY_SOURCES} for none)
 * @param overHttps whether the app is reached over https (then `upgrade-insecure-requests`; over
 *   plain http on an office network the browser would ask for the scripts over https and show a blank page)
 */
export function cspDirectives(sources: GatewayCspSources, overHttps: boolean) {
  return {
    defaultSrc: ["'self'"],
    scriptSrc: ["'self'", ...sources.scriptSrc],
    frameSrc: ["'self'", ...sources.frameSrc],
    styleSrc: ["'self'", "'unsafe-inline'", ...sources.styleSrc],
    imgSrc: ["'self'", 'data:', 'https:', ...sources.imgSrc],
    connectSrc: ["'self'", ...sources.connectSrc],
    frameAncestors: ["'none'"],
    formAction: ["'self'", ...sources.formAction],
    upgradeInsecureRequests: overHttps ? [] : null,
  };
}

/** A middleware that sets the Content-Security-Policy header (helmet's). */
type CspMiddleware = (request: IncomingMessage, response: ServerResponse, next: (error?: Error) => void) => void;

/** A parish's cached policy: null when it needs no gateway host (the base policy stands). */
interface CachedPolicy {
  version: number;
  expiresAt: number;
  policy: CspMiddleware | null;
}

/**
 * The Fastify onRequest hook, after the parish hook (`parishHostHook`), that sets the request's
 * parish's Content-Security-Policy (decision 0134) over the base policy every response gets (the
 * security headers' own, {@link NO_GATEWAY_SOURCES}): only when the parish's effective gateways
 * include a live or test one. A parish's policy is cached in the hook (one per app) and made again
 * when this process changed the parish's credentials (`credentialsVersion`) or after
 * {@link CSP_CACHE_SECONDS}; policies with the same sources share one middleware. A request in no
 * parish (the health check, the diocese's host) keeps the base policy. When the credentials cannot
 * be read the base policy stands (stricter: a checkout would not load) and the error is logged.
 * @param deps the app's dependencies (its database, configuration and log)
 * @param overHttps as for {@link cspDirectives}
 * @returns the hook, for `app.addHook('onRequest', ...)`
 */
export function parishCspHook(deps: Pick<AppDeps, 'db' | 'config' | 'log'>, overHttps: boolean) {
  const parishes = new Map<number, CachedPolicy>();
  const policies = new Map<string, CspMiddleware>();
  const policyOf = (settings: GatewaySettings): CspMiddleware | null => {
    const sources = gatewayCspSources(settings);
    const key = JSON.stringify(sources);
    if (key === JSON.stringify(NO_GATEWAY_SOURCES)) return null;
    let policy = policies.get(key);
    if (!policy) {
      policy = contentSecurityPolicy({ useDefaults: true, directives: cspDirectives(sources, overHttps) });
      policies.set(key, policy);
    }
    return policy;
  };
  return (request: FastifyRequest, reply: FastifyReply, done: HookHandlerDoneFunction): void => {
    const parishId = parishOfRequest(request);
    if (parishId === null) {
      done();
      return;
    }
    const apply = (policy: CspMiddleware | null) => {
      if (policy) policy(request.raw, reply.raw, (error) => done(error));
      else done();
    };
    const now = Date.now();
    const version = credentialsVersion(parishId);
    const cached = parishes.get(parishId);
    if (cached && cached.version === version && cached.expiresAt > now) {
      apply(cached.policy);
      return;
    }
    runInParish(parishId, () => parishGatewaySettings(deps, parishId)).then(
      (settings) => {
        const policy = policyOf(settings);
        parishes.set(parishId, { version, expiresAt: now + CSP_CACHE_SECONDS * 1000, policy });
        apply(policy);
      },
      (error: unknown) => {
        deps.log.error({ err: error, parishId }, "the parish's gateway settings could not be read for its CSP");
        done();
      },
    );
  };
}

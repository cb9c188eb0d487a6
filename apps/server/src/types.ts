import type { Role } from '@parish/shared';

import type { Config } from './config/env.ts';
import type { Actor, AppDeps, ServiceContext } from './context.ts';
import type { Database, Db } from './db/client.ts';
import type { DataVersions } from './db/data-versions.ts';
import type { Clock } from './lib/clock.ts';
import type { EventBus } from './lib/events.ts';

/**
 * Who may call a route: `'public'`, a list of parish roles, or `'diocese'` (a diocese administrator's
 * token only: the diocese module checks it, and no parish principal is admitted; decision 0131).
 * Every route must say (`docs/domain.md`, "AZ-02").
 */
export type RouteRoles = 'public' | 'diocese' | readonly Role[];

declare module 'fastify' {
  interface FastifyInstance {
    db: Db;
    database: Database;
    config: Config;
    clock: Clock;
    /** Change events for open screens (publish after commit). */
    events: EventBus;
    /** The dependencies every service context carries (`context.ts`). */
    deps: AppDeps;
  }
  interface FastifyRequest {
    /** The verified caller, or null when anonymous. */
    actor: Actor | null;
    /**
     * The data versions read in the same statement as the caller's account (auth plugin), so a
     * cached answer can be checked without a statement of its own; null when anonymous.
     */
    dataVersions: DataVersions | null;
    /** The service context of this request: deps, caller and audit context (auth plugin). */
    ctx: ServiceContext;
  }
  interface FastifyContextConfig {
    /** Who may call this route; required on every `/api` route. */
    roles?: RouteRoles;
    /**
     * The 403 message for a signed-in caller whose role is not admitted, when the product
     * (`docs/domain.md`, §5 "Error and outcome messages") gives the route its own text (tagging:
     * 'Access denied. Admin permissions required.').
     */
    forbiddenMessage?: string;
  }
}

import { ErrorCode, MSG, type StaffRole } from '@parish/shared';

import type { Config } from './config/env.ts';
import type { Database, Db } from './db/client.ts';
import type { DataVersions } from './db/data-versions.ts';
import { AppError } from './lib/app-error.ts';
import type { Clock } from './lib/clock.ts';
import type { EventBus } from './lib/events.ts';
import type { Logger } from './lib/logger.ts';

/** Who is calling: a staff user or a member, as verified from the access token. */
export type Actor =
  | {
      type: 'staff';
      id: string;
      name: string;
      role: StaffRole;
      username: string;
      /** A ward leader's ward: the only members they may see or remind (decision 0129); absent otherwise. */
      wardId?: string;
      /** Signed in with a one-time password: may only change it (`docs/domain.md`, "Password resets"). */
      passwordChangeRequired?: boolean;
      /**
       * An admin without a second factor while STAFF_MFA=required: may only set it up
       * (`docs/domain.md`, "Two-step sign-in for staff").
       */
      twoStepSetupRequired?: boolean;
    }
  | {
      type: 'member';
      id: string;
      name: string;
      role: 'customer';
      mobile: string;
      parishNumber: string;
      mustChangePassword: boolean;
      /** Signed in with a one-time password: may only change it (`docs/domain.md`, "Password resets"). */
      passwordChangeRequired?: boolean;
    };

/**
 * Who and where, for the audit trail: the caller of a request, or a system or gateway actor for
 * background work. Written with every audit record (`docs/ARCHITECTURE.md`, "Audit").
 */
export interface AuditContext {
  actorType: 'staff' | 'member' | 'system' | 'gateway';
  actorId: string | null;
  actorName: string | null;
  /** The HTTP request id, or null outside a request. */
  requestId: string | null;
  /** The caller's address, or null outside a request. */
  ip: string | null;
}

/**
 * The long-lived parts every service uses: the database, the clock, the configuration, the
 * change-event bus and a logger. Built once by `buildApp` (or by a script or worker).
 */
export interface AppDeps {
  /** The open database (its kind and `close`), for the few services that need more than queries. */
  database: Database;
  /** The query handle: a PGlite instance or a `pg` pool, through Drizzle. */
  db: Db;
  clock: Clock;
  config: Config;
  /** Change events for open screens; publish only after the transaction commits. */
  events: EventBus;
  log: Logger;
}

/**
 * What a service function takes first: the dependencies, plus who is acting and how to audit
 * it. Services are plain functions `(ctx, input)`; they never see the HTTP framework. A route
 * builds one per request (`request.ctx`); a worker or script builds one with
 * {@link systemContext}.
 */
export interface ServiceContext extends AppDeps {
  /** The signed-in caller, or null (anonymous request, worker, script). */
  actor: Actor | null;
  /** Who to name in audit records written by this call. */
  audit: AuditContext;
  /**
   * The data versions read with the caller's account (auth plugin), so a cached answer can be
   * checked without a statement of its own; null when anonymous or outside a request.
   */
  dataVersions: DataVersions | null;
  /**
   * The database snapshot (`pg_current_snapshot()` as text) the signed-in member's account was read
   * in (auth plugin, decision 0163): an answer kept under an equal snapshot is exact for this request.
   * Absent or null for staff, anonymous callers and work outside a request.
   */
  snapshot?: string | null;
}

/** The audit context of a signed-in (or anonymous) caller of one request. */
export function callerAuditContext(actor: Actor | null, requestId: string | null, ip: string | null): AuditContext {
  return {
    actorType: actor ? actor.type : 'system',
    actorId: actor?.id ?? null,
    actorName: actor?.name ?? null,
    requestId,
    ip,
  };
}

/**
 * A context for work that no person started: a worker, a script, a gateway's webhook.
 * @param audit who to name in audit records; by default the system itself
 */
export function systemContext(
  deps: AppDeps,
  audit: AuditContext = { actorType: 'system', actorId: null, actorName: null, requestId: null, ip: null },
): ServiceContext {
  return { ...deps, actor: null, audit, dataVersions: null };
}

/** The same context, auditing as someone else (a gateway, a member named by a callback). */
export function withAudit(ctx: ServiceContext, audit: AuditContext): ServiceContext {
  return { ...ctx, audit };
}

/**
 * The signed-in caller of a service that admits only signed-in roles: from a service context (or
 * anything else carrying `actor`, such as a request).
 * @throws AppError 401 when there is none (cannot happen behind a route's roles check).
 */
export function actorOf(holder: { actor: Actor | null }): Actor {
  if (!holder.actor) throw new AppError(ErrorCode.UNAUTHORIZED, MSG.unauthorized);
  return holder.actor;
}

/**
 * The ward a caller is confined to: a ward leader's ward (issue 28 item 7, decision 0129), or
 * undefined for everyone else (no ward restriction). Services that a ward leader may call filter
 * by it, and answer 404 for a member of another ward as for a missing one.
 * @throws AppError 403 for a ward leader without a ward (the database's check forbids it; kept so
 *   that a broken row never widens what a leader sees).
 */
export function leaderWardOf(holder: { actor: Actor | null }): string | undefined {
  const actor = holder.actor;
  if (actor?.type !== 'staff' || actor.role !== 'ward_leader') return undefined;
  if (!actor.wardId) throw new AppError(ErrorCode.FORBIDDEN, MSG.forbidden);
  return actor.wardId;
}

/**
 * The actor of a member acting for themselves (a sign-in by code, a payment link's order): named
 * by their name, mobile and parish number, role `customer`, no password change pending.
 * @param member the member's row (id, name, 12-digit mobile, parish number)
 */
export function memberActor(member: { id: string; name: string; mobile: string; parishNumber: string }): Actor {
  return {
    type: 'member',
    id: member.id,
    name: member.name,
    role: 'customer',
    mobile: member.mobile,
    parishNumber: member.parishNumber,
    mustChangePassword: false,
  };
}

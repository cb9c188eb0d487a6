import { eq, sql } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';

import { ErrorCode, MSG } from '@parish/shared';

import { callerAuditContext, type Actor, type ServiceContext } from '../context.ts';
import { dataVersionSql, type DataVersions } from '../db/data-versions.ts';
import { members, refreshTokens, staffUsers } from '../db/schema/index.ts';
import { AppError } from '../lib/app-error.ts';
import { verifyAccessToken } from '../lib/tokens.ts';
import { twoStepRequiredFor } from '../lib/two-step-policy.ts';
import type { RouteRoles } from '../types.ts';

/**
 * The routes a session signed in with a one-time password may call: who am I, and change the
 * password (`docs/domain.md`, "Password resets"); every other signed-in route answers 403
 * `PASSWORD_CHANGE_REQUIRED`. Refresh and logout are public (cookie) routes and stay open.
 */
const PASSWORD_CHANGE_ROUTES = new Set(['/api/auth/verify', '/api/auth/change-password']);

/**
 * The routes an admin without a second factor may call while STAFF_MFA=required: who am I, the
 * password change, and setting up two-step sign-in (`docs/domain.md`, "Two-step sign-in for
 * staff"); every other signed-in route answers 403 `TWO_STEP_SETUP_REQUIRED`.
 */
const TWO_STEP_SETUP_ROUTES = new Set([
  ...PASSWORD_CHANGE_ROUTES,
  '/api/auth/two-step',
  '/api/auth/two-step/setup',
  '/api/auth/two-step/enable',
]);

/** Routes outside `/api` (the web app, static files) and the API docs are public by nature. */
function defaultRoles(url: string): RouteRoles | undefined {
  if (!url.startsWith('/api')) return 'public';
  if (url === '/api/docs' || url.startsWith('/api/docs/')) return 'public';
  return undefined;
}

/**
 * Authentication and authorization.
 * - Every `/api` route must declare `config.roles`; registering one without makes the app fail to
 *   start (`docs/domain.md`, "AZ-02").
 * - A bearer token is verified (signature, expiry, then the account is still active, its token
 *   version unchanged and the token's session not ended) and the caller set as `request.actor`.
 * - The same statement that reads the account reads the data versions (`data_versions`) into
 *   `request.dataVersions`: a cached answer (the member list) is then checked without a second
 *   round trip to the database, about 0.2 ms of server CPU a request on loopback TCP (measured).
 *   A member's lookup also reads its database snapshot (`pg_current_snapshot()`) into
 *   `request.ctx.snapshot`: the member portal's kept answer is checked against it (decision 0163).
 * - A route's roles are enforced: anonymous gets 401, the wrong role 403, a session signed in with a
 *   one-time password 403 `PASSWORD_CHANGE_REQUIRED` outside `PASSWORD_CHANGE_ROUTES`, and an admin
 *   without a second factor under STAFF_MFA=required 403 `TWO_STEP_SETUP_REQUIRED` outside
 *   `TWO_STEP_SETUP_ROUTES` (whether the account has one is a column of the same lookup).
 */
export const authPlugin = fp(async (app: FastifyInstance) => {
  const key = new TextEncoder().encode(app.config.jwtSecret);
  const lookups = prepareLookups(app);
  app.decorateRequest('actor', null);
  app.decorateRequest('dataVersions', null);
  app.decorateRequest('ctx', null as unknown as ServiceContext);

  app.addHook('onRoute', (route) => {
    const roles = route.config?.roles ?? defaultRoles(route.url);
    if (!roles) {
      throw new Error(`Route ${String(route.method)} ${route.url} does not declare config.roles`);
    }
    route.config = { ...route.config, roles };
  });

  app.addHook('onRequest', async (request) => {
    const signedIn = await authenticate(app, key, lookups, request);
    request.actor = signedIn?.actor ?? null;
    request.dataVersions = signedIn?.dataVersions ?? null;
    request.ctx = {
      ...app.deps,
      log: request.log,
      actor: request.actor,
      audit: callerAuditContext(request.actor, request.id, request.ip),
      dataVersions: request.dataVersions,
      snapshot: signedIn?.snapshot ?? null,
    };
    const roles = request.routeOptions.config.roles;
    // A diocese route (decision 0131) is checked by the diocese module's own hook, which admits only
    // a diocese token and answers a parish principal 403.
    if (!roles || roles === 'public' || roles === 'diocese') return;
    if (!request.actor) throw new AppError(ErrorCode.UNAUTHORIZED, MSG.unauthorized);
    if (!roles.includes(request.actor.role)) {
      throw new AppError(ErrorCode.FORBIDDEN, request.routeOptions.config.forbiddenMessage ?? MSG.forbidden);
    }
    if (request.actor.passwordChangeRequired && !PASSWORD_CHANGE_ROUTES.has(request.routeOptions.url ?? '')) {
      throw new AppError(ErrorCode.PASSWORD_CHANGE_REQUIRED, MSG.passwordChangeRequired);
    }
    if (
      request.actor.type === 'staff' &&
      request.actor.twoStepSetupRequired &&
      !TWO_STEP_SETUP_ROUTES.has(request.routeOptions.url ?? '')
    ) {
      throw new AppError(ErrorCode.TWO_STEP_SETUP_REQUIRED, MSG.twoStepSetupRequired);
    }
  });
});

/** The id a token without a session id is checked against: no family has it. */
const NO_SESSION = '00000000-0000-0000-0000-000000000000';

/**
 * Whether the token's session (refresh family, placeholder `sid`) was ended: signed out, or
 * revoked by a reused refresh token, a password change or a deactivation. A column of the
 * account lookup, so it costs no statement of its own (`docs/domain.md`, "TK-03").
 */
const sessionEndedSql = sql<boolean>`exists (select 1 from ${refreshTokens} where ${refreshTokens.familyId} = ${sql.placeholder('sid')}::uuid and ${refreshTokens.revokedAt} is not null)`;

/**
 * The account lookups of every authenticated request, as prepared statements: built once, and
 * on PostgreSQL parsed and planned once per connection. Each also reads the data versions, in
 * the same snapshot as the account, and whether the token's session has ended; the member's also
 * reads that snapshot itself (`pg_current_snapshot()` as text, decision 0163).
 */
function prepareLookups(app: FastifyInstance) {
  return {
    member: app.db
      .select({
        id: members.id,
        name: members.name,
        mobile: members.mobile,
        parishNumber: members.parishNumber,
        isActive: members.isActive,
        tokenVersion: members.tokenVersion,
        passwordIsInitial: members.passwordIsInitial,
        passwordMustChange: members.passwordMustChange,
        sessionEnded: sessionEndedSql,
        membersVersion: dataVersionSql.members,
        paymentsVersion: dataVersionSql.payments,
        snapshot: sql<string | null>`pg_current_snapshot()::text`,
      })
      .from(members)
      .where(eq(members.id, sql.placeholder('id')))
      .prepare('auth_member_by_id'),
    staff: app.db
      .select({
        id: staffUsers.id,
        name: staffUsers.name,
        role: staffUsers.role,
        wardId: staffUsers.wardId,
        username: staffUsers.username,
        isActive: staffUsers.isActive,
        tokenVersion: staffUsers.tokenVersion,
        passwordMustChange: staffUsers.passwordMustChange,
        twoStepEnabled: sql<boolean>`(${staffUsers.totpEnabledAt} is not null)`,
        sessionEnded: sessionEndedSql,
        membersVersion: dataVersionSql.members,
        paymentsVersion: dataVersionSql.payments,
      })
      .from(staffUsers)
      .where(eq(staffUsers.id, sql.placeholder('id')))
      .prepare('auth_staff_by_id'),
  };
}

async function authenticate(
  app: FastifyInstance,
  key: Uint8Array,
  lookups: ReturnType<typeof prepareLookups>,
  request: FastifyRequest,
): Promise<{ actor: Actor; dataVersions: DataVersions; snapshot: string | null } | null> {
  const header = request.headers.authorization;
  if (!header) return null;
  const match = /^Bearer ([A-Za-z0-9._-]+)$/.exec(header);
  if (!match?.[1]) return null;
  const claims = verifyAccessToken(key, match[1], app.clock.now());
  if (!claims) return null;
  if (!/^[0-9a-f-]{36}$/i.test(claims.sub)) return null;
  if (claims.sid !== undefined && !/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(claims.sid)) {
    return null;
  }
  if (claims.role === 'customer') {
    const [member] = await lookups.member.execute({ id: claims.sub, sid: claims.sid ?? NO_SESSION });
    if (!member?.isActive || member.tokenVersion !== claims.tv || member.sessionEnded) return null;
    return {
      actor: {
        type: 'member',
        id: member.id,
        name: member.name,
        role: 'customer',
        mobile: member.mobile,
        parishNumber: member.parishNumber,
        mustChangePassword: member.passwordIsInitial,
        ...(member.passwordMustChange && { passwordChangeRequired: true }),
      },
      dataVersions: { members: member.membersVersion, payments: member.paymentsVersion },
      snapshot: typeof member.snapshot === 'string' ? member.snapshot : null,
    };
  }
  const [user] = await lookups.staff.execute({ id: claims.sub, sid: claims.sid ?? NO_SESSION });
  if (!user?.isActive || user.tokenVersion !== claims.tv || user.role !== claims.role || user.sessionEnded) {
    return null;
  }
  return {
    actor: {
      type: 'staff',
      id: user.id,
      name: user.name,
      role: user.role,
      username: user.username,
      ...(user.wardId && { wardId: user.wardId }),
      ...(user.passwordMustChange && { passwordChangeRequired: true }),
      ...(!user.twoStepEnabled && twoStepRequiredFor(app.config, user.role) && { twoStepSetupRequired: true }),
    },
    dataVersions: { members: user.membersVersion, payments: user.paymentsVersion },
    snapshot: null,
  };
}

/** The verified caller of a route that admits only signed-in roles (see `context.ts`). */
export { actorOf } from '../context.ts';

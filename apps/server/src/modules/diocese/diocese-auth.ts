import { DIOCESE_MSG, ErrorCode, MSG, type DioceseAdmin } from '@parish/shared';
import { eq, sql } from 'drizzle-orm';
import { createSigner, createVerifier } from 'fast-jwt';
import type { FastifyRequest } from 'fastify';

import type { AppDeps } from '../../context.ts';
import type { Db } from '../../db/client.ts';
import { dioceseStaff } from '../../db/schema/index.ts';
import { AppError } from '../../lib/app-error.ts';
import { hashPassword, verifyAgainstDummy, verifyPassword } from '../../lib/passwords.ts';
import {
  CHOSEN_PASSWORD_DELAY,
  clearFailures,
  isLocked,
  registerDelayedFailure,
  registerFailure,
  registerSprayFailure,
  sprayKeyOf,
  THROTTLE_POLICIES,
} from '../auth/login-throttle.ts';
import { newOneTimePassword } from '../auth/password-resets.service.ts';

/**
 * Sign-in of the diocese administrators (issue 28 item 5, decision 0131). A token of its own kind:
 * HS256 with the app's JWT secret but the audience {@link DIOCESE_AUDIENCE} and `typ: 'diocese'`,
 * role `diocese_admin`. The parish auth plugin verifies only the audience `parish-dues` and the roles
 * admin, cashier and customer, so it accepts no diocese token; {@link verifyDioceseToken} accepts
 * only this audience and type, so no parish token opens a diocese route.
 */

/** The audience of a diocese token: never the parish tokens' `parish-dues`. */
export const DIOCESE_AUDIENCE = 'parish-dues-diocese';

/** The role a diocese token carries. */
export const DIOCESE_ROLE = 'diocese_admin';

/** A diocese token lives 8 hours (one working day); signing out or a password change ends it sooner. */
export const DIOCESE_TOKEN_SECONDS = 8 * 60 * 60;

const ISSUER = 'parish-dues';

/** The claims of a diocese token. */
export interface DioceseClaims {
  /** `diocese_staff.id`. */
  sub: string;
  /** The account's token version at issue. */
  tv: number;
}

/**
 * Signs a diocese token (`typ: 'diocese'`, role {@link DIOCESE_ROLE}, audience {@link DIOCESE_AUDIENCE}).
 * @param secret the app's JWT secret (bytes)
 * @param now the app's clock: `iat`, and `exp` {@link DIOCESE_TOKEN_SECONDS} later
 * @returns the compact JWT
 */
export function signDioceseToken(secret: Uint8Array, claims: DioceseClaims, now: Date): string {
  const sign = createSigner({
    key: Buffer.from(secret),
    algorithm: 'HS256',
    clockTimestamp: now.getTime(),
    expiresIn: DIOCESE_TOKEN_SECONDS * 1000,
    sub: claims.sub,
    iss: ISSUER,
    aud: DIOCESE_AUDIENCE,
  });
  return sign({ role: DIOCESE_ROLE, tv: claims.tv, typ: 'diocese' });
}

/**
 * Verifies a diocese token: HS256, issuer, audience {@link DIOCESE_AUDIENCE} (required), not
 * expired at `now`, `typ: 'diocese'`, role {@link DIOCESE_ROLE}, a numeric token version.
 * @returns the claims, or null for any other token (a parish token included)
 */
export function verifyDioceseToken(secret: Uint8Array, token: string, now: Date): DioceseClaims | null {
  if (token.length > 4096) return null;
  try {
    const verify = createVerifier({
      key: Buffer.from(secret),
      algorithms: ['HS256'],
      allowedIss: ISSUER,
      allowedAud: DIOCESE_AUDIENCE,
      requiredClaims: ['exp', 'sub', 'iss', 'aud'],
      clockTimestamp: now.getTime(),
    });
    const payload = verify(token) as Record<string, unknown>;
    if (payload.typ !== 'diocese' || payload.role !== DIOCESE_ROLE) return null;
    if (typeof payload.sub !== 'string' || typeof payload.tv !== 'number') return null;
    return { sub: payload.sub, tv: payload.tv };
  } catch {
    return null;
  }
}

type StaffRow = typeof dioceseStaff.$inferSelect;

function toAdmin(row: StaffRow): DioceseAdmin {
  return { id: row.id, username: row.username, name: row.name, passwordChangeRequired: row.passwordMustChange };
}

/** The routes a diocese session with a one-time password may call (all others answer 403 `PASSWORD_CHANGE_REQUIRED`). */
const PASSWORD_CHANGE_ROUTES = new Set([
  '/api/diocese/auth/me',
  '/api/diocese/auth/change-password',
  '/api/diocese/auth/logout',
]);

/**
 * The signed-in diocese administrator of a request: the bearer token verified
 * ({@link verifyDioceseToken}), then the account read (active, same token version).
 * @param request the request (its `authorization` header and route)
 * @returns the account
 * @throws AppError 401 `UNAUTHORIZED` ('Authentication required') without a valid diocese
 *   token; 403 `PASSWORD_CHANGE_REQUIRED` while the password is a one-time password, outside
 *   {@link PASSWORD_CHANGE_ROUTES}
 */
export async function dioceseAdminOf(
  deps: Pick<AppDeps, 'db' | 'config' | 'clock'>,
  request: FastifyRequest,
): Promise<DioceseAdmin> {
  const match = /^Bearer ([A-Za-z0-9._-]+)$/.exec(request.headers.authorization ?? '');
  const claims = match?.[1]
    ? verifyDioceseToken(new TextEncoder().encode(deps.config.jwtSecret), match[1], deps.clock.now())
    : null;
  if (!claims || !/^[0-9a-f-]{36}$/i.test(claims.sub)) {
    throw new AppError(ErrorCode.UNAUTHORIZED, MSG.unauthorized);
  }
  const [row] = await deps.db.select().from(dioceseStaff).where(eq(dioceseStaff.id, claims.sub));
  if (!row?.isActive || row.tokenVersion !== claims.tv) {
    throw new AppError(ErrorCode.UNAUTHORIZED, MSG.unauthorized);
  }
  if (row.passwordMustChange && !PASSWORD_CHANGE_ROUTES.has(request.routeOptions.url ?? '')) {
    throw new AppError(ErrorCode.PASSWORD_CHANGE_REQUIRED, MSG.passwordChangeRequired);
  }
  return toAdmin(row);
}

/**
 * Signs a diocese administrator in. Throttled like staff sign-in (the address budget, the spray
 * budget, and the account's growing delay, under the key `diocese:<username>`).
 * @returns the token, its lifetime in seconds, and the account (`passwordChangeRequired` true after
 *   `npm run diocese:admin`)
 * @throws AppError 401 `INVALID_CREDENTIALS` for a bad pair or an inactive account; 429
 *   `ACCOUNT_LOCKED` while a throttle holds
 */
export async function signInDiocese(
  deps: Pick<AppDeps, 'db' | 'config' | 'clock'>,
  input: { username: string; password: string; ip: string },
): Promise<{ token: string; expiresIn: number; admin: DioceseAdmin }> {
  const now = deps.clock.now();
  const accountKey = `diocese:${input.username.toLowerCase()}`;
  const addressKey = `ip:${input.ip}`;
  if (await isLocked(deps.db, [accountKey, addressKey, sprayKeyOf(input.ip)], now)) {
    throw new AppError(ErrorCode.ACCOUNT_LOCKED, MSG.tooManyAttempts);
  }
  const [row] = await deps.db
    .select()
    .from(dioceseStaff)
    .where(sql`lower(${dioceseStaff.username}) = ${input.username.toLowerCase()} and ${dioceseStaff.isActive}`);
  const valid = row ? await verifyPassword(row.passwordHash, input.password) : await verifyAgainstDummy(input.password);
  if (!row || !valid) {
    await registerFailure(deps.db, addressKey, THROTTLE_POLICIES.address, now);
    await registerSprayFailure(deps.db, input.ip, now);
    await registerDelayedFailure(deps.db, accountKey, CHOSEN_PASSWORD_DELAY, now);
    throw new AppError(ErrorCode.INVALID_CREDENTIALS, DIOCESE_MSG.invalidLogin);
  }
  await clearFailures(deps.db, accountKey);
  const token = signDioceseToken(
    new TextEncoder().encode(deps.config.jwtSecret),
    { sub: row.id, tv: row.tokenVersion },
    now,
  );
  return { token, expiresIn: DIOCESE_TOKEN_SECONDS, admin: toAdmin(row) };
}

/**
 * Changes a diocese administrator's password: the current one must match; the one-time flag goes,
 * the token version rises (every diocese token of the account ends) and a fresh token is returned.
 * @throws AppError 400 `VALIDATION_FAILED` ({@link MSG.currentPasswordWrong}) for a wrong current password
 */
export async function changeDiocesePassword(
  deps: Pick<AppDeps, 'db' | 'config' | 'clock'>,
  adminId: string,
  input: { currentPassword: string; newPassword: string },
): Promise<{ token: string; expiresIn: number; admin: DioceseAdmin }> {
  const [row] = await deps.db.select().from(dioceseStaff).where(eq(dioceseStaff.id, adminId));
  if (!row || !(await verifyPassword(row.passwordHash, input.currentPassword))) {
    throw new AppError(ErrorCode.VALIDATION_FAILED, MSG.currentPasswordWrong, [
      { field: 'currentPassword', message: MSG.currentPasswordWrong },
    ]);
  }
  const now = deps.clock.now();
  const [after] = await deps.db
    .update(dioceseStaff)
    .set({
      passwordHash: await hashPassword(input.newPassword),
      passwordMustChange: false,
      tokenVersion: sql`${dioceseStaff.tokenVersion} + 1`,
      updatedAt: now.toISOString(),
    })
    .where(eq(dioceseStaff.id, adminId))
    .returning();
  if (!after) throw new AppError(ErrorCode.UNAUTHORIZED, DIOCESE_MSG.signInRequired);
  const token = signDioceseToken(
    new TextEncoder().encode(deps.config.jwtSecret),
    { sub: after.id, tv: after.tokenVersion },
    now,
  );
  return { token, expiresIn: DIOCESE_TOKEN_SECONDS, admin: toAdmin(after) };
}

/** Ends every diocese session of the account (its token version rises). */
export async function signOutDiocese(db: Db, adminId: string): Promise<void> {
  await db
    .update(dioceseStaff)
    .set({ tokenVersion: sql`${dioceseStaff.tokenVersion} + 1` })
    .where(eq(dioceseStaff.id, adminId));
}

/**
 * `npm run diocese:admin -- --username NAME [--name "Full name"]`: makes a diocese administrator, or
 * gives an existing one (matched case-insensitively) a new one-time password and reactivates it. The
 * password must be changed at the first sign-in; every earlier session ends.
 * @returns the one-time password (shown once) and whether the account was new
 * @throws Error for a username that is not 3 to 50 letters, digits, dots, hyphens or underscores
 */
export async function setDioceseAdmin(
  db: Db,
  input: { username: string; name?: string },
): Promise<{ oneTimePassword: string; created: boolean }> {
  const username = input.username.trim();
  if (!/^[A-Za-z0-9._-]{3,50}$/.test(username)) {
    throw new Error(`Not a username: ${input.username} (3 to 50 letters, digits, dots, hyphens, underscores)`);
  }
  const oneTimePassword = newOneTimePassword();
  const passwordHash = await hashPassword(oneTimePassword);
  return db.transaction(async (tx) => {
    const [updated] = await tx
      .update(dioceseStaff)
      .set({
        passwordHash,
        passwordMustChange: true,
        isActive: true,
        tokenVersion: sql`${dioceseStaff.tokenVersion} + 1`,
        ...(input.name && { name: input.name }),
        updatedAt: new Date().toISOString(),
      })
      .where(sql`lower(${dioceseStaff.username}) = ${username.toLowerCase()}`)
      .returning({ id: dioceseStaff.id });
    if (updated) return { oneTimePassword, created: false };
    await tx.insert(dioceseStaff).values({
      username,
      name: input.name ?? 'Diocese administrator',
      passwordHash,
      passwordMustChange: true,
    });
    return { oneTimePassword, created: true };
  });
}

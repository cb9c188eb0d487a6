import { and, eq, sql } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';

import {
  ErrorCode,
  MSG,
  createStaffUserSchema,
  initialMemberPassword,
  parseLoginIdentifier,
  type SessionUser,
} from '@parish/shared';

import { members, staffUsers } from '../../db/schema/index.ts';
import { AppError } from '../../lib/app-error.ts';
import { hashPassword, verifyAgainstDummy, verifyMemberPassword, verifyPassword } from '../../lib/passwords.ts';
import { signAccessToken } from '../../lib/tokens.ts';
import type { Actor } from '../../types.ts';
import { auditContextOf, recordAudit } from '../audit/audit.repository.ts';
import { THROTTLE_POLICIES, clearFailures, isLocked, registerFailure } from './login-throttle.ts';
import {
  issueRefreshToken,
  revokeAllForSubject,
  revokeFamilyOfToken,
  rotateRefreshToken,
  type RefreshSubject,
} from './refresh-tokens.ts';

/** A successful sign-in: the access token, the refresh token for the cookie, and the user. */
export interface SignIn {
  token: string;
  refreshToken: string;
  user: SessionUser;
}

type StaffRow = typeof staffUsers.$inferSelect;
type MemberRow = typeof members.$inferSelect;

function secretOf(app: FastifyInstance): Uint8Array {
  return new TextEncoder().encode(app.config.jwtSecret);
}

/** The user object of a staff account (`api-contract.md`, entities). */
export function staffSessionUser(user: Pick<StaffRow, 'id' | 'name' | 'role' | 'username'>): SessionUser {
  return { id: user.id, name: user.name, role: user.role, username: user.username };
}

/** The user object of a member. */
export function memberSessionUser(
  member: Pick<MemberRow, 'id' | 'name' | 'mobile' | 'parishNumber' | 'passwordIsInitial'>,
): SessionUser {
  return {
    id: member.id,
    memberId: member.id,
    name: member.name,
    role: 'customer',
    mobile: member.mobile,
    parishNumber: member.parishNumber,
    mustChangePassword: member.passwordIsInitial,
  };
}

/** The session user of a verified actor (`GET /api/auth/verify`). */
export function sessionUserOf(actor: Actor): SessionUser {
  if (actor.type === 'staff') return staffSessionUser(actor);
  return memberSessionUser({ ...actor, passwordIsInitial: actor.mustChangePassword });
}

function lockedError(): AppError {
  return new AppError(ErrorCode.RATE_LIMITED, MSG.tooManyAttempts);
}

async function startSession(
  app: FastifyInstance,
  subject: RefreshSubject,
  claims: { sub: string; role: SessionUser['role']; tv: number },
): Promise<{ token: string; refreshToken: string }> {
  const now = app.clock.now();
  const token = signAccessToken(secretOf(app), claims, now);
  const refreshToken = await issueRefreshToken(app.db, subject, now);
  return { token, refreshToken };
}

/**
 * Staff sign-in (`POST /api/auth/admin/login`). Any bad pair gets 401 'Invalid username or
 * password', with no hint which part was wrong; throttled per account and per address (429).
 */
export async function signInStaff(
  app: FastifyInstance,
  request: FastifyRequest,
  input: { username: string; password: string },
): Promise<SignIn> {
  const now = app.clock.now();
  const accountKey = `account:staff:${input.username.toLowerCase()}`;
  const addressKey = `ip:${request.ip}`;
  if (await isLocked(app.db, [accountKey, addressKey], now)) throw lockedError();
  const [user] = await app.db
    .select()
    .from(staffUsers)
    .where(and(sql`lower(${staffUsers.username}) = ${input.username.toLowerCase()}`, eq(staffUsers.isActive, true)));
  const valid = user
    ? await verifyPassword(user.passwordHash, input.password)
    : await verifyAgainstDummy(input.password);
  if (!user || !valid) {
    await registerFailure(app.db, addressKey, THROTTLE_POLICIES.address, now);
    const locked = await registerFailure(app.db, accountKey, THROTTLE_POLICIES.account, now);
    request.log.warn({ username: input.username, locked }, 'staff sign-in failed');
    throw new AppError(ErrorCode.UNAUTHORIZED, MSG.invalidStaffLogin);
  }
  await clearFailures(app.db, accountKey);
  const session = await startSession(
    app,
    { subjectType: 'staff', subjectId: user.id },
    { sub: user.id, role: user.role, tv: user.tokenVersion },
  );
  await recordAudit(
    app.db,
    auditContextOf(request, { type: 'staff', id: user.id, name: user.name, role: user.role, username: user.username }),
    {
      action: 'auth.signed_in',
      entityType: 'staff_user',
      entityId: user.id,
    },
  );
  return { ...session, user: staffSessionUser(user) };
}

/**
 * Member sign-in (`POST /api/auth/customer/login`) by mobile (10 or 12 digits, formatting
 * ignored) or parish number (case-insensitive). Both paths resolve the same account and share its
 * throttle (AU-03); accounts on the initial password get the tighter daily limit.
 */
export async function signInMember(
  app: FastifyInstance,
  request: FastifyRequest,
  input: { identifier: string; password: string },
): Promise<SignIn> {
  const now = app.clock.now();
  const identifier = parseLoginIdentifier(input.identifier);
  const addressKey = `ip:${request.ip}`;
  const condition =
    identifier.kind === 'mobile'
      ? eq(members.mobile, identifier.value)
      : sql`upper(${members.parishNumber}) = ${identifier.value}`;
  const [member] = await app.db
    .select()
    .from(members)
    .where(and(condition, eq(members.isActive, true)));
  const accountKey = member ? `account:member:${member.id}` : `ident:${identifier.value}`;
  if (await isLocked(app.db, [accountKey, addressKey], now)) throw lockedError();
  const valid = member
    ? await verifyMemberPassword(member.passwordHash, initialMemberPassword(member.name, member.mobile), input.password)
    : await verifyAgainstDummy(input.password);
  if (!member || !valid) {
    await registerFailure(app.db, addressKey, THROTTLE_POLICIES.address, now);
    const policy = member?.passwordIsInitial ? THROTTLE_POLICIES.initialPasswordAccount : THROTTLE_POLICIES.account;
    const locked = await registerFailure(app.db, accountKey, policy, now);
    request.log.warn({ identifierKind: identifier.kind, locked }, 'member sign-in failed');
    throw new AppError(ErrorCode.UNAUTHORIZED, MSG.invalidMemberLogin);
  }
  await clearFailures(app.db, accountKey);
  const session = await startSession(
    app,
    { subjectType: 'member', subjectId: member.id },
    { sub: member.id, role: 'customer', tv: member.tokenVersion },
  );
  return { ...session, user: memberSessionUser(member) };
}

/**
 * Renews the access token with the refresh cookie, rotating it.
 * @throws AppError 401 'Session expired. Please login again.' for an unknown, expired, revoked or
 *   reused token, or an account that is no longer active.
 */
export async function refreshSession(
  app: FastifyInstance,
  refreshToken: string | undefined,
): Promise<{ token: string; refreshToken: string }> {
  const expired = new AppError(ErrorCode.UNAUTHORIZED, MSG.sessionExpired);
  if (!refreshToken || refreshToken.length > 100) throw expired;
  const now = app.clock.now();
  const rotated = await rotateRefreshToken(app.db, refreshToken, now);
  if (!rotated.ok) throw expired;
  const { subjectId, subjectType } = rotated.subject;
  let claims: { sub: string; role: SessionUser['role']; tv: number } | null = null;
  if (subjectType === 'staff') {
    const [user] = await app.db.select().from(staffUsers).where(eq(staffUsers.id, subjectId));
    if (user?.isActive) claims = { sub: user.id, role: user.role, tv: user.tokenVersion };
  } else {
    const [member] = await app.db.select().from(members).where(eq(members.id, subjectId));
    if (member?.isActive) claims = { sub: member.id, role: 'customer', tv: member.tokenVersion };
  }
  if (!claims) {
    // The account was deactivated: the token just issued must not outlive this answer.
    await revokeFamilyOfToken(app.db, rotated.token, now);
    throw expired;
  }
  const token = signAccessToken(secretOf(app), claims, now);
  return { token, refreshToken: rotated.token };
}

/** Ends the session of a refresh cookie (revokes its family). Unknown tokens are ignored. */
export async function signOut(app: FastifyInstance, refreshToken: string | undefined): Promise<void> {
  if (refreshToken && refreshToken.length <= 100) {
    await revokeFamilyOfToken(app.db, refreshToken, app.clock.now());
  }
}

/**
 * Changes the caller's password. The current one must match; a member's new password must differ
 * from the initial one; a staff password must meet the staff rule (at least 10 characters).
 * Raises the token version (other sessions end) and starts a new session.
 * @returns the new access and refresh tokens.
 */
export async function changePassword(
  app: FastifyInstance,
  request: FastifyRequest,
  actor: Actor,
  input: { currentPassword: string; newPassword: string },
): Promise<{ token: string; refreshToken: string }> {
  const now = app.clock.now();
  const isMember = actor.type === 'member';
  const [row] = isMember
    ? await app.db.select().from(members).where(eq(members.id, actor.id))
    : await app.db.select().from(staffUsers).where(eq(staffUsers.id, actor.id));
  const currentValid = !row
    ? false
    : 'mobile' in row
      ? await verifyMemberPassword(row.passwordHash, initialMemberPassword(row.name, row.mobile), input.currentPassword)
      : await verifyPassword(row.passwordHash, input.currentPassword);
  if (!row || !currentValid) {
    throw new AppError(ErrorCode.VALIDATION_FAILED, MSG.currentPasswordWrong, [
      { field: 'currentPassword', message: MSG.currentPasswordWrong },
    ]);
  }
  if (!isMember) {
    // Staff passwords follow the rule of account creation (10 characters at least), not the members' 8.
    const rule = createStaffUserSchema.shape.password.safeParse(input.newPassword);
    if (!rule.success) {
      const message = rule.error.issues[0]?.message ?? MSG.invalidInput;
      throw new AppError(ErrorCode.VALIDATION_FAILED, message, [{ field: 'newPassword', message }]);
    }
  }
  if (
    isMember &&
    'mobile' in row &&
    input.newPassword.normalize('NFC') === initialMemberPassword(row.name, row.mobile)
  ) {
    throw new AppError(ErrorCode.VALIDATION_FAILED, MSG.passwordSameAsInitial, [
      { field: 'newPassword', message: MSG.passwordSameAsInitial },
    ]);
  }
  const passwordHash = await hashPassword(input.newPassword);
  const tokenVersion = row.tokenVersion + 1;
  const subject: RefreshSubject = { subjectType: isMember ? 'member' : 'staff', subjectId: actor.id };
  await app.db.transaction(async (tx) => {
    if (isMember) {
      await tx
        .update(members)
        .set({ passwordHash, passwordIsInitial: false, tokenVersion, updatedAt: now.toISOString() })
        .where(eq(members.id, actor.id));
    } else {
      await tx
        .update(staffUsers)
        .set({ passwordHash, tokenVersion, updatedAt: now.toISOString() })
        .where(eq(staffUsers.id, actor.id));
    }
    await revokeAllForSubject(tx, subject, now);
    await recordAudit(tx, auditContextOf(request, actor), {
      action: 'auth.password_changed',
      entityType: isMember ? 'member' : 'staff_user',
      entityId: actor.id,
    });
  });
  return startSession(app, subject, { sub: actor.id, role: actor.role, tv: tokenVersion });
}

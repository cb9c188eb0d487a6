import { randomUUID } from 'node:crypto';

import { and, eq, sql } from 'drizzle-orm';

import {
  ErrorCode,
  MSG,
  createStaffUserSchema,
  initialMemberPassword,
  isLanguage,
  parseLoginIdentifier,
  type SessionUser,
} from '@parish/shared';

import { actorOf, callerAuditContext, type Actor, type ServiceContext } from '../../context.ts';
import { memberVisible } from '../../db/import-batches.ts';
import { members, staffUsers } from '../../db/schema/index.ts';
import { AppError } from '../../lib/app-error.ts';
import { hashPassword, verifyAgainstDummy, verifyMemberPassword, verifyPassword } from '../../lib/passwords.ts';
import { signAccessToken } from '../../lib/tokens.ts';
import { recordAudit } from '../audit/audit.repository.ts';
import {
  CHOSEN_PASSWORD_DELAY,
  THROTTLE_POLICIES,
  clearFailures,
  isLocked,
  lockedMinutes,
  registerDelayedFailure,
  registerFailure,
  registerSprayFailure,
  sprayKeyOf,
} from './login-throttle.ts';
import { completeTwoStepSignIn, issueTwoStepChallenge, staffAccountKey } from './two-step.service.ts';
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

function secretOf(ctx: ServiceContext): Uint8Array {
  return new TextEncoder().encode(ctx.config.jwtSecret);
}

/**
 * The user object of a staff account (`docs/domain.md`, §7 "Entities on the wire"); a ward
 * leader's carries their ward (decision 0129).
 */
export function staffSessionUser(
  user: Pick<StaffRow, 'id' | 'name' | 'role' | 'username'> & {
    passwordMustChange?: boolean;
    wardId?: string | null;
  },
): SessionUser {
  return {
    id: user.id,
    name: user.name,
    role: user.role,
    username: user.username,
    ...(user.wardId && { wardId: user.wardId }),
    ...(user.passwordMustChange && { passwordChangeRequired: true }),
  };
}

/**
 * The user object of a member; with the member's chosen language when the row carries one
 * (sign-in does; `docs/domain.md`, "Member languages").
 */
export function memberSessionUser(
  member: Pick<MemberRow, 'id' | 'name' | 'mobile' | 'parishNumber' | 'passwordIsInitial'> & {
    passwordMustChange?: boolean;
    language?: string | null;
  },
): SessionUser {
  return {
    ...(member.passwordMustChange && { passwordChangeRequired: true }),
    id: member.id,
    memberId: member.id,
    name: member.name,
    role: 'customer',
    mobile: member.mobile,
    parishNumber: member.parishNumber,
    mustChangePassword: member.passwordIsInitial,
    ...(isLanguage(member.language) && { language: member.language }),
  };
}

/** The session user of a verified actor (`GET /api/auth/verify`). */
export function sessionUserOf(actor: Actor): SessionUser {
  const passwordMustChange = Boolean(actor.passwordChangeRequired);
  if (actor.type === 'staff') return staffSessionUser({ ...actor, passwordMustChange });
  return memberSessionUser({ ...actor, passwordIsInitial: actor.mustChangePassword, passwordMustChange });
}

function lockedError(): AppError {
  return new AppError(ErrorCode.ACCOUNT_LOCKED, MSG.tooManyAttempts);
}

/**
 * A member's sign-in lock says that paying does not need signing in: the payment link of the
 * WhatsApp reminder opens without a password (`docs/domain.md`, "AU-01 Sign-in throttles"). The same
 * text for every member lock, known account or not, so the lock tells nothing (AU-04). The detail
 * `lockedMinutes` says how long it still holds, in whole minutes (decision 0138): the sign-in screen
 * says it, and offers the code on WhatsApp.
 */
export function memberLockedError(minutes: number): AppError {
  return new AppError(ErrorCode.ACCOUNT_LOCKED, MSG.memberLockedPayByLink, [
    { field: 'lockedMinutes', message: String(Math.max(1, minutes)) },
  ]);
}

async function startSession(
  ctx: ServiceContext,
  subject: RefreshSubject,
  claims: { sub: string; role: SessionUser['role']; tv: number },
): Promise<{ token: string; refreshToken: string }> {
  const now = ctx.clock.now();
  // The access token names its session (the refresh family), so that signing out ends it too.
  const familyId = randomUUID();
  const token = signAccessToken(secretOf(ctx), { ...claims, sid: familyId }, now);
  const refreshToken = await issueRefreshToken(ctx.db, subject, now, familyId);
  return { token, refreshToken };
}

/** The first step's answer for an account with a second factor: no session, a challenge for the code. */
export interface TwoStepChallenge {
  twoStepRequired: true;
  challenge: string;
}

/**
 * Staff sign-in (`POST /api/auth/admin/login`). Any bad pair gets 401 'Invalid username or
 * password', with no hint which part was wrong; an account (known or not) is delayed progressively
 * after 5 failures (`CHOSEN_PASSWORD_DELAY`, `docs/domain.md`, "AU-01 Sign-in throttles"), an address locked (429).
 * @param input the username and password as typed, and the caller's address (`ip`) for the
 *   address throttle.
 * @returns the access token, the refresh token for the cookie and the session user; for an account
 *   with a second factor, only a challenge (`docs/domain.md`, "Two-step sign-in for staff").
 * @throws AppError 401 `INVALID_CREDENTIALS` for a bad pair or an inactive account; 429
 *   `ACCOUNT_LOCKED` while the account's delay runs or the address is locked.
 */
export async function signInStaff(
  ctx: ServiceContext,
  input: { username: string; password: string; ip: string },
): Promise<SignIn | TwoStepChallenge> {
  const now = ctx.clock.now();
  const accountKey = staffAccountKey(input.username);
  const addressKey = `ip:${input.ip}`;
  if (await isLocked(ctx.db, [accountKey, addressKey, sprayKeyOf(input.ip)], now)) throw lockedError();
  const [user] = await ctx.db
    .select()
    .from(staffUsers)
    .where(and(sql`lower(${staffUsers.username}) = ${input.username.toLowerCase()}`, eq(staffUsers.isActive, true)));
  const valid = user
    ? await verifyPassword(user.passwordHash, input.password)
    : await verifyAgainstDummy(input.password);
  if (!user || !valid) {
    await registerFailure(ctx.db, addressKey, THROTTLE_POLICIES.address, now);
    await registerSprayFailure(ctx.db, input.ip, now);
    const delayMs = await registerDelayedFailure(ctx.db, accountKey, CHOSEN_PASSWORD_DELAY, now);
    ctx.log.warn({ username: input.username, delayMs }, 'staff sign-in failed');
    throw new AppError(ErrorCode.INVALID_CREDENTIALS, MSG.invalidStaffLogin);
  }
  if (user.totpEnabledAt) {
    // The password was right, but no session before the code: the account's failures stay
    // counted until the second step succeeds, so codes cannot be guessed by redoing the first.
    return { twoStepRequired: true, challenge: issueTwoStepChallenge(ctx, user) };
  }
  await clearFailures(ctx.db, accountKey);
  return finishStaffSignIn(ctx, user);
}

/**
 * Starts the session of a staff member who passed every step of sign-in, audited as
 * `auth.signed_in` by that account.
 */
export async function finishStaffSignIn(ctx: ServiceContext, user: StaffRow): Promise<SignIn> {
  const session = await startSession(
    ctx,
    { subjectType: 'staff', subjectId: user.id },
    { sub: user.id, role: user.role, tv: user.tokenVersion },
  );
  // The caller was anonymous until now: the record names the account that signed in.
  const signedIn = { type: 'staff', id: user.id, name: user.name, role: user.role, username: user.username } as const;
  await recordAudit(ctx.db, callerAuditContext(signedIn, ctx.audit.requestId, ctx.audit.ip), {
    action: 'auth.signed_in',
    entityType: 'staff_user',
    entityId: user.id,
  });
  return { ...session, user: staffSessionUser(user) };
}

/**
 * The second step of a staff sign-in (`POST /api/auth/admin/login/code`; `docs/domain.md`,
 * "Two-step sign-in for staff"): the first step's challenge and a code; the session as a
 * sign-in without a second factor gets it.
 * @throws AppError as `completeTwoStepSignIn` (401 `TWO_STEP_CHALLENGE_EXPIRED`, 400
 *   `TWO_STEP_CODE_WRONG`, 429 `ACCOUNT_LOCKED`).
 */
export async function signInStaffWithCode(
  ctx: ServiceContext,
  input: { challenge: string; code: string; ip: string },
): Promise<SignIn> {
  const user = await completeTwoStepSignIn(ctx, input);
  return finishStaffSignIn(ctx, user);
}

/**
 * Member sign-in (`POST /api/auth/customer/login`) by mobile (10 or 12 digits, formatting
 * ignored) or parish number (case-insensitive). Both paths resolve the same account and share its
 * throttle (`docs/domain.md`, "AU-03"); accounts on the initial password are locked for 24 hours after 10 failures, the others delayed
 * progressively (`CHOSEN_PASSWORD_DELAY`).
 * @param input the identifier and password as typed, and the caller's address (`ip`) for the
 *   address throttle.
 * @returns the access token, the refresh token for the cookie and the session user.
 * @throws AppError 401 `INVALID_CREDENTIALS` for a bad pair or an inactive member; 429
 *   `ACCOUNT_LOCKED` while the account, the address or the address's spraying delay holds, saying
 *   the member can still pay through the reminder's payment link (`MSG.memberLockedPayByLink`).
 */
export async function signInMember(
  ctx: ServiceContext,
  input: { identifier: string; password: string; ip: string },
): Promise<SignIn> {
  const now = ctx.clock.now();
  const identifier = parseLoginIdentifier(input.identifier);
  const addressKey = `ip:${input.ip}`;
  const condition =
    identifier.kind === 'mobile'
      ? eq(members.mobile, identifier.value)
      : sql`upper(${members.parishNumber}) = ${identifier.value}`;
  const [member] = await ctx.db
    .select()
    .from(members)
    // A member of an unfinished import cannot sign in yet (decision 0049).
    .where(and(condition, eq(members.isActive, true), memberVisible(members.importBatchId)));
  const accountKey = member ? `account:member:${member.id}` : `ident:${identifier.value}`;
  const locked = await lockedMinutes(ctx.db, [accountKey, addressKey, sprayKeyOf(input.ip)], now);
  if (locked > 0) throw memberLockedError(locked);
  const valid = member
    ? await verifyMemberPassword(member.passwordHash, initialMemberPassword(member.name, member.mobile), input.password)
    : await verifyAgainstDummy(input.password);
  if (!member || !valid) {
    await registerFailure(ctx.db, addressKey, THROTTLE_POLICIES.address, now);
    await registerSprayFailure(ctx.db, input.ip, now);
    // The initial password (10^4 values) is locked; a chosen one, or no account, is delayed (AU-01).
    const locked = member?.passwordIsInitial
      ? await registerFailure(ctx.db, accountKey, THROTTLE_POLICIES.initialPasswordAccount, now)
      : (await registerDelayedFailure(ctx.db, accountKey, CHOSEN_PASSWORD_DELAY, now)) > 0;
    ctx.log.warn({ identifierKind: identifier.kind, locked }, 'member sign-in failed');
    throw new AppError(ErrorCode.INVALID_CREDENTIALS, MSG.invalidMemberLogin);
  }
  await clearFailures(ctx.db, accountKey);
  return startMemberSession(ctx, member);
}

/**
 * Starts the session of a member who proved who they are (password, or a code on WhatsApp:
 * decision 0138): a new refresh family and an access token of the member's token version.
 * @returns the access token, the refresh token for the cookie and the session user.
 */
export async function startMemberSession(ctx: ServiceContext, member: MemberRow): Promise<SignIn> {
  const session = await startSession(
    ctx,
    { subjectType: 'member', subjectId: member.id },
    { sub: member.id, role: 'customer', tv: member.tokenVersion },
  );
  return { ...session, user: memberSessionUser(member) };
}

/**
 * Renews the access token with the refresh cookie, rotating it.
 * @param input `refreshToken`: the refresh cookie's value, if the request had one.
 * @returns the new access token and the next refresh token of the family (for the cookie).
 * @throws AppError 401 `SESSION_EXPIRED` 'Session expired. Please login again.' for a missing,
 *   unknown, expired, revoked or reused token, or an account that is no longer active.
 */
export async function refreshSession(
  ctx: ServiceContext,
  input: { refreshToken: string | undefined },
): Promise<{ token: string; refreshToken: string }> {
  const expired = new AppError(ErrorCode.SESSION_EXPIRED, MSG.sessionExpired);
  const { refreshToken } = input;
  if (!refreshToken || refreshToken.length > 100) throw expired;
  const now = ctx.clock.now();
  const rotated = await rotateRefreshToken(ctx.db, refreshToken, now);
  if (!rotated.ok) throw expired;
  const { subjectId, subjectType } = rotated.subject;
  let claims: { sub: string; role: SessionUser['role']; tv: number } | null = null;
  if (subjectType === 'staff') {
    const [user] = await ctx.db.select().from(staffUsers).where(eq(staffUsers.id, subjectId));
    if (user?.isActive) claims = { sub: user.id, role: user.role, tv: user.tokenVersion };
  } else {
    const [member] = await ctx.db.select().from(members).where(eq(members.id, subjectId));
    if (member?.isActive) claims = { sub: member.id, role: 'customer', tv: member.tokenVersion };
  }
  if (!claims) {
    // The account was deactivated: the token just issued must not outlive this answer.
    await revokeFamilyOfToken(ctx.db, rotated.token, now);
    throw expired;
  }
  const token = signAccessToken(secretOf(ctx), { ...claims, sid: rotated.familyId }, now);
  return { token, refreshToken: rotated.token };
}

/**
 * Ends the session of a refresh cookie (revokes its family): the cookie and every access token of
 * the session stop working (`docs/domain.md`, "TK-03"). A missing or unknown token is ignored.
 * @param input `refreshToken`: the refresh cookie's value, if the request had one.
 */
export async function signOut(ctx: ServiceContext, input: { refreshToken: string | undefined }): Promise<void> {
  const { refreshToken } = input;
  if (refreshToken && refreshToken.length <= 100) {
    await revokeFamilyOfToken(ctx.db, refreshToken, ctx.clock.now());
  }
}

/**
 * Changes the caller's password. The current one must match; a member's new password must differ
 * from the initial one; a staff password must meet the staff rule (at least 10 characters).
 * Raises the token version (other sessions end) and starts a new session.
 * @returns the new access and refresh tokens.
 * @throws AppError 400 with the field (`currentPassword` or `newPassword`) that broke a rule
 *   (code `CURRENT_PASSWORD_WRONG`, `PASSWORD_SAME_AS_INITIAL`, or `VALIDATION_FAILED` for the staff
 *   password rule); 401 without a signed-in caller.
 */
export async function changePassword(
  ctx: ServiceContext,
  input: { currentPassword: string; newPassword: string },
): Promise<{ token: string; refreshToken: string }> {
  const actor = actorOf(ctx);
  const now = ctx.clock.now();
  const isMember = actor.type === 'member';
  const [row] = isMember
    ? await ctx.db.select().from(members).where(eq(members.id, actor.id))
    : await ctx.db.select().from(staffUsers).where(eq(staffUsers.id, actor.id));
  const currentValid = !row
    ? false
    : 'mobile' in row
      ? await verifyMemberPassword(row.passwordHash, initialMemberPassword(row.name, row.mobile), input.currentPassword)
      : await verifyPassword(row.passwordHash, input.currentPassword);
  if (!row || !currentValid) {
    throw new AppError(ErrorCode.CURRENT_PASSWORD_WRONG, MSG.currentPasswordWrong, [
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
    throw new AppError(ErrorCode.PASSWORD_SAME_AS_INITIAL, MSG.passwordSameAsInitial, [
      { field: 'newPassword', message: MSG.passwordSameAsInitial },
    ]);
  }
  const passwordHash = await hashPassword(input.newPassword);
  const tokenVersion = row.tokenVersion + 1;
  const subject: RefreshSubject = { subjectType: isMember ? 'member' : 'staff', subjectId: actor.id };
  await ctx.db.transaction(async (tx) => {
    if (isMember) {
      await tx
        .update(members)
        .set({
          passwordHash,
          passwordIsInitial: false,
          passwordMustChange: false,
          tokenVersion,
          updatedAt: now.toISOString(),
        })
        .where(eq(members.id, actor.id));
    } else {
      await tx
        .update(staffUsers)
        .set({ passwordHash, passwordMustChange: false, tokenVersion, updatedAt: now.toISOString() })
        .where(eq(staffUsers.id, actor.id));
    }
    await revokeAllForSubject(tx, subject, now);
    await recordAudit(tx, ctx.audit, {
      action: 'auth.password_changed',
      entityType: isMember ? 'member' : 'staff_user',
      entityId: actor.id,
    });
  });
  return startSession(ctx, subject, { sub: actor.id, role: actor.role, tv: tokenVersion });
}

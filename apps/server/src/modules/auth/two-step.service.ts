import { createHash, randomInt } from 'node:crypto';

import { and, count, eq, isNull, lt, or } from 'drizzle-orm';
import { createSigner, createVerifier } from 'fast-jwt';
import { Secret, TOTP } from 'otpauth';
import QRCode from 'qrcode';

import { ErrorCode, MSG } from '@parish/shared';

import { actorOf, type ServiceContext } from '../../context.ts';
import type { DbOrTx } from '../../db/client.ts';
import { staffRecoveryCodes, staffUsers } from '../../db/schema/index.ts';
import { AppError, notFound } from '../../lib/app-error.ts';
import { derivedKey, openText, sealText } from '../../lib/secret-box.ts';
import { twoStepRequiredFor } from '../../lib/two-step-policy.ts';
import { recordAudit, type AuditContext } from '../audit/audit.repository.ts';
import {
  CHOSEN_PASSWORD_DELAY,
  THROTTLE_POLICIES,
  clearFailures,
  isLocked,
  registerDelayedFailure,
  registerFailure,
  registerSprayFailure,
  sprayKeyOf,
} from './login-throttle.ts';

/*
 * Two-step sign-in for staff (`docs/domain.md`, "Two-step sign-in for staff";
 * `docs/decisions/0051-staff-two-step-sign-in-with-totp.md`): TOTP of RFC 6238 (SHA-1, 6 digits,
 * 30-second steps, what every authenticator app reads from an otpauth:// QR code), codes of the
 * previous, current and next step accepted, a step accepted once (no replay), ten single-use
 * recovery codes, guesses counted by the sign-in throttle.
 */

type StaffRow = typeof staffUsers.$inferSelect;

/** Seconds a sign-in's challenge (between the password and the code) is valid. */
export const CHALLENGE_SECONDS = 5 * 60;
/** How many recovery codes enrolment gives. */
export const RECOVERY_CODE_COUNT = 10;
/** The issuer an authenticator app shows next to the account. */
const ISSUER = 'Parish Dues';
/** Recovery codes: the one-time password alphabet (no 0/O, 1/I/L), 10 characters ≈ 50 bits, shown as XXXXX-XXXXX. */
const RECOVERY_ALPHABET = 'ABCDEFGHJKMNPQRSTUVWXYZ23456789';

const secretKey = (ctx: Pick<ServiceContext, 'config'>) =>
  derivedKey(ctx.config.jwtSecret, 'parish-dues staff totp secret v1');
const challengeKey = (ctx: Pick<ServiceContext, 'config'>) =>
  derivedKey(ctx.config.jwtSecret, 'parish-dues staff two-step challenge v1');

/** The throttle key of a staff account (the same as the password step's: one budget for both). */
export const staffAccountKey = (username: string) => `account:staff:${username.toLowerCase()}`;

function totpOf(base32: string, username: string): TOTP {
  return new TOTP({
    issuer: ISSUER,
    label: username,
    algorithm: 'SHA1',
    digits: 6,
    period: 30,
    secret: Secret.fromBase32(base32),
  });
}

function hashRecoveryCode(code: string): string {
  return createHash('sha256').update(code).digest('hex');
}

/** A recovery code as typed, normalised: upper case, letters and digits only. */
function normaliseRecoveryCode(code: string): string {
  return code.toUpperCase().replace(/[^A-Z0-9]/g, '');
}

function newRecoveryCode(): string {
  const chars = Array.from({ length: 10 }, () => RECOVERY_ALPHABET[randomInt(RECOVERY_ALPHABET.length)]).join('');
  return `${chars.slice(0, 5)}-${chars.slice(5)}`;
}

const codeWrong = () =>
  new AppError(ErrorCode.TWO_STEP_CODE_WRONG, MSG.twoStepCodeWrong, [{ field: 'code', message: MSG.twoStepCodeWrong }]);

/**
 * Checks a code against an account's second factor and uses it up: a 6-digit TOTP code of the
 * previous, current or next 30-second step after the last step accepted (`totp_last_step`, set in
 * the same statement, so two requests cannot both use one code), or an unused recovery code
 * (marked used in one statement).
 * @returns `'totp'`, `{ recovery: remaining }` for a recovery code, or null for a wrong, reused
 *   or undecryptable code.
 */
async function useSecondFactor(
  ctx: ServiceContext,
  db: DbOrTx,
  user: Pick<StaffRow, 'id' | 'username' | 'totpSecret'>,
  code: string,
): Promise<'totp' | { recovery: number } | null> {
  const now = ctx.clock.now();
  const digits = code.replace(/\s/g, '');
  if (/^\d{6}$/.test(digits)) {
    const base32 = user.totpSecret ? openText(secretKey(ctx), user.totpSecret) : null;
    if (!base32) return null;
    const delta = totpOf(base32, user.username).validate({ token: digits, timestamp: now.getTime(), window: 1 });
    if (delta === null) return null;
    const step = TOTP.counter({ period: 30, timestamp: now.getTime() }) + delta;
    const [accepted] = await db
      .update(staffUsers)
      .set({ totpLastStep: step })
      .where(and(eq(staffUsers.id, user.id), or(isNull(staffUsers.totpLastStep), lt(staffUsers.totpLastStep, step))))
      .returning({ id: staffUsers.id });
    return accepted ? 'totp' : null;
  }
  const normalised = normaliseRecoveryCode(code);
  if (normalised.length !== 10) return null;
  const [used] = await db
    .update(staffRecoveryCodes)
    .set({ usedAt: now.toISOString() })
    .where(
      and(
        eq(staffRecoveryCodes.staffUserId, user.id),
        eq(staffRecoveryCodes.codeHash, hashRecoveryCode(normalised)),
        isNull(staffRecoveryCodes.usedAt),
      ),
    )
    .returning({ id: staffRecoveryCodes.id });
  if (!used) return null;
  return { recovery: await recoveryCodesLeft(db, user.id) };
}

async function recoveryCodesLeft(db: DbOrTx, userId: string): Promise<number> {
  const [row] = await db
    .select({ left: count() })
    .from(staffRecoveryCodes)
    .where(and(eq(staffRecoveryCodes.staffUserId, userId), isNull(staffRecoveryCodes.usedAt)));
  return Number(row?.left ?? 0);
}

/**
 * Checks a code under the sign-in throttle: refused with 429 while the account, the address or the
 * address's spraying delay is locked; a wrong code counts as a failed sign-in (`docs/domain.md`,
 * "AU-01"); a right one clears the account's failures.
 * @throws AppError 429 `ACCOUNT_LOCKED`; 400 `TWO_STEP_CODE_WRONG` (field `code`).
 */
async function checkCodeThrottled(
  ctx: ServiceContext,
  db: DbOrTx,
  user: Pick<StaffRow, 'id' | 'username' | 'totpSecret'>,
  code: string,
  ip: string | null,
): Promise<'totp' | { recovery: number }> {
  const now = ctx.clock.now();
  const accountKey = staffAccountKey(user.username);
  const addressKey = ip ? `ip:${ip}` : null;
  const keys = ip ? [accountKey, `ip:${ip}`, sprayKeyOf(ip)] : [accountKey];
  if (await isLocked(ctx.db, keys, now)) throw new AppError(ErrorCode.ACCOUNT_LOCKED, MSG.tooManyAttempts);
  const used = await useSecondFactor(ctx, db, user, code);
  if (!used) {
    if (addressKey && ip) {
      await registerFailure(ctx.db, addressKey, THROTTLE_POLICIES.address, now);
      await registerSprayFailure(ctx.db, ip, now);
    }
    // A wrong code delays the account as a wrong password does (AU-01, docs/decisions/0050).
    const delayMs = await registerDelayedFailure(ctx.db, accountKey, CHOSEN_PASSWORD_DELAY, now);
    ctx.log.warn({ username: user.username, delayMs }, 'staff second-factor code refused');
    throw codeWrong();
  }
  await clearFailures(ctx.db, accountKey);
  return used;
}

/**
 * A signed challenge for the second step of a staff sign-in: HS256 under a key of its own (so it
 * is never an access token), subject the account, its token version, `typ: 'two_step'`, valid
 * {@link CHALLENGE_SECONDS}. It opens no session.
 */
export function issueTwoStepChallenge(ctx: ServiceContext, user: Pick<StaffRow, 'id' | 'tokenVersion'>): string {
  const sign = createSigner({
    key: challengeKey(ctx),
    algorithm: 'HS256',
    clockTimestamp: ctx.clock.now().getTime(),
    expiresIn: CHALLENGE_SECONDS * 1000,
    sub: user.id,
  });
  return sign({ tv: user.tokenVersion, typ: 'two_step' });
}

/**
 * The second step of a staff sign-in (`POST /api/auth/admin/login/code`): the challenge of the
 * first step and a code (authenticator or recovery). A recovery code is audited
 * (`auth.recovery_code_used`, with how many are left).
 * @returns the account, for the caller to start the session.
 * @throws AppError 401 `TWO_STEP_CHALLENGE_EXPIRED` for a bad or expired challenge or an account
 *   that changed since (deactivated, password changed, second factor removed); 429
 *   `ACCOUNT_LOCKED`; 400 `TWO_STEP_CODE_WRONG`.
 */
export async function completeTwoStepSignIn(
  ctx: ServiceContext,
  input: { challenge: string; code: string; ip: string },
): Promise<StaffRow> {
  const expired = new AppError(ErrorCode.TWO_STEP_CHALLENGE_EXPIRED, MSG.twoStepChallengeExpired);
  let claims: { sub?: unknown; tv?: unknown; typ?: unknown };
  try {
    const verify = createVerifier({
      key: challengeKey(ctx),
      algorithms: ['HS256'],
      requiredClaims: ['exp', 'sub'],
      clockTimestamp: ctx.clock.now().getTime(),
    });
    claims = verify(input.challenge) as typeof claims;
  } catch {
    throw expired;
  }
  if (claims.typ !== 'two_step' || typeof claims.sub !== 'string' || !/^[0-9a-f-]{36}$/i.test(claims.sub))
    throw expired;
  const [user] = await ctx.db.select().from(staffUsers).where(eq(staffUsers.id, claims.sub));
  if (!user?.isActive || user.tokenVersion !== claims.tv || !user.totpEnabledAt) throw expired;
  const used = await checkCodeThrottled(ctx, ctx.db, user, input.code, input.ip);
  if (used !== 'totp') await recordRecoveryUse(ctx, user, used.recovery);
  return user;
}

async function recordRecoveryUse(ctx: ServiceContext, user: StaffRow, remaining: number): Promise<void> {
  const signedIn = { type: 'staff', id: user.id, name: user.name, role: user.role, username: user.username } as const;
  const audit: AuditContext = {
    actorType: 'staff',
    actorId: signedIn.id,
    actorName: signedIn.name,
    requestId: ctx.audit.requestId,
    ip: ctx.audit.ip,
  };
  await recordAudit(ctx.db, audit, {
    action: 'auth.recovery_code_used',
    entityType: 'staff_user',
    entityId: user.id,
    after: { remaining },
  });
}

async function ownRow(ctx: ServiceContext): Promise<StaffRow> {
  const actor = actorOf(ctx);
  if (actor.type !== 'staff') throw new AppError(ErrorCode.FORBIDDEN, MSG.forbidden);
  const [user] = await ctx.db.select().from(staffUsers).where(eq(staffUsers.id, actor.id));
  if (!user) throw notFound('Staff user not found');
  return user;
}

/**
 * The caller's two-step state (`GET /api/auth/two-step`).
 * @returns `enabled`, `required` (STAFF_MFA=required and an admin) and `recoveryCodesLeft`.
 */
export async function twoStepStatus(
  ctx: ServiceContext,
): Promise<{ enabled: boolean; required: boolean; recoveryCodesLeft: number }> {
  const user = await ownRow(ctx);
  return {
    enabled: Boolean(user.totpEnabledAt),
    required: twoStepRequiredFor(ctx.config, user.role),
    recoveryCodesLeft: user.totpEnabledAt ? await recoveryCodesLeft(ctx.db, user.id) : 0,
  };
}

/**
 * Starts a setup (`POST /api/auth/two-step/setup`): a new 160-bit secret, kept encrypted as the
 * pending secret until a code confirms it (a new setup replaces an unconfirmed one).
 * @returns the otpauth:// URI, the same as an SVG QR code (data URL) and the base32 key.
 * @throws AppError 409 `TWO_STEP_STATE_CONFLICT` when the account already has a second factor.
 */
export async function startTwoStepSetup(
  ctx: ServiceContext,
): Promise<{ otpauthUri: string; qrCode: string; secret: string }> {
  const user = await ownRow(ctx);
  if (user.totpEnabledAt) throw new AppError(ErrorCode.TWO_STEP_STATE_CONFLICT, MSG.twoStepAlreadyOn);
  const secret = new Secret({ size: 20 }).base32;
  await ctx.db
    .update(staffUsers)
    .set({ totpPendingSecret: sealText(secretKey(ctx), secret) })
    .where(eq(staffUsers.id, user.id));
  const otpauthUri = totpOf(secret, user.username).toString();
  const svg = await QRCode.toString(otpauthUri, { type: 'svg', errorCorrectionLevel: 'M', margin: 2 });
  return { otpauthUri, qrCode: `data:image/svg+xml;base64,${Buffer.from(svg).toString('base64')}`, secret };
}

/**
 * Confirms a setup with a code of the pending secret (`POST /api/auth/two-step/enable`): the
 * secret becomes the account's second factor, ten new recovery codes are made (stored hashed),
 * audited as `staff_user.two_step_enabled`, all in one transaction.
 * @returns the recovery codes, in clear this once only.
 * @throws AppError 409 `TWO_STEP_STATE_CONFLICT` when already on or no setup was started; 400
 *   `TWO_STEP_CODE_WRONG`; 429 `ACCOUNT_LOCKED` (guesses are throttled like sign-in).
 */
export async function enableTwoStep(
  ctx: ServiceContext,
  input: { code: string },
): Promise<{ recoveryCodes: string[] }> {
  const user = await ownRow(ctx);
  if (user.totpEnabledAt) throw new AppError(ErrorCode.TWO_STEP_STATE_CONFLICT, MSG.twoStepAlreadyOn);
  const pending = user.totpPendingSecret;
  if (!pending) throw new AppError(ErrorCode.TWO_STEP_STATE_CONFLICT, MSG.twoStepNotOn);
  const recoveryCodes = Array.from({ length: RECOVERY_CODE_COUNT }, newRecoveryCode);
  const now = ctx.clock.now();
  // Checked before the transaction: a refused code must still count against the throttle. The
  // pending secret is checked as the account's, so the accepted step is stored as the last one.
  await checkCodeThrottled(ctx, ctx.db, { ...user, totpSecret: pending }, input.code, null);
  await ctx.db.transaction(async (tx) => {
    await tx
      .update(staffUsers)
      .set({
        totpSecret: pending,
        totpPendingSecret: null,
        totpEnabledAt: now.toISOString(),
        updatedAt: now.toISOString(),
      })
      .where(eq(staffUsers.id, user.id));
    await tx.delete(staffRecoveryCodes).where(eq(staffRecoveryCodes.staffUserId, user.id));
    await tx.insert(staffRecoveryCodes).values(
      recoveryCodes.map((code) => ({
        staffUserId: user.id,
        codeHash: hashRecoveryCode(normaliseRecoveryCode(code)),
      })),
    );
    await recordAudit(tx, ctx.audit, {
      action: 'staff_user.two_step_enabled',
      entityType: 'staff_user',
      entityId: user.id,
    });
  });
  return { recoveryCodes };
}

/**
 * Removes an account's second factor in the caller's transaction (secret, pending secret, last
 * step and recovery codes), audited as `staff_user.two_step_removed` with who did it.
 * @returns false (and records nothing) when the account had none.
 * @throws AppError 404 'Staff user not found' for an unknown account.
 */
export async function clearSecondFactor(
  tx: DbOrTx,
  audit: AuditContext,
  input: { userId: string; by: 'self' | 'admin' | 'server console'; now: Date },
): Promise<boolean> {
  const [before] = await tx
    .select({ enabledAt: staffUsers.totpEnabledAt })
    .from(staffUsers)
    .where(eq(staffUsers.id, input.userId))
    .for('update');
  if (!before) throw notFound('Staff user not found');
  await tx
    .update(staffUsers)
    .set({
      totpSecret: null,
      totpPendingSecret: null,
      totpEnabledAt: null,
      totpLastStep: null,
      updatedAt: input.now.toISOString(),
    })
    .where(eq(staffUsers.id, input.userId));
  await tx.delete(staffRecoveryCodes).where(eq(staffRecoveryCodes.staffUserId, input.userId));
  if (!before.enabledAt) return false;
  await recordAudit(tx, audit, {
    action: 'staff_user.two_step_removed',
    entityType: 'staff_user',
    entityId: input.userId,
    after: { by: input.by },
  });
  return true;
}

/**
 * The caller turns two-step sign-in off with a current code or a recovery code
 * (`POST /api/auth/two-step/disable`).
 * @throws AppError 409 `TWO_STEP_STATE_CONFLICT` when it is not on; 400 `TWO_STEP_CODE_WRONG`;
 *   429 `ACCOUNT_LOCKED`.
 */
export async function disableTwoStep(ctx: ServiceContext, input: { code: string }): Promise<void> {
  const user = await ownRow(ctx);
  if (!user.totpEnabledAt) throw new AppError(ErrorCode.TWO_STEP_STATE_CONFLICT, MSG.twoStepNotOn);
  const used = await checkCodeThrottled(ctx, ctx.db, user, input.code, null);
  await ctx.db.transaction(async (tx) => {
    await clearSecondFactor(tx, ctx.audit, { userId: user.id, by: 'self', now: ctx.clock.now() });
  });
  if (used !== 'totp') await recordRecoveryUse(ctx, user, 0);
}

/**
 * An admin removes another staff member's second factor (`POST /api/admin/users/:id/reset-two-step`),
 * e.g. after a lost phone; audited. The member then signs in with the password alone and may set
 * it up again.
 * @throws AppError 404 for an unknown account; 409 `TWO_STEP_STATE_CONFLICT` when it has none.
 */
export async function resetTwoStep(ctx: ServiceContext, input: { userId: string }): Promise<void> {
  await ctx.db.transaction(async (tx) => {
    const removed = await clearSecondFactor(tx, ctx.audit, { userId: input.userId, by: 'admin', now: ctx.clock.now() });
    if (!removed) throw new AppError(ErrorCode.TWO_STEP_STATE_CONFLICT, MSG.twoStepNotOn);
  });
}

import { randomInt } from 'node:crypto';

import { eq, sql } from 'drizzle-orm';

import type { ServiceContext } from '../../context.ts';
import type { Db } from '../../db/client.ts';
import { members, staffUsers } from '../../db/schema/index.ts';
import { notFound } from '../../lib/app-error.ts';
import { hashPassword } from '../../lib/passwords.ts';
import { recordAudit, type AuditContext } from '../audit/audit.repository.ts';
import { revokeAllForSubject } from './refresh-tokens.ts';
import { clearSecondFactor } from './two-step.service.ts';

/** Letters and digits that cannot be misread for each other on a phone or a slip (no 0/O, 1/I/L). */
const ONE_TIME_ALPHABET = 'ABCDEFGHJKMNPQRSTUVWXYZ23456789';

/**
 * A one-time password: `length` characters of {@link ONE_TIME_ALPHABET} (about 4.95 bits each;
 * 12 characters ≈ 59 bits), from the operating system's random source. Sign-in throttles limit
 * guessing (`docs/domain.md`, "AU-01").
 */
export function newOneTimePassword(length = 12): string {
  return Array.from({ length }, () => ONE_TIME_ALPHABET[randomInt(ONE_TIME_ALPHABET.length)]).join('');
}

/**
 * An admin resets a member's password (`docs/domain.md`, "Password resets"): back to the initial
 * password (the specification's behaviour: a warning and Change Password, never a forced change),
 * or to a one-time password shown once, whose session can only change it. Either way every session
 * of the member ends (token version raised, refresh families revoked), in one transaction with the
 * audit record `member.password_reset`.
 * @returns the one-time password for `to: 'one-time'` (never stored in clear), else nothing.
 * @throws AppError 404 'Member not found' for an unknown member.
 */
export async function resetMemberPassword(
  ctx: ServiceContext,
  input: { memberId: string; to: 'initial' | 'one-time' },
): Promise<{ oneTimePassword?: string }> {
  const now = ctx.clock.now();
  const oneTimePassword = input.to === 'one-time' ? newOneTimePassword() : undefined;
  const passwordHash = oneTimePassword ? await hashPassword(oneTimePassword) : null;
  await ctx.db.transaction(async (tx) => {
    const [member] = await tx
      .update(members)
      .set({
        passwordHash,
        passwordIsInitial: !oneTimePassword,
        passwordMustChange: Boolean(oneTimePassword),
        tokenVersion: sql`${members.tokenVersion} + 1`,
        updatedAt: now.toISOString(),
      })
      .where(eq(members.id, input.memberId))
      .returning({ id: members.id });
    if (!member) throw notFound('Member not found');
    await revokeAllForSubject(tx, { subjectType: 'member', subjectId: member.id }, now);
    await recordAudit(tx, ctx.audit, {
      action: 'member.password_reset',
      entityType: 'member',
      entityId: member.id,
      after: { to: input.to },
    });
  });
  return oneTimePassword ? { oneTimePassword } : {};
}

/**
 * Sets a one-time password on a staff account (an admin's reset, or `npm run admin:reset` on the
 * server's machine): the account's sessions end, and the next sign-in can only change the
 * password. Audited as `staff_user.one_time_password_set` with who did it, in the same transaction.
 * From the server console it also removes the account's second factor (audited
 * `staff_user.two_step_removed` when there was one).
 * @param db the database (or a transaction), so that the console script can call it too.
 * @returns the one-time password, to be shown once.
 * @throws AppError 404 'Staff user not found' for an unknown account.
 */
export async function setStaffOneTimePassword(
  db: Db,
  audit: AuditContext,
  input: { userId: string; by: 'admin' | 'server console'; now: Date },
): Promise<{ oneTimePassword: string }> {
  const oneTimePassword = newOneTimePassword();
  const passwordHash = await hashPassword(oneTimePassword);
  await db.transaction(async (tx) => {
    const [user] = await tx
      .update(staffUsers)
      .set({
        passwordHash,
        passwordMustChange: true,
        tokenVersion: sql`${staffUsers.tokenVersion} + 1`,
        updatedAt: input.now.toISOString(),
      })
      .where(eq(staffUsers.id, input.userId))
      .returning({ id: staffUsers.id });
    if (!user) throw notFound('Staff user not found');
    await revokeAllForSubject(tx, { subjectType: 'staff', subjectId: user.id }, input.now);
    await recordAudit(tx, audit, {
      action: 'staff_user.one_time_password_set',
      entityType: 'staff_user',
      entityId: user.id,
      after: { by: input.by },
    });
    // The locked-out admin's way back: the console also removes the second factor, which a lost
    // phone would otherwise keep asking for (`docs/domain.md`, "Two-step sign-in for staff").
    if (input.by === 'server console') {
      await clearSecondFactor(tx, audit, { userId: user.id, by: 'server console', now: input.now });
    }
  });
  return { oneTimePassword };
}

/** An admin resets a staff member's password to a one-time password (see {@link setStaffOneTimePassword}). */
export function resetStaffPassword(
  ctx: ServiceContext,
  input: { userId: string },
): Promise<{ oneTimePassword: string }> {
  return setStaffOneTimePassword(ctx.db, ctx.audit, { userId: input.userId, by: 'admin', now: ctx.clock.now() });
}

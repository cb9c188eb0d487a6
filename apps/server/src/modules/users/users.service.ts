import { randomBytes } from 'node:crypto';

import { and, asc, count, eq, sql } from 'drizzle-orm';
import type { z } from 'zod';

import {
  ErrorCode,
  MSG,
  STAFF_WARD_MSG,
  WARD_MSG,
  type StaffUser,
  type createStaffUserSchema,
  type updateStaffUserSchema,
} from '@parish/shared';

import { actorOf, type ServiceContext } from '../../context.ts';
import type { DbOrTx } from '../../db/client.ts';
import { currentParishId } from '../../db/parish-scope.ts';
import { staffUsers, wards } from '../../db/schema/index.ts';
import { AppError, badRequest, conflict, notFound } from '../../lib/app-error.ts';
import { hashPassword } from '../../lib/passwords.ts';
import { recordAudit } from '../audit/audit.repository.ts';
import { revokeAllForSubject } from '../auth/refresh-tokens.ts';

type StaffRow = typeof staffUsers.$inferSelect;

/** A staff row as the API shows it (never the hash nor the second factor's secret; only whether it has one). */
export function toStaffUser(row: StaffRow): StaffUser {
  return {
    _id: row.id,
    username: row.username,
    name: row.name,
    role: row.role,
    ...(row.wardId && { wardId: row.wardId }),
    isActive: row.isActive,
    createdAt: new Date(row.createdAt).toISOString(),
    ...(row.totpEnabledAt && { twoStepSignIn: true as const }),
  };
}

/** Every staff account (admin only), admins first, then by name; never a password hash. */
export async function listStaffUsers(ctx: ServiceContext): Promise<StaffUser[]> {
  const rows = await ctx.db.select().from(staffUsers).orderBy(asc(staffUsers.role), asc(staffUsers.name));
  return rows.map(toStaffUser);
}

/**
 * Checks that a ward leader's ward is a ward of the parish (decision 0129). The users module sits
 * below members, so it reads the `wards` table itself.
 * @throws AppError 400 (field `wardId`) `WARD_MSG.notFound` when it is not
 */
async function assertLeaderWard(db: DbOrTx, wardId: string): Promise<void> {
  const [row] = await db
    .select({ id: wards.id })
    .from(wards)
    .where(and(eq(wards.parishId, currentParishId() ?? 1), eq(wards.id, wardId)));
  if (!row) throw badRequest(WARD_MSG.notFound, 'wardId');
}

/**
 * Creates a cashier, admin or ward leader (admin only), with its audit record in the same
 * transaction. A ward leader leads one ward of the parish (issue 28 item 7, decision 0129).
 * @param input the validated form: username, name, role, password (hashed here) and, for a ward
 *   leader, `wardId`.
 * @returns the account as the API shows it.
 * @throws 409 `DUPLICATE_USERNAME` when the username (case-insensitive) is taken; 400 (field
 *   `wardId`) `WARD_MSG.notFound` when the ward is not one of the parish's.
 */
export async function createStaffUser(
  ctx: ServiceContext,
  input: z.output<typeof createStaffUserSchema>,
): Promise<StaffUser> {
  const passwordHash = await hashPassword(input.password);
  return ctx.db.transaction(async (tx) => {
    const [existing] = await tx
      .select({ id: staffUsers.id })
      .from(staffUsers)
      .where(sql`lower(${staffUsers.username}) = ${input.username.toLowerCase()}`);
    if (existing) throw conflict(MSG.usernameTaken, ErrorCode.DUPLICATE_USERNAME);
    const wardId = input.role === 'ward_leader' ? (input.wardId ?? null) : null;
    if (wardId) await assertLeaderWard(tx, wardId);
    const [row] = await tx
      .insert(staffUsers)
      .values({ username: input.username, name: input.name, role: input.role, wardId, passwordHash })
      .returning();
    if (!row) throw new Error('insert returned nothing');
    const user = toStaffUser(row);
    await recordAudit(tx, ctx.audit, {
      action: 'staff_user.created',
      entityType: 'staff_user',
      entityId: row.id,
      after: user,
    });
    return user;
  });
}

/**
 * Renames, changes the role, resets the password or (re)activates a staff account (admin only).
 * A password reset, role change or deactivation ends the account's sessions.
 * @param id the staff account's id.
 * @param input the fields to change (absent ones stay); `{ isActive: false }` deactivates.
 * @returns the account after the change, as the API shows it.
 * A ward leader keeps a ward: a change to the role `ward_leader` needs `wardId`, a change away
 * from it clears the ward, and `wardId` alone moves a leader to another ward (decision 0129).
 * @throws 404 unknown id; 400 `CANNOT_DEACTIVATE_SELF` when an admin deactivates or demotes their
 *   own account; 400 (field `wardId`) when a ward leader would have no ward, another role a ward,
 *   or the ward is not one of the parish's.
 */
export async function updateStaffUser(
  ctx: ServiceContext,
  id: string,
  input: z.output<typeof updateStaffUserSchema>,
): Promise<StaffUser> {
  const actor = actorOf(ctx);
  if (actor.id === id && (input.isActive === false || (input.role && input.role !== 'admin'))) {
    throw new AppError(ErrorCode.CANNOT_DEACTIVATE_SELF, MSG.cannotDeactivateSelf);
  }
  const passwordHash = input.password ? await hashPassword(input.password) : undefined;
  const now = ctx.clock.now();
  return ctx.db.transaction(async (tx) => {
    const [before] = await tx.select().from(staffUsers).where(eq(staffUsers.id, id)).for('update');
    if (!before) throw notFound(MSG.notFound);
    const role = input.role ?? before.role;
    const wardId = role === 'ward_leader' ? (input.wardId ?? before.wardId) : null;
    if (role === 'ward_leader' && !wardId) throw badRequest(STAFF_WARD_MSG.wardRequired, 'wardId');
    if (role !== 'ward_leader' && input.wardId) throw badRequest(STAFF_WARD_MSG.wardOnlyForLeader, 'wardId');
    if (wardId && wardId !== before.wardId) await assertLeaderWard(tx, wardId);
    const endsSessions =
      passwordHash !== undefined ||
      (input.role !== undefined && input.role !== before.role) ||
      wardId !== before.wardId ||
      input.isActive === false;
    const [after] = await tx
      .update(staffUsers)
      .set({
        ...(input.name !== undefined && { name: input.name }),
        ...(input.role !== undefined && { role: input.role }),
        wardId,
        ...(input.isActive !== undefined && { isActive: input.isActive }),
        ...(passwordHash !== undefined && { passwordHash }),
        tokenVersion: endsSessions ? before.tokenVersion + 1 : before.tokenVersion,
        updatedAt: now.toISOString(),
      })
      .where(eq(staffUsers.id, id))
      .returning();
    if (!after) throw notFound(MSG.notFound);
    if (endsSessions) await revokeAllForSubject(tx, { subjectType: 'staff', subjectId: id }, now);
    await recordAudit(tx, ctx.audit, {
      action: passwordHash ? 'staff_user.password_reset' : 'staff_user.updated',
      entityType: 'staff_user',
      entityId: id,
      before: toStaffUser(before),
      after: toStaffUser(after),
    });
    return toStaffUser(after);
  });
}

/**
 * Creates the first admin of an empty database from `ADMIN_USERNAME` / `ADMIN_PASSWORD`.
 * @returns the generated password when none was configured (to print once), else null; null too
 *   when any staff account already exists.
 */
export async function ensureFirstAdmin(
  db: DbOrTx,
  username: string,
  configuredPassword: string | undefined,
): Promise<{ generatedPassword: string | null; created: boolean }> {
  const [{ total } = { total: 0 }] = await db.select({ total: count() }).from(staffUsers);
  if (total > 0) return { generatedPassword: null, created: false };
  const password = configuredPassword ?? randomBytes(12).toString('base64url');
  await db
    .insert(staffUsers)
    .values({ username, name: 'Administrator', role: 'admin', passwordHash: await hashPassword(password) });
  return { generatedPassword: configuredPassword ? null : password, created: true };
}

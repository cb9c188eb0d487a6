import { ErrorCode, MSG, WARD_MSG, type Ward, type WardInput } from '@parish/shared';
import { sql } from 'drizzle-orm';

import { actorOf, leaderWardOf, type ServiceContext } from '../../context.ts';
import { queryRows, type DbOrTx } from '../../db/client.ts';
import { currentParishId } from '../../db/parish-scope.ts';
import { conflict, notFound } from '../../lib/app-error.ts';
import { isUniqueViolation } from '../../lib/db-errors.ts';
import { recordAudit } from '../audit/audit.repository.ts';

/*
 * Wards of the parish (decision 0126; `docs/domain.md`, "Wards"): staff read them, admins add,
 * rename and delete them. Names are unique in the parish, case-insensitively (`wards_name_uq`); a
 * ward with members cannot be deleted. Every change is audited in its transaction.
 */

/** The unique index that makes a ward name unique in its parish (migration 0027). */
const WARD_NAME_INDEX = ['wards_name_uq'];

interface WardRow {
  id: string;
  name: string;
  member_count: number | string;
}

const toWard = (row: WardRow): Ward => ({ id: row.id, name: row.name, memberCount: Number(row.member_count) });

/** The wards with their active member counts, sorted by name (case-insensitive), then id. */
async function wardRows(db: DbOrTx, id?: string): Promise<Ward[]> {
  const rows = await queryRows<WardRow>(
    db,
    sql`select w.id, w.name,
               (select count(*) from members m where m.ward_id = w.id and m.is_active) as member_count
          from wards w
         where ${id === undefined ? sql`true` : sql`w.id = ${id}::uuid`}
         order by lower(w.name), w.id`,
  );
  return rows.map(toWard);
}

/**
 * `GET /api/wards`: every ward of the parish with its active member count; for a ward leader only
 * their own ward (decision 0129).
 * @param onlyWard the caller's ward when confined to one (`leaderWardOf`), else undefined
 * @returns `[{ id, name, memberCount }]` sorted by name, case-insensitively
 */
export async function listWards(db: DbOrTx, onlyWard?: string): Promise<Ward[]> {
  return wardRows(db, onlyWard);
}

/**
 * Checks that a ward leader may see a member: the member must be in the leader's ward (issue 28
 * item 7, decision 0129). Nothing is checked for other callers.
 * @throws AppError 404 (the same text as a missing member, so nothing leaks) when the caller is a
 *   ward leader and the member is unknown or in another ward (or in none)
 */
export async function assertMemberInCallerWard(
  ctx: Pick<ServiceContext, 'actor' | 'db'>,
  memberId: string,
): Promise<void> {
  const ward = leaderWardOf(ctx);
  if (ward === undefined) return;
  const [row] = await queryRows<{ id: string }>(
    ctx.db,
    sql`select id from members
         where parish_id = ${currentParishId() ?? 1} and id = ${memberId}::uuid and ward_id = ${ward}::uuid`,
  );
  if (!row) throw notFound(MSG.notFound);
}

/**
 * One ward, locked for the change that follows when `forUpdate`.
 * @throws AppError 404 `WARD_MSG.notFound` for an unknown id
 */
async function wardOrThrow(db: DbOrTx, id: string, forUpdate = false): Promise<Ward> {
  if (forUpdate) await db.execute(sql`select 1 from wards where id = ${id}::uuid for update`);
  const [ward] = await wardRows(db, id);
  if (!ward) throw notFound(WARD_MSG.notFound);
  return ward;
}

/** Runs a write, turning a clash on the ward name into 409 `DUPLICATE_WARD`. */
async function withNameCheck<T>(write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (error) {
    if (isUniqueViolation(error, WARD_NAME_INDEX)) throw conflict(WARD_MSG.duplicate, ErrorCode.DUPLICATE_WARD);
    throw error;
  }
}

/**
 * `POST /api/wards` (admin): adds a ward, audited `ward.created`.
 * @param input `{ name }`, trimmed, 1–60 characters (`wardInputSchema`)
 * @returns the ward, `memberCount` 0
 * @throws AppError 409 `DUPLICATE_WARD` when a ward of the parish has the name, case-insensitively
 */
export async function createWard(ctx: ServiceContext, input: WardInput): Promise<Ward> {
  actorOf(ctx);
  return withNameCheck(() =>
    ctx.db.transaction(async (tx) => {
      const [row] = await queryRows<{ id: string }>(
        tx,
        sql`insert into wards (name) values (${input.name}) returning id`,
      );
      const ward = await wardOrThrow(tx, row!.id);
      await recordAudit(tx, ctx.audit, {
        action: 'ward.created',
        entityType: 'ward',
        entityId: ward.id,
        before: null,
        after: ward,
      });
      return ward;
    }),
  );
}

/**
 * `PATCH /api/wards/:id` (admin): renames a ward, audited `ward.updated`.
 * @returns the ward after the change
 * @throws AppError 404 unknown ward; 409 `DUPLICATE_WARD` as {@link createWard}
 */
export async function renameWard(ctx: ServiceContext, id: string, input: WardInput): Promise<Ward> {
  actorOf(ctx);
  return withNameCheck(() =>
    ctx.db.transaction(async (tx) => {
      const before = await wardOrThrow(tx, id, true);
      await tx.execute(sql`update wards set name = ${input.name}, updated_at = now() where id = ${id}::uuid`);
      const after = await wardOrThrow(tx, id);
      await recordAudit(tx, ctx.audit, { action: 'ward.updated', entityType: 'ward', entityId: id, before, after });
      return after;
    }),
  );
}

/**
 * `DELETE /api/wards/:id` (admin): deletes a ward no member belongs to (active or not: the foreign
 * key restricts), audited `ward.deleted`.
 * @throws AppError 404 unknown ward; 409 `WARD_HAS_MEMBERS` (`WARD_MSG.hasMembers(n)`, n its
 *   members) while members belong to it, or (`WARD_MSG.hasLeader`) while a ward leader leads it
 *   (decision 0129: the staff account's foreign key restricts too)
 */
export async function deleteWard(ctx: ServiceContext, id: string): Promise<void> {
  actorOf(ctx);
  await ctx.db.transaction(async (tx) => {
    const before = await wardOrThrow(tx, id, true);
    const [held] = await queryRows<{ n: number | string }>(
      tx,
      sql`select count(*) as n from members where ward_id = ${id}::uuid`,
    );
    const count = Number(held?.n ?? 0);
    if (count > 0) throw conflict(WARD_MSG.hasMembers(count), ErrorCode.WARD_HAS_MEMBERS);
    const [leader] = await queryRows<{ id: string }>(
      tx,
      sql`select id from staff_users where parish_id = ${currentParishId() ?? 1} and ward_id = ${id}::uuid limit 1`,
    );
    if (leader) throw conflict(WARD_MSG.hasLeader, ErrorCode.WARD_HAS_MEMBERS);
    await tx.execute(sql`delete from wards where id = ${id}::uuid`);
    await recordAudit(tx, ctx.audit, { action: 'ward.deleted', entityType: 'ward', entityId: id, before, after: null });
  });
}

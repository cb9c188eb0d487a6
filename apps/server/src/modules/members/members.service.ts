import { and, eq, inArray, ne, or, sql, type SQL } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';

import {
  MSG,
  initialMemberPassword,
  type Member,
  type MemberCredentials,
  type MemberInput,
  type MemberListQuery,
  type MemberSortField,
} from '@parish/shared';

import type { DbOrTx } from '../../db/client.ts';
import { members, payments, transactionItems } from '../../db/schema/index.ts';
import { conflict, notFound } from '../../lib/app-error.ts';
import { isUniqueViolation } from '../../lib/db-errors.ts';
import { auditContextOf, recordAudit } from '../audit/audit.repository.ts';
import { revokeAllForSubject } from '../auth/refresh-tokens.ts';

type MemberRow = typeof members.$inferSelect;

/** The unique indexes that make mobile and parish number unique among active members. */
const MEMBER_UNIQUE_INDEXES = ['members_mobile_active_uq', 'members_parish_number_active_uq'] as const;

/** The whitelisted sort columns of the member list. */
const SORT_COLUMNS = {
  name: members.name,
  parishNumber: members.parishNumber,
  mobile: members.mobile,
  currentLocation: members.currentLocation,
  createdAt: members.createdAt,
} as const satisfies Record<MemberSortField, unknown>;

/**
 * The ids of the heads assigned to the member of the outer row, as a text array. Written with
 * qualified names on purpose: Drizzle leaves the table name off columns of single-table selects,
 * which would make the correlation refer to `payments` itself.
 */
const selectedParticularsSql = sql<string[]>`coalesce((
  select array_agg(p.payment_head_id::text order by p.created_at, p.id)
  from payments p where p.member_id = "members"."id"
), '{}')`;

/** A member row as the API shows it (never the password hash). */
export function toMember(row: MemberRow, selectedParticulars: readonly string[] = []): Member {
  return {
    _id: row.id,
    name: row.name,
    mobile: row.mobile,
    parishNumber: row.parishNumber,
    ...(row.alternateContact != null && { alternateContact: row.alternateContact }),
    ...(row.currentLocation != null && { currentLocation: row.currentLocation }),
    ...(row.email != null && { email: row.email }),
    ...(row.address != null && { address: row.address }),
    selectedParticulars: [...selectedParticulars],
    isActive: row.isActive,
    createdAt: new Date(row.createdAt).toISOString(),
  };
}

/** Escapes `\`, `%` and `_` so that a search text matches literally inside a LIKE pattern. */
export function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, (char) => `\\${char}`);
}

/** The head ids assigned to each of the given members (one grouped query). */
async function selectedParticularsOf(db: DbOrTx, memberIds: string[]): Promise<Map<string, string[]>> {
  if (memberIds.length === 0) return new Map();
  const rows = await db
    .select({
      memberId: payments.memberId,
      headIds: sql<string[]>`array_agg(${payments.paymentHeadId}::text order by ${payments.createdAt}, ${payments.id})`,
    })
    .from(payments)
    .where(inArray(payments.memberId, memberIds))
    .groupBy(payments.memberId);
  return new Map(rows.map((row) => [row.memberId, row.headIds]));
}

/**
 * The active members, one page: search (case-insensitive substring of name, mobile, parish
 * number or location), sorted by a whitelisted column with the id as tiebreak. Three statements:
 * the count, the page, and the page's assigned heads.
 */
export async function listMembers(
  db: DbOrTx,
  query: MemberListQuery,
): Promise<{ items: Member[]; total: number; page: number; limit: number }> {
  const { page, limit, sortBy, sortOrder } = query;
  const conditions: SQL[] = [eq(members.isActive, true)];
  const search = query.search?.trim();
  if (search) {
    conditions.push(sql`${members.searchText} like ${`%${escapeLike(search.toLowerCase())}%`}`);
  }
  const where = and(...conditions);
  const direction = sortOrder === 'desc' ? sql.raw('desc') : sql.raw('asc');
  // Three small statements rather than one with `count(*) over()`: a window over every match
  // forces the whole result to be built and sorted before the limit (measured at 20,000 members:
  // p95 over 500 ms), while an indexed ORDER BY ... LIMIT reads only the page.
  const [counted] = await db
    .select({ total: sql<number>`count(*)`.mapWith(Number) })
    .from(members)
    .where(where);
  const total = counted?.total ?? 0;
  const rows =
    total === 0
      ? []
      : await db
          .select()
          .from(members)
          .where(where)
          .orderBy(sql`${SORT_COLUMNS[sortBy]} ${direction} nulls last`, sql`${members.id} asc`)
          .limit(limit)
          .offset((page - 1) * limit);
  const particulars = await selectedParticularsOf(
    db,
    rows.map((row) => row.id),
  );
  return {
    items: rows.map((row) => toMember(row, particulars.get(row.id) ?? [])),
    total,
    page,
    limit,
  };
}

/** One member by id, with the heads assigned; null when absent. */
async function findMember(db: DbOrTx, id: string): Promise<Member | null> {
  const [row] = await db
    .select({ member: members, selectedParticulars: selectedParticularsSql })
    .from(members)
    .where(eq(members.id, id));
  return row ? toMember(row.member, row.selectedParticulars) : null;
}

/**
 * One member by id (active or not, so that history stays reachable).
 * @throws 404 when there is no such member.
 */
export async function getMember(db: DbOrTx, id: string): Promise<Member> {
  const member = await findMember(db, id);
  if (!member) throw notFound(MSG.notFound);
  return member;
}

/** Whether another active member already has this mobile or (case-insensitive) parish number. */
async function hasDuplicate(db: DbOrTx, input: MemberInput, exceptId?: string): Promise<boolean> {
  const [existing] = await db
    .select({ id: members.id })
    .from(members)
    .where(
      and(
        eq(members.isActive, true),
        or(eq(members.mobile, input.mobile), sql`upper(${members.parishNumber}) = ${input.parishNumber.toUpperCase()}`),
        exceptId ? ne(members.id, exceptId) : undefined,
      ),
    )
    .limit(1);
  return existing !== undefined;
}

/** Runs a member write; a unique violation of the active-member indexes becomes the 409. */
async function mappingDuplicates<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (isUniqueViolation(error, MEMBER_UNIQUE_INDEXES)) throw conflict(MSG.duplicateMember);
    throw error;
  }
}

/** The editable columns of a member from validated input (absent optionals become null). */
function editableColumns(input: MemberInput) {
  return {
    name: input.name,
    mobile: input.mobile,
    parishNumber: input.parishNumber,
    alternateContact: input.alternateContact ?? null,
    currentLocation: input.currentLocation ?? null,
    email: input.email ?? null,
    address: input.address ?? null,
  };
}

/**
 * Adds a member (admin). The password is the initial one of section 6 (derived, not stored; see
 * the members schema); the member is asked to change it.
 * @throws 409 'Member with this mobile number or parish number already exists' when another
 *   active member has the mobile or the parish number (case-insensitive), also under a race.
 */
export async function createMember(app: FastifyInstance, request: FastifyRequest, input: MemberInput): Promise<Member> {
  const created = await mappingDuplicates(() =>
    app.db.transaction(async (tx) => {
      if (await hasDuplicate(tx, input)) throw conflict(MSG.duplicateMember);
      const [row] = await tx
        .insert(members)
        .values({ ...editableColumns(input), passwordHash: null, passwordIsInitial: true })
        .returning();
      if (!row) throw new Error('insert returned nothing');
      const member = toMember(row);
      await recordAudit(tx, auditContextOf(request), {
        action: 'member.created',
        entityType: 'member',
        entityId: row.id,
        after: member,
      });
      return member;
    }),
  );
  // After commit: open screens refresh (issue 6).
  app.events.publish({ type: 'member.updated', memberId: created._id, data: { count: 1 } });
  return created;
}

/**
 * Replaces a member's editable fields (admin). While the password is still the initial one, it
 * follows the rule by itself: a new name or mobile gives a new initial password.
 * @throws 404 unknown id; 409 duplicate of another active member.
 */
export async function updateMember(
  app: FastifyInstance,
  request: FastifyRequest,
  id: string,
  input: MemberInput,
): Promise<Member> {
  const now = app.clock.now();
  const updated = await mappingDuplicates(() =>
    app.db.transaction(async (tx) => {
      const [before] = await tx.select().from(members).where(eq(members.id, id)).for('update');
      if (!before) throw notFound(MSG.notFound);
      if (before.isActive && (await hasDuplicate(tx, input, id))) throw conflict(MSG.duplicateMember);
      const rederived =
        before.passwordIsInitial &&
        initialMemberPassword(before.name, before.mobile) !== initialMemberPassword(input.name, input.mobile);
      const [after] = await tx
        .update(members)
        .set({
          ...editableColumns(input),
          updatedAt: now.toISOString(),
        })
        .where(eq(members.id, id))
        .returning();
      if (!after) throw notFound(MSG.notFound);
      const heads = await tx
        .select({ headId: payments.paymentHeadId })
        .from(payments)
        .where(eq(payments.memberId, id))
        .orderBy(payments.createdAt, payments.id);
      const selected = heads.map((head) => head.headId);
      const member = toMember(after, selected);
      await recordAudit(tx, auditContextOf(request), {
        action: 'member.updated',
        entityType: 'member',
        entityId: id,
        before: toMember(before, selected),
        after: { ...member, ...(rederived && { initialPasswordRederived: true }) },
      });
      return member;
    }),
  );
  app.events.publish({ type: 'member.updated', memberId: id, data: { count: 1 } });
  return updated;
}

/**
 * Deactivates a member (admin): hidden from lists, sessions ended, pending assignments that no
 * online transaction refers to are revoked; paid history stays.
 * @throws 404 unknown id.
 * @returns how many pending assignments were revoked.
 */
export async function deactivateMember(
  app: FastifyInstance,
  request: FastifyRequest,
  id: string,
): Promise<{ revokedPending: number }> {
  const now = app.clock.now();
  const outcome = await app.db.transaction(async (tx) => {
    const [before] = await tx.select().from(members).where(eq(members.id, id)).for('update');
    if (!before) throw notFound(MSG.notFound);
    const [after] = await tx
      .update(members)
      .set({ isActive: false, tokenVersion: before.tokenVersion + 1, updatedAt: now.toISOString() })
      .where(eq(members.id, id))
      .returning();
    if (!after) throw notFound(MSG.notFound);
    const revoked = await tx
      .delete(payments)
      .where(
        and(
          eq(payments.memberId, id),
          eq(payments.status, 'pending'),
          // Qualified by hand: an online checkout in flight still refers to these payments.
          sql`not exists (select 1 from ${transactionItems} ti where ti.payment_id = "payments"."id")`,
        ),
      )
      .returning({ id: payments.id, paymentHeadId: payments.paymentHeadId });
    await revokeAllForSubject(tx, { subjectType: 'member', subjectId: id }, now);
    await recordAudit(tx, auditContextOf(request), {
      action: 'member.deactivated',
      entityType: 'member',
      entityId: id,
      before: toMember(before),
      after: {
        ...toMember(after),
        revokedPendingCount: revoked.length,
        revokedPayments: revoked.map((row) => ({ _id: row.id, paymentHeadId: row.paymentHeadId })),
      },
    });
    return { revokedPending: revoked.length };
  });
  app.events.publish({ type: 'member.updated', memberId: id, data: { count: 1 } });
  return outcome;
}

/**
 * A member's sign-in credentials for the admin's Login Credentials view (section 6): the
 * username is the 12-digit mobile; the password is shown only while it is the initial one.
 * Every view is audited (never with the password itself).
 * @throws 404 unknown id.
 */
export async function viewMemberCredentials(
  app: FastifyInstance,
  request: FastifyRequest,
  id: string,
): Promise<MemberCredentials> {
  return app.db.transaction(async (tx) => {
    const [row] = await tx
      .select({
        name: members.name,
        mobile: members.mobile,
        passwordIsInitial: members.passwordIsInitial,
      })
      .from(members)
      .where(eq(members.id, id));
    if (!row) throw notFound(MSG.notFound);
    const passwordChanged = !row.passwordIsInitial;
    await recordAudit(tx, auditContextOf(request), {
      action: 'member.credentials_viewed',
      entityType: 'member',
      entityId: id,
      after: { username: row.mobile, passwordShown: !passwordChanged, passwordChanged },
    });
    return {
      username: row.mobile,
      password: passwordChanged ? null : initialMemberPassword(row.name, row.mobile),
      passwordChanged,
    };
  });
}

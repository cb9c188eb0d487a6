import { and, eq, ne, or, sql, type SQL } from 'drizzle-orm';
import { LRUCache } from 'lru-cache';

import {
  ErrorCode,
  MSG,
  initialMemberPassword,
  type Member,
  type MemberCredentials,
  type MemberInput,
  type MemberListQuery,
  type MemberSortField,
} from '@parish/shared';

import { leaderWardOf, type ServiceContext } from '../../context.ts';
import { queryRows, type Db, type DbOrTx } from '../../db/client.ts';
import { dataVersionSql, lockDataVersions, type DataVersions } from '../../db/data-versions.ts';
import { memberVisible } from '../../db/import-batches.ts';
import { escapeLike } from '../../db/like.ts';
import { members, payments } from '../../db/schema/index.ts';
import { conflict, notFound, type AppError } from '../../lib/app-error.ts';
import { isUniqueViolation, uniqueViolationOf } from '../../lib/db-errors.ts';
import { recordAudit } from '../audit/audit.repository.ts';
import { revokeAllForSubject } from '../auth/refresh-tokens.ts';
import { deletePendingDuesOfMember } from '../payments/commands/delete-pending-dues.ts';
import { memberIndex, searchPage } from './member-search-index.ts';
import { assertWardExists } from '../../db/ward-exists.ts';

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
 * The ids of the heads assigned to a member, as a uuid array in id order (the order of the
 * `(member_id, payment_head_id)` index, which answers it alone).
 * @param memberId the member's id column of the outer row, written qualified on purpose: Drizzle
 *   leaves the table name off columns of single-table selects, which would make the correlation
 *   refer to `payments` itself.
 */
function assignedHeadIdsSql(memberId: SQL): SQL {
  return sql`array(select p.payment_head_id from payments p where p.member_id = ${memberId} order by p.payment_head_id)`;
}

/** `assignedHeadIdsSql` of the outer `members` row, as text for the API. */
const selectedParticularsSql = sql<string[]>`${assignedHeadIdsSql(sql`"members"."id"`)}::text[]`;

/** A member row as the API shows it (never the password hash). */
export function toMember(row: MemberFields, selectedParticulars: readonly string[] = []): Member {
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
    ...(row.whatsappOptOut && { whatsappOptOut: true as const }),
    ...(row.wardId != null && { wardId: row.wardId }),
  };
}

/** The member columns the API shows, as `toMember` reads them (raw SQL gives a Date). */
type MemberFields = Omit<
  Pick<
    MemberRow,
    | 'id'
    | 'name'
    | 'mobile'
    | 'parishNumber'
    | 'alternateContact'
    | 'currentLocation'
    | 'email'
    | 'address'
    | 'isActive'
    | 'createdAt'
    | 'whatsappOptOut'
    | 'wardId'
  >,
  'createdAt'
> & { createdAt: string | Date };

/**
 * A row of the member list statement: the data versions, and one member of the page, or nulls
 * when the page is empty (the versions still come back).
 */
type MemberPageRow = DataVersions & ((MemberFields & { particulars: string | null }) | { id: null });

/** One page of the member list as the API answers it (see {@link listMembers} for `total`). */
export interface MemberPage {
  items: Member[];
  total: number;
  /** True when `total` is a lower bound: more members match than were counted. */
  totalIsLowerBound: boolean;
  page: number;
  limit: number;
}

/**
 * The fewest matches a member list counts exactly (`docs/domain.md`, §7 "Shapes the specification leaves open", "Member
 * list"): past it the total says "at least" ({@link countCap}).
 */
export const MEMBER_COUNT_CAP = 1_000;

/**
 * How far a list counts for a page: {@link MEMBER_COUNT_CAP}, or the end of the asked page when it
 * lies further, so the pager can always offer the page after a full one.
 */
export function countCap(page: number, limit: number): number {
  return Math.max(MEMBER_COUNT_CAP, page * limit);
}

/** An answer with the data version it was computed under. */
interface Versioned<T> {
  version: string;
  value: T;
}

/** A capped count: the matches counted, at most `cap + 1` (more than `cap` means "at least `cap`"). */
interface CappedCount {
  counted: number;
  cap: number;
}

/**
 * Capped counts of active members matching a search (key: the lower-cased search, '' for none),
 * each with the members version it was counted under. Used only by a statement that read the same
 * version, so a count is exact whichever process or database wrote last (`data_versions`); a
 * count capped lower than a request needs is counted again.
 */
const memberCounts = new LRUCache<string, Versioned<CappedCount>>({ max: 1_000 });

/**
 * Whole pages of the member list (key: search, sort, page and size), each with the members and
 * payments versions it was read under; about 1 KB a member, at most 8 MB in all.
 */
const memberPages = new LRUCache<string, Versioned<MemberPage>>({
  max: 500,
  maxSize: 8 * 1024 * 1024,
  sizeCalculation: (entry) => 1024 * (1 + entry.value.items.length),
});

/** Both versions as one key, or null when either is missing (then nothing is cached). */
function versionKey(versions: DataVersions | null | undefined): string | null {
  return versions?.members && versions.payments ? `${versions.members}/${versions.payments}` : null;
}

/**
 * The active members, one page: search (case-insensitive substring of name, mobile, parish
 * number or location), sorted by a whitelisted column with the id as tiebreak, with the total.
 *
 * Repeated reads are answered from memory while the data is unchanged (`docs/domain.md`, "B1": the
 * list is read again on every page turn, refocus and live update). A page cached under the
 * versions of members and payments that this request has already read is the answer. Otherwise
 * the page's ids and the total come from the in-memory search index of the register (read once
 * per members version; `member-search-index.ts`, decision 0059) and one prepared statement reads
 * the page's members by id; a register too large for the index, or one that keeps changing under
 * it, is searched in the database ({@link listMembersFromDatabase}). At most three statements
 * besides the account lookup (the index, the page, a sort not read before), whatever the page
 * size, and none for a page read before while nothing changed.
 *
 * The count is capped (issue 18; `docs/domain.md`, §7 "Shapes the specification leaves open"): it counts at most
 * `countCap(page, limit) + 1` matches (1,001 for the first 20 pages of 50), so a broad search
 * stops counting early. More matches than the cap answer `total` = the cap and `totalIsLowerBound`
 * = true (the pager shows "1,000+"); otherwise `total` is exact and `totalIsLowerBound` false.
 *
 * The versions `ctx.dataVersions` are those a statement of this request read: the auth plugin
 * reads them with the caller's account, so a page cached under them is the answer as of that
 * statement's snapshot. When they are null (no such statement), the cache is not consulted.
 *
 * A ward leader's list is their ward's, whatever `wardId` they send (issue 28 item 7, decision 0129).
 * @param query the validated list query: search, sort column and order, page (1-based), limit.
 * @returns `{ items, total, totalIsLowerBound, page, limit }`, items as the API shows members.
 */
export async function listMembers(ctx: ServiceContext, asked: MemberListQuery): Promise<MemberPage> {
  const leaderWard = leaderWardOf(ctx);
  const query = leaderWard === undefined ? asked : { ...asked, wardId: leaderWard };
  const search = query.search?.trim().toLowerCase() ?? '';
  const pageKey = listPageKey(query, search);
  const currentKey = versionKey(ctx.dataVersions);
  const cachedPage = memberPages.get(pageKey);
  if (currentKey !== null && cachedPage?.version === currentKey) return cachedPage.value;
  // A ward's members are few and found by `members_ward_idx`: the database answers them.
  if (query.wardId !== undefined) return listMembersFromDatabase(ctx, query, search, pageKey);
  return (
    (await listMembersFromIndex(ctx, query, search, pageKey)) ??
    (await listMembersFromDatabase(ctx, query, search, pageKey))
  );
}

/** The cache key of a page of the member list: search, ward, sort, page and size. */
function listPageKey(query: MemberListQuery, search: string): string {
  return JSON.stringify([search, query.wardId ?? '', query.sortBy, query.sortOrder, query.page, query.limit]);
}

/** The ward filter of the member list (decision 0126): a ward's members, those without one, or all. */
function wardFilterSql(wardId: MemberListQuery['wardId']): SQL {
  if (wardId === undefined) return sql`true`;
  return wardId === 'none' ? sql`${members.wardId} is null` : sql`${members.wardId} = ${wardId}`;
}

/**
 * The prepared statement of a page of the member list read by ids (`ids`: the ids joined by
 * commas), each row with the data versions of its snapshot and the member's assigned head ids.
 */
function memberPageStatement(db: Db) {
  return db
    .select({
      membersVersion: dataVersionSql.members,
      paymentsVersion: dataVersionSql.payments,
      id: members.id,
      name: members.name,
      mobile: members.mobile,
      parishNumber: members.parishNumber,
      alternateContact: members.alternateContact,
      currentLocation: members.currentLocation,
      email: members.email,
      address: members.address,
      isActive: members.isActive,
      createdAt: members.createdAt,
      whatsappOptOut: members.whatsappOptOut,
      wardId: members.wardId,
      selectedParticulars: selectedParticularsSql,
    })
    .from(members)
    .where(sql`${members.id} = any(string_to_array(${sql.placeholder('ids')}::text, ',')::uuid[])`)
    .prepare('member_list_page');
}

const pageStatements = new WeakMap<Db, ReturnType<typeof memberPageStatement>>();

/**
 * The member list answered from the in-memory search index (`member-search-index.ts`, decision
 * 0059): the page's ids and the count from the index, then the page's members by id in one
 * prepared statement. The page is the answer only when that statement read the members version
 * the index was read under; otherwise the index is read again (twice at most).
 * @returns the page (cached under the page statement's versions), or null when the register is
 *   too large for the index or keeps changing: the caller then reads it from the database.
 */
async function listMembersFromIndex(
  ctx: ServiceContext,
  query: MemberListQuery,
  search: string,
  pageKey: string,
): Promise<MemberPage | null> {
  const { page, limit } = query;
  const cap = countCap(page, limit);
  let version = ctx.dataVersions?.members ?? null;
  for (let attempt = 0; attempt < 3; attempt += 1) {
    const index = await memberIndex(ctx.db, query.sortBy, query.sortOrder, version);
    if (index === null) return null;
    const { ids, counted } = searchPage(index, query, search, page, limit, cap + 1);
    const totalIsLowerBound = counted > cap;
    const total = totalIsLowerBound ? cap : counted;
    // An empty page is exact for the index's snapshot; it is not cached (no payments version).
    if (ids.length === 0) return { items: [], total, totalIsLowerBound, page, limit };
    let statement = pageStatements.get(ctx.db);
    if (!statement) pageStatements.set(ctx.db, (statement = memberPageStatement(ctx.db)));
    const rows = await statement.execute({ ids: ids.join(',') });
    const read = rows[0];
    if (read?.membersVersion === index.version && rows.length === ids.length) {
      const byId = new Map(rows.map((row) => [row.id, row]));
      const items = ids.map((id) => {
        const row = byId.get(id)!;
        return toMember(row, row.selectedParticulars);
      });
      const answer: MemberPage = { items, total, totalIsLowerBound, page, limit };
      const key = versionKey({ members: read.membersVersion, payments: read.paymentsVersion });
      if (key !== null) memberPages.set(pageKey, { version: key, value: answer });
      return answer;
    }
    if (!read?.membersVersion) return null;
    version = read.membersVersion;
  }
  return null;
}

/**
 * The member list read from the database: the page in one statement (trigram index or sort
 * index walk), the total from the count cache or a capped count. Used when the register is too
 * large for the in-memory index (more than `MEMBER_INDEX_MAX` members) or changed under it three
 * times running.
 * @returns as {@link listMembers}, the page cached under its versions.
 */
export async function listMembersFromDatabase(
  ctx: ServiceContext,
  query: MemberListQuery,
  search: string = query.search?.trim().toLowerCase() ?? '',
  pageKey: string = listPageKey(query, search),
): Promise<MemberPage> {
  const { db } = ctx;
  const { page, limit, sortBy, sortOrder } = query;
  // Members of an unfinished import are not listed or counted yet (decision 0049).
  const visible = memberVisible(members.importBatchId);
  const ward = wardFilterSql(query.wardId);
  const where = search
    ? sql`${members.isActive} and ${visible} and ${ward} and ${members.searchText} like ${`%${escapeLike(search)}%`}`
    : sql`${members.isActive} and ${visible} and ${ward}`;
  const direction = sortOrder === 'desc' ? sql.raw('desc') : sql.raw('asc');
  // The page is limited before its head ids are gathered, so only its members are looked up; a
  // window count or a subquery per match would build and sort every match first.
  const rows = await queryRows<MemberPageRow>(
    db,
    sql`select ${dataVersionSql.members} as "members", ${dataVersionSql.payments} as "payments", page.*
        from (values (1)) as one (x)
        left join lateral (
          select m.id, m.name, m.mobile, m.parish_number as "parishNumber",
                 m.alternate_contact as "alternateContact", m.current_location as "currentLocation",
                 m.email, m.address, m.is_active as "isActive", m.created_at as "createdAt",
                 m.whatsapp_opt_out as "whatsappOptOut", m.ward_id as "wardId",
                 array_to_string(${assignedHeadIdsSql(sql`m.id`)}, ',') as particulars,
                 row_number() over () as ordinal
          from (select * from ${members} where ${where}
                order by ${SORT_COLUMNS[sortBy]} ${direction} nulls last, ${members.id} asc
                limit ${limit} offset ${(page - 1) * limit}) m
        ) page on true
        order by page.ordinal`,
  );
  const membersVersion = rows[0]?.members ?? null;
  const cap = countCap(page, limit);
  const countKey = JSON.stringify([search, query.wardId ?? '']);
  const cachedCount = memberCounts.get(countKey);
  let count: CappedCount;
  let totalVersion: string | null = membersVersion;
  if (
    membersVersion !== null &&
    cachedCount?.version === membersVersion &&
    (cachedCount.value.cap >= cap || cachedCount.value.counted <= cachedCount.value.cap)
  ) {
    count = cachedCount.value;
  } else {
    // The version and the count from one statement, hence one snapshot; the count stops after
    // cap + 1 matches.
    const [counted] = await queryRows<{ members: string | null; total: number | string }>(
      db,
      sql`select ${dataVersionSql.members} as "members",
                 (select count(*) from (select 1 from ${members} where ${where} limit ${cap + 1}) capped) as total`,
    );
    count = { counted: Number(counted?.total ?? 0), cap };
    totalVersion = counted?.members ?? null;
    if (totalVersion !== null) memberCounts.set(countKey, { version: totalVersion, value: count });
  }
  // A count made with a higher cap is exact up to that cap: still exact, or at least this cap.
  const totalIsLowerBound = count.counted > cap;
  const total = totalIsLowerBound ? cap : count.counted;
  const items: Member[] = [];
  for (const row of rows) {
    if (row.id !== null) items.push(toMember(row, row.particulars ? row.particulars.split(',') : []));
  }
  const answer: MemberPage = { items, total, totalIsLowerBound, page, limit };
  // Cached only when the total was counted under the page's members version (no member write
  // came in between the two statements).
  const pageVersion = versionKey(rows[0]);
  if (pageVersion !== null && totalVersion === membersVersion) {
    memberPages.set(pageKey, { version: pageVersion, value: answer });
  }
  return answer;
}

/** One member by id, with the heads assigned; null when absent. */
async function findMember(db: DbOrTx, id: string): Promise<Member | null> {
  const [row] = await db
    .select({ member: members, selectedParticulars: selectedParticularsSql })
    .from(members)
    .where(and(eq(members.id, id), memberVisible(members.importBatchId)));
  return row ? toMember(row.member, row.selectedParticulars) : null;
}

/**
 * One member by id (active or not, so that history stays reachable), with the heads assigned.
 * Takes a query handle rather than a service context because other modules read a member with
 * it, also inside their transactions.
 * @throws 404 when there is no such member.
 */
export async function getMember(db: DbOrTx, id: string): Promise<Member> {
  const member = await findMember(db, id);
  if (!member) throw notFound(MSG.notFound);
  return member;
}

/**
 * Which field of a member another active member already has: the mobile, else the parish number
 * (case-insensitive); a clash of the mobile is named first when both clash.
 * @returns null when neither clashes.
 */
async function duplicateField(
  db: DbOrTx,
  input: MemberInput,
  exceptId?: string,
): Promise<'mobile' | 'parishNumber' | null> {
  const [existing] = await db
    .select({ mobile: members.mobile })
    .from(members)
    .where(
      and(
        eq(members.isActive, true),
        or(eq(members.mobile, input.mobile), sql`upper(${members.parishNumber}) = ${input.parishNumber.toUpperCase()}`),
        exceptId ? ne(members.id, exceptId) : undefined,
      ),
    )
    .orderBy(sql`${members.mobile} = ${input.mobile} desc`)
    .limit(1);
  if (!existing) return null;
  return existing.mobile === input.mobile ? 'mobile' : 'parishNumber';
}

/**
 * The 409 of a member whose mobile or parish number another active member has: one text for
 * both ('Member with this mobile number or parish number already exists'), the code naming the
 * field (`DUPLICATE_MOBILE`, `DUPLICATE_PARISH_NUMBER`).
 */
function duplicateMemberError(field: 'mobile' | 'parishNumber'): AppError {
  return conflict(
    MSG.duplicateMember,
    field === 'mobile' ? ErrorCode.DUPLICATE_MOBILE : ErrorCode.DUPLICATE_PARISH_NUMBER,
  );
}

/** Runs a member write; a unique violation of the active-member indexes becomes the 409. */
async function mappingDuplicates<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (isUniqueViolation(error, MEMBER_UNIQUE_INDEXES)) {
      const parishNumber = uniqueViolationOf(error)?.constraint === 'members_parish_number_active_uq';
      throw duplicateMemberError(parishNumber ? 'parishNumber' : 'mobile');
    }
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
    // Absent keeps the ward (an edit without the field); null clears it (decision 0126).
    ...(input.wardId !== undefined && { wardId: input.wardId }),
  };
}

/**
 * Adds a member (admin). The password is the initial one of `docs/domain.md`, §6 "Initial password"
 * (derived, not stored; see the members schema); the member is asked to change it.
 * @param input the validated member form.
 * @returns the member as the API shows it (no heads yet).
 * @throws 409 'Member with this mobile number or parish number already exists' when another
 *   active member has the mobile or the parish number (case-insensitive), also under a race; code
 *   `DUPLICATE_MOBILE` or `DUPLICATE_PARISH_NUMBER`.
 */
export async function createMember(ctx: ServiceContext, input: MemberInput): Promise<Member> {
  const created = await mappingDuplicates(() =>
    ctx.db.transaction(async (tx) => {
      await lockDataVersions(tx, ['members']);
      const duplicate = await duplicateField(tx, input);
      if (duplicate) throw duplicateMemberError(duplicate);
      await assertWardExists(tx, input.wardId);
      const [row] = await tx
        .insert(members)
        .values({ ...editableColumns(input), passwordHash: null, passwordIsInitial: true })
        .returning();
      if (!row) throw new Error('insert returned nothing');
      const member = toMember(row);
      await recordAudit(tx, ctx.audit, {
        action: 'member.created',
        entityType: 'member',
        entityId: row.id,
        after: member,
      });
      return member;
    }),
  );
  // After commit: open screens refresh (issue 6).
  ctx.events.publish({ type: 'member.updated', memberId: created._id, data: { count: 1 } });
  return created;
}

/**
 * Replaces a member's editable fields (admin). While the password is still the initial one, it
 * follows the rule by itself: a new name or mobile gives a new initial password.
 * @param id the member's id.
 * @param input the validated member form (absent optionals are cleared).
 * @returns the member after the change, with the heads assigned.
 * @throws 404 unknown id; 409 duplicate of another active member (`DUPLICATE_MOBILE` or
 *   `DUPLICATE_PARISH_NUMBER`).
 */
export async function updateMember(ctx: ServiceContext, id: string, input: MemberInput): Promise<Member> {
  const now = ctx.clock.now();
  const updated = await mappingDuplicates(() =>
    ctx.db.transaction(async (tx) => {
      await lockDataVersions(tx, ['members']);
      const [before] = await tx.select().from(members).where(eq(members.id, id)).for('update');
      if (!before) throw notFound(MSG.notFound);
      const duplicate = before.isActive ? await duplicateField(tx, input, id) : null;
      if (duplicate) throw duplicateMemberError(duplicate);
      await assertWardExists(tx, input.wardId);
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
      await recordAudit(tx, ctx.audit, {
        action: 'member.updated',
        entityType: 'member',
        entityId: id,
        before: toMember(before, selected),
        after: { ...member, ...(rederived && { initialPasswordRederived: true }) },
      });
      return member;
    }),
  );
  ctx.events.publish({ type: 'member.updated', memberId: id, data: { count: 1 } });
  return updated;
}

/**
 * Deactivates a member (admin): hidden from lists, sessions ended, pending assignments that no
 * online transaction refers to are revoked; paid history stays.
 * @throws 404 unknown id.
 * @returns how many pending assignments were revoked.
 */
export async function deactivateMember(ctx: ServiceContext, id: string): Promise<{ revokedPending: number }> {
  const now = ctx.clock.now();
  const outcome = await ctx.db.transaction(async (tx) => {
    await lockDataVersions(tx, ['members', 'payments']);
    const [before] = await tx.select().from(members).where(eq(members.id, id)).for('update');
    if (!before) throw notFound(MSG.notFound);
    const [after] = await tx
      .update(members)
      .set({ isActive: false, tokenVersion: before.tokenVersion + 1, updatedAt: now.toISOString() })
      .where(eq(members.id, id))
      .returning();
    if (!after) throw notFound(MSG.notFound);
    const revoked = await deletePendingDuesOfMember(tx, id);
    await revokeAllForSubject(tx, { subjectType: 'member', subjectId: id }, now);
    await recordAudit(tx, ctx.audit, {
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
  ctx.events.publish({ type: 'member.updated', memberId: id, data: { count: 1 } });
  return outcome;
}

/**
 * A member's sign-in credentials for the admin's Login Credentials view (`docs/domain.md`, §6
 * "Login credentials view"): the username is the 12-digit mobile; the password is shown only while
 * it is the initial one. Every view is audited (never with the password itself).
 * @returns `{ username, password (null once changed), passwordChanged }`.
 * @throws 404 unknown id.
 */
export async function viewMemberCredentials(ctx: ServiceContext, id: string): Promise<MemberCredentials> {
  return ctx.db.transaction(async (tx) => {
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
    await recordAudit(tx, ctx.audit, {
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

import { and, eq, ilike, or, sql, type SQL } from 'drizzle-orm';

import {
  HEAD_OR_MEMBER_NOT_FOUND_MESSAGE,
  paiseToRupees,
  parseRupeesToPaise,
  type AssignPaymentsResult,
  type Payment,
  type PaymentList,
  type PaymentListQuery,
  type RevokePaymentsResult,
  type Paise,
} from '@parish/shared';

import type { ServiceContext } from '../../context.ts';
import { queryRows, type DbOrTx, type Tx } from '../../db/client.ts';
import { members, paymentHeads, payments, staffUsers } from '../../db/schema/index.ts';
import { lockDataVersions } from '../../db/data-versions.ts';
import { notFound } from '../../lib/app-error.ts';
import { recordAudit } from '../audit/audit.repository.ts';
import { escapeLike } from '../members/members.service.ts';
import { toPaymentHead } from '../payment-heads/payment-heads.service.ts';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Skip reasons of a tagging answer. */
export const SKIP_REASON = {
  alreadyPaid: 'already paid',
  memberNotFound: 'member not found',
  memberInactive: 'member inactive',
  inCheckout: 'online payment in progress',
} as const;

const paymentColumns = {
  payment: payments,
  member: { id: members.id, name: members.name, parishNumber: members.parishNumber, mobile: members.mobile },
  head: paymentHeads,
  collector: { id: staffUsers.id, name: staffUsers.name },
};

type PaymentJoinRow = {
  payment: typeof payments.$inferSelect;
  member: { id: string; name: string; parishNumber: string; mobile: string };
  head: typeof paymentHeads.$inferSelect;
  collector: { id: string; name: string } | null;
};

const iso = (value: string | null) => (value ? new Date(value).toISOString() : null);

/**
 * A payment row with its member, head and collector as the API shows it (`docs/domain.md`, §7
 * "Entities on the wire").
 */
export function toPayment(row: PaymentJoinRow): Payment {
  const p = row.payment;
  return {
    _id: p.id,
    memberId: {
      _id: row.member.id,
      name: row.member.name,
      parishNumber: row.member.parishNumber,
      mobile: row.member.mobile,
    },
    paymentHeadId: toPaymentHead(row.head),
    amount: paiseToRupees(p.amountPaise),
    paidAmount: p.paidAmountPaise === null ? null : paiseToRupees(p.paidAmountPaise),
    status: p.status,
    year: p.year,
    paidAt: iso(p.paidAt),
    createdAt: new Date(p.createdAt).toISOString(),
    dueDate: p.dueDate ?? null,
    transactionId: p.transactionId,
    pgTransactionId: p.pgTransactionId,
    paymentMethod: p.paymentMethod,
    paymentGateway: p.paymentGateway,
    collectionMode: p.collectionMode,
    collectedBy: row.collector?.id ? { _id: row.collector.id, name: row.collector.name } : null,
    notes: p.notes,
  };
}

function selectPayments(db: DbOrTx) {
  return db
    .select({ ...paymentColumns, total: sql<number>`count(*) over()`.mapWith(Number) })
    .from(payments)
    .innerJoin(members, eq(members.id, payments.memberId))
    .innerJoin(paymentHeads, eq(paymentHeads.id, payments.paymentHeadId))
    .leftJoin(staffUsers, eq(staffUsers.id, payments.collectedBy));
}

const SORT = {
  member: sql`${members.name}`,
  amount: sql`${payments.amountPaise}`,
  status: sql`${payments.status}`,
  date: sql`coalesce(${payments.paidAt}, ${payments.createdAt})`,
} as const;

/**
 * Payments, one page, with member, head and collector populated (`GET /api/payments`): filters
 * status, member, head; `search` matches member name, mobile or parish number; sorted by member
 * name, assigned amount, status or date (paid date, else created) with the id as tiebreak.
 * One statement (the total by `count(*) over()`), plus a count when the page is past the end.
 */
export async function listPayments(ctx: ServiceContext, query: PaymentListQuery): Promise<PaymentList> {
  const db = ctx.db;
  const { page, limit, sortBy, sortOrder } = query;
  const conditions: (SQL | undefined)[] = [];
  if (query.status) conditions.push(eq(payments.status, query.status));
  if (query.memberId) conditions.push(eq(payments.memberId, query.memberId));
  if (query.paymentHeadId) conditions.push(eq(payments.paymentHeadId, query.paymentHeadId));
  const search = query.search?.trim();
  if (search) {
    const pattern = `%${escapeLike(search)}%`;
    conditions.push(
      or(ilike(members.name, pattern), ilike(members.mobile, pattern), ilike(members.parishNumber, pattern)),
    );
  }
  const where = and(...conditions);
  const direction = sql.raw(sortOrder === 'desc' ? 'desc' : 'asc');
  const rows = await selectPayments(db)
    .where(where)
    .orderBy(sql`${SORT[sortBy]} ${direction}`, sql`${payments.id} asc`)
    .limit(limit)
    .offset((page - 1) * limit);
  let total = rows[0]?.total ?? 0;
  if (rows.length === 0 && page > 1) {
    const [counted] = await db
      .select({ total: sql<number>`count(*)`.mapWith(Number) })
      .from(payments)
      .innerJoin(members, eq(members.id, payments.memberId))
      .where(where);
    total = counted?.total ?? 0;
  }
  return { items: rows.map(toPayment), total, page, limit };
}

/**
 * One payment with member, head and collector.
 * @throws 404 for an unknown id.
 */
export async function getPayment(ctx: ServiceContext, id: string): Promise<Payment> {
  const [row] = await selectPayments(ctx.db).where(eq(payments.id, id));
  if (!row) throw notFound(HEAD_OR_MEMBER_NOT_FOUND_MESSAGE);
  return toPayment(row);
}

/**
 * The paise of a custom tag amount (`docs/domain.md`, §5 "Tagging"): used only when it is a number (or
 * numeric text) of 0 or more with at most 2 decimals; otherwise null (the head's amount applies).
 */
export function customAmountPaise(value: unknown): number | null {
  if (typeof value === 'number' || (typeof value === 'string' && value.trim() !== '')) {
    return parseRupeesToPaise(value);
  }
  return null;
}

/** The tagging request after validation. */
export interface AssignInput {
  paymentHeadId: string;
  assignments: { memberId: string; amount?: unknown }[];
  replacePending: boolean;
}

/** A member skipped by a tag save, and why ({@link SKIP_REASON}). */
type Skipped = { memberId: string; reason: string };

/** A selected member as the database knows it: active or not, and their payment of the head if any. */
type TagTarget = { id: string; is_active: boolean; status: string | null; in_checkout: boolean };

/** What a tag save does to each selected member, decided before any write. */
interface TagPlan {
  skipped: Skipped[];
  /** Members whose payment of the head stays (never revoked by `replacePending`). */
  keep: string[];
  /** Members to give a new pending payment, with its amount in paise. */
  inserts: { memberIds: string[]; amounts: number[] };
  /** Members whose pending payment gets a new amount in paise. */
  updates: { memberIds: string[]; amounts: number[] };
}

/**
 * The amount in paise wanted for each selected member (custom, else the head's `headPaise`),
 * by lower-case id; ids that are not UUIDs are skipped as 'member not found'.
 */
function wantedAmounts(assignments: AssignInput['assignments'], headPaise: Paise, skipped: Skipped[]) {
  const wanted = new Map<string, number>();
  for (const assignment of assignments) {
    if (!UUID.test(assignment.memberId)) {
      skipped.push({ memberId: assignment.memberId, reason: SKIP_REASON.memberNotFound });
      continue;
    }
    wanted.set(assignment.memberId.toLowerCase(), customAmountPaise(assignment.amount) ?? headPaise);
  }
  return wanted;
}

/**
 * Decides each selected member's fate (`docs/domain.md`, "Saving tags"): unknown and inactive
 * members are skipped, a paid payment is kept and skipped, a payment in an online checkout is kept
 * and skipped, a missing payment is inserted and a pending one re-priced.
 */
function planTags(wanted: ReadonlyMap<string, number>, targets: readonly TagTarget[], skipped: Skipped[]): TagPlan {
  const byId = new Map(targets.map((row) => [row.id, row]));
  const plan: TagPlan = {
    skipped,
    keep: [],
    inserts: { memberIds: [], amounts: [] },
    updates: { memberIds: [], amounts: [] },
  };
  for (const [memberId, amountPaise] of wanted) {
    const row = byId.get(memberId);
    if (!row) {
      skipped.push({ memberId, reason: SKIP_REASON.memberNotFound });
    } else if (row.status === 'paid') {
      plan.keep.push(memberId);
      skipped.push({ memberId, reason: SKIP_REASON.alreadyPaid });
    } else if (!row.is_active) {
      skipped.push({ memberId, reason: SKIP_REASON.memberInactive });
    } else if (row.status === null) {
      plan.keep.push(memberId);
      plan.inserts.memberIds.push(memberId);
      plan.inserts.amounts.push(amountPaise);
    } else if (row.in_checkout) {
      plan.keep.push(memberId);
      skipped.push({ memberId, reason: SKIP_REASON.inCheckout });
    } else {
      plan.keep.push(memberId);
      plan.updates.memberIds.push(memberId);
      plan.updates.amounts.push(amountPaise);
    }
  }
  return plan;
}

/**
 * The head of a tag save or cancel, locked FOR UPDATE: the row lock serialises concurrent tag
 * saves of the same head.
 * @throws 404 'Payment head or member not found.' when the head does not exist.
 */
async function lockHead(tx: Tx, paymentHeadId: string) {
  const [head] = await tx.select().from(paymentHeads).where(eq(paymentHeads.id, paymentHeadId)).for('update');
  if (!head) throw notFound(HEAD_OR_MEMBER_NOT_FOUND_MESSAGE);
  return head;
}

/** Applies a tag plan inside the save's transaction; returns the member ids added, updated and revoked. */
async function applyTagPlan(
  tx: Tx,
  head: typeof paymentHeads.$inferSelect,
  plan: TagPlan,
  replacePending: boolean,
): Promise<{ added: string[]; updated: string[]; revoked: string[] }> {
  const memberIds = (rows: { member_id: string }[]) => rows.map((row) => row.member_id);
  let revoked: string[] = [];
  if (replacePending) {
    const rows = await queryRows<{ member_id: string }>(
      tx,
      sql`delete from payments p
          where p.payment_head_id = ${head.id} and p.status = 'pending'
            and not (p.member_id = any(${sql.param(plan.keep)}::uuid[]))
            and not exists (select 1 from transaction_items ti where ti.payment_id = p.id)
          returning p.member_id::text as member_id`,
    );
    revoked = memberIds(rows);
  }
  const { inserts, updates } = plan;
  const added =
    inserts.memberIds.length === 0
      ? []
      : await queryRows<{ member_id: string }>(
          tx,
          sql`insert into payments (member_id, payment_head_id, amount_paise, year, due_date)
              select m, ${head.id}::uuid, a, ${head.year}::int, ${head.dueDate}::date
              from unnest(${sql.param(inserts.memberIds)}::uuid[], ${sql.param(inserts.amounts)}::bigint[]) as t(m, a)
              on conflict (member_id, payment_head_id) do nothing
              returning member_id::text as member_id`,
        );
  const updated =
    updates.memberIds.length === 0
      ? []
      : await queryRows<{ member_id: string }>(
          tx,
          sql`update payments p set amount_paise = t.a, updated_at = now()
              from unnest(${sql.param(updates.memberIds)}::uuid[], ${sql.param(updates.amounts)}::bigint[]) as t(m, a)
              where p.member_id = t.m and p.payment_head_id = ${head.id} and p.status <> 'paid'
                -- A waived or conceded due keeps its amount (docs/domain.md, §4 "Concessions").
                and p.status::text <> 'waived' and p.concession_paise = 0
              returning p.member_id::text as member_id`,
        );
  return { added: memberIds(added), updated: memberIds(updated), revoked };
}

/**
 * Tags members to a head (`docs/domain.md`, "Saving tags"), all in ONE transaction with one
 * audit event (`ctx.audit`) listing the member ids added, updated and revoked:
 * - with `replacePending`, the head's pending payments of members not selected are revoked first
 *   (never paid ones, never ones an online checkout refers to);
 * - a selected member without a payment of the head gets one (custom amount, else the head's);
 * - a selected member's pending payment gets the new amount;
 * - a paid payment is never re-tagged (skipped, 'already paid'); unknown or inactive members
 *   are skipped.
 * After the commit a `head.updated` event names the members assigned and revoked.
 * @throws 404 'Payment head or member not found.' when the head does not exist.
 */
export async function assignPayments(ctx: ServiceContext, input: AssignInput): Promise<AssignPaymentsResult> {
  const outcome = await ctx.db.transaction(async (tx) => {
    await lockDataVersions(tx, ['payments']);
    const head = await lockHead(tx, input.paymentHeadId);
    const skipped: Skipped[] = [];
    const wanted = wantedAmounts(input.assignments, head.amountPaise, skipped);
    const targets = await queryRows<TagTarget>(
      tx,
      sql`select m.id::text as id, m.is_active, p.status::text as status,
            exists (select 1 from transaction_items ti where ti.payment_id = p.id) as in_checkout
          from members m
          left join payments p on p.member_id = m.id and p.payment_head_id = ${head.id}
          where m.id = any(${sql.param([...wanted.keys()])}::uuid[])`,
    );
    const plan = planTags(wanted, targets, skipped);
    const { added, updated, revoked } = await applyTagPlan(tx, head, plan, input.replacePending);
    await recordAudit(tx, ctx.audit, {
      action: 'payment.tagged',
      entityType: 'payment_head',
      entityId: head.id,
      after: {
        paymentHead: { _id: head.id, name: head.name },
        replacePending: input.replacePending,
        added,
        updated,
        revoked,
        skipped,
      },
    });
    return {
      result: { success: true as const, assigned: added.length + updated.length, revoked: revoked.length, skipped },
      event: { paymentHeadId: head.id, assignedMemberIds: [...added, ...updated], revokedMemberIds: revoked },
    };
  });
  // After commit: open screens of the head and of the members concerned refresh
  // (`docs/ARCHITECTURE.md`, "Live updates").
  ctx.events.publish({ type: 'head.updated', data: outcome.event });
  return outcome.result;
}

/**
 * Revokes the head's pending payments of the given members (`docs/domain.md`, "Cancel tags") in
 * one transaction with its audit event (`ctx.audit`). Paid payments, and payments an online
 * checkout refers to, are never revoked. After the commit a `head.updated` event names the members
 * revoked.
 * @throws 404 'Payment head or member not found.' when the head does not exist.
 */
export async function revokePayments(
  ctx: ServiceContext,
  input: { paymentHeadId: string; memberIds: string[] },
): Promise<RevokePaymentsResult> {
  const ids = input.memberIds.filter((id) => UUID.test(id));
  const outcome = await ctx.db.transaction(async (tx) => {
    await lockDataVersions(tx, ['payments']);
    const head = await lockHead(tx, input.paymentHeadId);
    const rows = await queryRows<{ member_id: string }>(
      tx,
      sql`delete from payments p
          where p.payment_head_id = ${head.id} and p.status = 'pending'
            and p.member_id = any(${sql.param(ids)}::uuid[])
            and not exists (select 1 from transaction_items ti where ti.payment_id = p.id)
          returning p.member_id::text as member_id`,
    );
    await recordAudit(tx, ctx.audit, {
      action: 'payment.revoked',
      entityType: 'payment_head',
      entityId: head.id,
      after: { paymentHead: { _id: head.id, name: head.name }, revoked: rows.map((row) => row.member_id) },
    });
    return {
      result: { success: true as const, revoked: rows.length },
      headId: head.id,
      revokedMemberIds: rows.map((row) => row.member_id),
    };
  });
  ctx.events.publish({
    type: 'head.updated',
    data: { paymentHeadId: outcome.headId, assignedMemberIds: [], revokedMemberIds: outcome.revokedMemberIds },
  });
  return outcome.result;
}

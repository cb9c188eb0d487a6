import { asc, eq, ilike, or, sql, type SQL } from 'drizzle-orm';

import {
  ErrorCode,
  HEAD_AMOUNT_IMMUTABLE_MESSAGE,
  HEAD_OR_MEMBER_NOT_FOUND_MESSAGE,
  calendarDateIn,
  defaultDueDate,
  paiseOfSum,
  paiseToRupees,
  paymentHeadInputSchema,
  rupeesToPaise,
  type HeadType,
  type Paise,
  type PaymentHead,
  type PaymentHeadBulkResult,
  type PaymentHeadInput,
  type PaymentHeadList,
  type PaymentHeadStats,
  type PaymentHeadUpdate,
  type PaymentHeadWithStats,
  type RowError,
} from '@parish/shared';

import type { AppDeps, ServiceContext } from '../../context.ts';
import type { DbOrTx } from '../../db/client.ts';
import { paymentHeads, payments } from '../../db/schema/index.ts';
import { escapeLike } from '../../db/like.ts';
import { lockDataVersions } from '../../db/data-versions.ts';
import { badRequest, notFound } from '../../lib/app-error.ts';
import { recordAudit } from '../audit/audit.repository.ts';
import { deleteDuesOfHead } from '../payments/commands/delete-pending-dues.ts';
import { redatePendingDues } from '../payments/commands/redate-pending-dues.ts';
import { OWED_PENDING, PAID_REAL_MONEY } from '../payments/ledger/test-money.ts';
import { toPaymentHead } from '../payments/payment-record.ts';
import { parishTimeZone } from '../settings/parish-time-zone.ts';

/**
 * The grouped figures of each head, computed in the same statement as the heads themselves
 * (one grouped query, no per-head round trips): counts assigned/paid/pending, collected = paid
 * amounts (paidAmount, else amount) of real money, outstanding = pending amounts; a due a test
 * payment paid counts as pending, not paid (test money is not money: `payments/ledger/test-money.ts`,
 * decision 0114). Paise.
 */
const statsColumns = {
  assigned: sql<number>`count(${payments.id})`.mapWith(Number),
  paid: sql<number>`count(${payments.id}) filter (where ${PAID_REAL_MONEY})`.mapWith(Number),
  pending: sql<number>`count(${payments.id}) filter (where ${OWED_PENDING})`.mapWith(Number),
  collectedPaise:
    sql<Paise>`coalesce(sum(coalesce(${payments.paidAmountPaise}, ${payments.amountPaise})) filter (where ${PAID_REAL_MONEY}), 0)`.mapWith(
      paiseOfSum,
    ),
  outstandingPaise: sql<Paise>`coalesce(sum(${payments.amountPaise}) filter (where ${OWED_PENDING}), 0)`.mapWith(
    paiseOfSum,
  ),
};

interface StatsRow {
  assigned: number;
  paid: number;
  pending: number;
  collectedPaise: Paise;
  outstandingPaise: Paise;
}

function toStats(row: StatsRow): PaymentHeadStats {
  return {
    assigned: row.assigned,
    paid: row.paid,
    pending: row.pending,
    collected: paiseToRupees(row.collectedPaise),
    outstanding: paiseToRupees(row.outstandingPaise),
  };
}

async function selectHeadsWithStats(db: DbOrTx, where: SQL | undefined): Promise<PaymentHeadWithStats[]> {
  const rows = await db
    .select({ head: paymentHeads, ...statsColumns })
    .from(paymentHeads)
    .leftJoin(payments, eq(payments.paymentHeadId, paymentHeads.id))
    .where(where)
    .groupBy(paymentHeads.parishId, paymentHeads.id)
    .orderBy(asc(paymentHeads.year), sql`lower(${paymentHeads.name})`, asc(paymentHeads.name), asc(paymentHeads.id));
  return rows.map((row) => ({ ...toPaymentHead(row.head), stats: toStats(row) }));
}

/**
 * Every payment head with its figures, sorted by year ascending then name (`docs/domain.md`, §2
 * "Manage Account Heads page"). `search` matches name or description (case-insensitive substring).
 * One SQL statement.
 * @returns `{ items, total }`, each head with its stats in rupees.
 */
export async function listPaymentHeads(
  ctx: ServiceContext,
  query: { search?: string | undefined },
): Promise<PaymentHeadList> {
  const search = query.search?.trim();
  let where: SQL | undefined;
  if (search) {
    const pattern = `%${escapeLike(search)}%`;
    where = or(ilike(paymentHeads.name, pattern), ilike(paymentHeads.description, pattern));
  }
  const items = await selectHeadsWithStats(ctx.db, where);
  return { items, total: items.length };
}

/**
 * One payment head with its figures (rupees).
 * @throws 404 'Payment head or member not found.' for an unknown id.
 */
export async function getPaymentHead(ctx: ServiceContext, id: string): Promise<PaymentHeadWithStats> {
  const [head] = await selectHeadsWithStats(ctx.db, eq(paymentHeads.id, id));
  if (!head) throw notFound(HEAD_OR_MEMBER_NOT_FOUND_MESSAGE);
  return head;
}

/**
 * The figures of one head: `{assigned, paid, pending, collected, outstanding}` (rupees).
 * @throws 404 for an unknown id.
 */
export async function getPaymentHeadStats(ctx: ServiceContext, id: string): Promise<PaymentHeadStats> {
  return (await getPaymentHead(ctx, id)).stats;
}

/**
 * The parish's calendar date today (`YYYY-MM-DD`, `PARISH_TIMEZONE`), by the clock and
 * configuration of a service context (or of anything else carrying both).
 */
export async function parishToday(deps: Pick<AppDeps, 'clock' | 'config' | 'db'>): Promise<string> {
  return calendarDateIn(deps.clock.now(), await parishTimeZone(deps));
}

/**
 * The due date a head of a type gets (`docs/domain.md`, §4 "Head type change" and §5 "Account head
 * form"): none for an arrear; otherwise the given one, else the fallback, else 31 March of the
 * current financial year.
 */
export function dueDateFor(type: HeadType, given: string | null, today: string, fallback: string | null = null) {
  if (type === 'arrear') return null;
  return given ?? fallback ?? defaultDueDate(today);
}

/** The columns of a new head from validated input (year defaults to this year in the parish). */
export function newHeadColumns(input: PaymentHeadInput, today: string) {
  return {
    name: input.name,
    description: input.description,
    amountPaise: rupeesToPaise(input.amount),
    type: input.type,
    year: input.year ?? Number(today.slice(0, 4)),
    dueDate: dueDateFor(input.type, input.dueDate, today),
    variableAmount: input.variable_amount,
    isActive: input.isActive,
    isDonation: input.isDonation ?? false,
  };
}

/**
 * Creates a payment head (admin; `docs/domain.md`, §5 "Account head form") with its audit event in one
 * transaction. Validation (name and amount required, amount above 0, year 2020-2030) is done
 * by `paymentHeadInputSchema` before this runs.
 * @param input the validated form; the amount in rupees (stored as paise).
 * @returns the head as the API shows it.
 */
export async function createPaymentHead(ctx: ServiceContext, input: PaymentHeadInput): Promise<PaymentHead> {
  const today = await parishToday(ctx);
  const created = await ctx.db.transaction(async (tx) => {
    const [row] = await tx.insert(paymentHeads).values(newHeadColumns(input, today)).returning();
    if (!row) throw new Error('insert returned nothing');
    const head = toPaymentHead(row);
    await recordAudit(tx, ctx.audit, {
      action: 'payment_head.created',
      entityType: 'payment_head',
      entityId: row.id,
      after: head,
    });
    return head;
  });
  // After commit: open screens refresh (issue 6).
  ctx.events.publish({ type: 'head.updated', data: { paymentHeadId: created._id } });
  return created;
}

/**
 * Replaces a head's editable fields (admin). The amount cannot change (`docs/domain.md`, §5
 * "Account head form"): a given amount that differs from the stored one is a 400. Changing the type
 * to arrear clears the due date; changing it to current due or miscellaneous without a due date
 * gives the default (`docs/domain.md`, §4 "Head type change"). Pending payments of the head follow
 * its new year and due date; paid ones keep theirs.
 * @returns the head after the change, as the API shows it.
 * @throws 404 unknown id; 400 `HEAD_AMOUNT_IMMUTABLE` {@link HEAD_AMOUNT_IMMUTABLE_MESSAGE}.
 */
export async function updatePaymentHead(
  ctx: ServiceContext,
  id: string,
  input: PaymentHeadUpdate,
): Promise<PaymentHead> {
  const today = await parishToday(ctx);
  const updated = await ctx.db.transaction(async (tx) => {
    const [before] = await tx.select().from(paymentHeads).where(eq(paymentHeads.id, id)).for('update');
    if (!before) throw notFound(HEAD_OR_MEMBER_NOT_FOUND_MESSAGE);
    if (input.amount !== undefined && rupeesToPaise(input.amount) !== before.amountPaise) {
      throw badRequest(HEAD_AMOUNT_IMMUTABLE_MESSAGE, 'amount', ErrorCode.HEAD_AMOUNT_IMMUTABLE);
    }
    const [after] = await tx
      .update(paymentHeads)
      .set({
        name: input.name,
        description: input.description,
        type: input.type,
        year: input.year ?? before.year,
        dueDate: dueDateFor(input.type, input.dueDate, today, before.dueDate),
        variableAmount: input.variable_amount,
        isActive: input.isActive,
        isDonation: input.isDonation ?? before.isDonation,
        updatedAt: ctx.clock.now().toISOString(),
      })
      .where(eq(paymentHeads.id, id))
      .returning();
    if (!after) throw notFound(HEAD_OR_MEMBER_NOT_FOUND_MESSAGE);
    if (after.year !== before.year || after.dueDate !== before.dueDate) await redatePendingDues(tx, id, after);
    const head = toPaymentHead(after);
    await recordAudit(tx, ctx.audit, {
      action: 'payment_head.updated',
      entityType: 'payment_head',
      entityId: id,
      before: toPaymentHead(before),
      after: head,
    });
    return head;
  });
  ctx.events.publish({ type: 'head.updated', data: { paymentHeadId: id } });
  return updated;
}

/**
 * Deletes a head (admin) with its unpaid payments, in one transaction with its audit event.
 * @throws 404 unknown id; 409 `HEAD_HAS_PAID_PAYMENTS` {@link HEAD_HAS_PAID_MESSAGE} while any
 *   payment of it is paid; 409 `CHECKOUT_IN_PROGRESS` while an online checkout still refers to one
 *   of its payments.
 * @returns how many pending payments were deleted with it.
 */
export async function deletePaymentHead(ctx: ServiceContext, id: string): Promise<{ deletedPayments: number }> {
  const outcome = await ctx.db.transaction(async (tx) => {
    await lockDataVersions(tx, ['payments']);
    const [before] = await tx.select().from(paymentHeads).where(eq(paymentHeads.id, id)).for('update');
    if (!before) throw notFound(HEAD_OR_MEMBER_NOT_FOUND_MESSAGE);
    const deleted = await deleteDuesOfHead(tx, id);
    await tx.delete(paymentHeads).where(eq(paymentHeads.id, id));
    await recordAudit(tx, ctx.audit, {
      action: 'payment_head.deleted',
      entityType: 'payment_head',
      entityId: id,
      before: toPaymentHead(before),
      after: { deletedPendingPayments: deleted.map((row) => ({ _id: row.id, memberId: row.memberId })) },
    });
    return { deletedPayments: deleted.length, revokedMemberIds: deleted.map((row) => row.memberId) };
  });
  ctx.events.publish({
    type: 'head.updated',
    data: { paymentHeadId: id, assignedMemberIds: [], revokedMemberIds: outcome.revokedMemberIds },
  });
  return { deletedPayments: outcome.deletedPayments };
}

/**
 * Creates heads from a list (admin, `POST /api/payment-heads/bulk`). Each row is checked on its
 * own with the form's rules; valid rows are created together in one transaction with one audit
 * event, invalid ones reported as `{row (1-based), message}`.
 * @param input `paymentHeads`: the raw rows (the request body).
 * @returns `{ success (no row failed), created (count), errors }`.
 */
export async function bulkCreatePaymentHeads(
  ctx: ServiceContext,
  input: { paymentHeads: readonly Record<string, unknown>[] },
): Promise<PaymentHeadBulkResult> {
  const today = await parishToday(ctx);
  const errors: RowError[] = [];
  const values: ReturnType<typeof newHeadColumns>[] = [];
  input.paymentHeads.forEach((raw, index) => {
    const parsed = paymentHeadInputSchema.safeParse(raw);
    if (parsed.success) values.push(newHeadColumns(parsed.data, today));
    else errors.push({ row: index + 1, message: parsed.error.issues[0]?.message ?? 'Invalid row' });
  });
  if (values.length > 0) {
    const createdIds = await ctx.db.transaction(async (tx) => {
      const created = await tx.insert(paymentHeads).values(values).returning();
      await recordAudit(tx, ctx.audit, {
        action: 'payment_head.bulk_created',
        entityType: 'payment_head',
        after: { created: created.map(toPaymentHead), errors },
      });
      return created.map((row) => row.id);
    });
    for (const paymentHeadId of createdIds) ctx.events.publish({ type: 'head.updated', data: { paymentHeadId } });
  }
  return { success: errors.length === 0, created: values.length, errors };
}

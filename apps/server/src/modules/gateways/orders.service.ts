import { randomBytes } from 'node:crypto';

import { and, eq, inArray, sql } from 'drizzle-orm';

import {
  ErrorCode,
  GATEWAY_MSG,
  MIN_ONLINE_PAISE,
  MSG,
  arrearsGateBlocks,
  effectiveAmount,
  formatINR,
  lineAboveLimit,
  lineAboveLimitMessage,
  paiseToRupees,
  sumPaise,
  type Paise,
} from '@parish/shared';

import type { AuditContext, ServiceContext } from '../../context.ts';
import { queryRows, type DbOrTx, type Tx } from '../../db/client.ts';
import { members, paymentHeads, payments, transactionItems, transactions } from '../../db/schema/index.ts';
import { AppError, badRequest, conflict, notFound } from '../../lib/app-error.ts';
import { recordAudit } from '../audit/audit.repository.ts';
import { heldPaymentIdsSql, openCheckout } from '../payments/ledger/checkout-hold.ts';
import { getLineLimitPaise } from '../settings/settings.service.ts';
import type { OrderLine, OrderMember, TransactionRow } from './gateway.ts';

/**
 * Creating an online order (`docs/domain.md`, "§4 Payment rules" and "§5 Validation"):
 * the payments come from the signed-in member's own rows, every amount is recomputed from the
 * database, the arrears gate applies, and a pending transaction with its items is recorded in one
 * database transaction with an audit event.
 */

/**
 * After how long a pending checkout the gateway has no record of is abandoned (failed by the
 * re-check). It no longer holds its payments against a new order: a new order supersedes it
 * (`docs/domain.md`, §4 "Retry after an abandoned checkout").
 */
export const CHECKOUT_HOLD_MS = 30 * 60 * 1000;

/** What the caller asked to pay: payment ids and/or payment head ids, custom rupee amounts by payment id. */
export interface OrderRequest {
  paymentIds?: string[] | undefined;
  paymentHeads?: { paymentHeadId: string }[] | undefined;
  customAmounts?: Record<string, string | number> | undefined;
}

/**
 * An order's payments as the API answers them (`worldlineOrderSchema`, `razorpayOrderSchema`):
 * `{paymentId, paymentHeadId {_id, name}, amount}`, the amount charged in rupees.
 */
export function orderPayments(lines: OrderLine[]) {
  return lines.map((line) => ({
    paymentId: line.paymentId,
    paymentHeadId: { _id: line.headId, name: line.headName },
    amount: paiseToRupees(line.amountPaise),
  }));
}

/**
 * The member as an order made through a payment link shows them to the gateway and so to the
 * browser holding the link (issue 27 item 22, decision 0036: a link holder learns nothing that
 * identifies or contacts the member beyond the link itself): the first name (the pay-only view
 * shows it), the mobile (in the link's path), no e-mail, and instead of the parish number an
 * opaque consumer id, the first 20 hex digits of the member id (which the link's token carries).
 * The transaction row keeps the member id, so nothing is lost for the parish.
 * @param member the order's member as {@link prepareOrder} read it
 * @returns the member fields to open the gateway's order with
 */
export function linkHolderMember(member: OrderMember): OrderMember {
  return {
    id: member.id,
    name: member.name.trim().split(/\s+/)[0] ?? '',
    mobile: member.mobile,
    parishNumber: member.id.replaceAll('-', '').slice(0, 20),
    email: null,
  };
}

/**
 * A new transaction id: prefix, UTC time to the second, then 96 random bits as 24 upper-case hex
 * digits (e.g. `WL20261122053000` + `9F0C…`), 40 characters: Razorpay's `receipt` limit. The public
 * verify-payment answers anyone holding a txnId, so the id must not be guessable
 * (`docs/domain.md`, "PG-14 Unguessable transaction ids").
 */
export function newTxnId(prefix: 'WL' | 'RP', now: Date): string {
  const stamp = now.toISOString().replace(/\D/g, '').slice(0, 14);
  return `${prefix}${stamp}${randomBytes(12).toString('hex').toUpperCase()}`;
}

/**
 * The effective amount of one payment, in paise: the shared rule (`docs/domain.md`, "Effective
 * amount": on a variable-amount head a custom amount above the due amount is used; blank or lower
 * falls back to the due amount; on any other head the custom amount is ignored).
 * @throws 400 'Please enter a valid amount' for a custom amount that is not a rupee amount.
 */
function orderAmount(duePaise: Paise, variable: boolean, custom: string | number | undefined): Paise {
  const amount = effectiveAmount(duePaise, variable, custom);
  if (!amount.ok) throw badRequest(GATEWAY_MSG.invalidAmount, 'customAmounts');
  return amount.paise;
}

async function loadLines(db: DbOrTx, memberId: string, ids: string[], lock: boolean) {
  const query = db
    .select({
      id: payments.id,
      status: payments.status,
      amountPaise: payments.amountPaise,
      headId: paymentHeads.id,
      headName: paymentHeads.name,
      headType: paymentHeads.type,
      variable: paymentHeads.variableAmount,
    })
    .from(payments)
    .innerJoin(paymentHeads, eq(paymentHeads.id, payments.paymentHeadId))
    .where(and(eq(payments.memberId, memberId), inArray(payments.id, ids)))
    .$dynamic();
  return lock ? query.for('update', { of: payments }) : query;
}

/**
 * Resolves and checks what the member asked to pay, and computes every amount from the database.
 * - `paymentHeads` become the member's payments of those heads (404 'Payment head not found').
 * - A payment that is not the member's, or does not exist: 404 'Not found' (no existence leak).
 * - A paid payment: 409 'This payment has already been paid'.
 * - A current due while ANY arrear of the member is pending: 400 'You need to clear your arrears
 *   before paying current dues.' — also when the arrears are in the same order (decision,
 *   `docs/domain.md`, §4 "Arrears first": "The pay-all list is arrears plus miscellaneous, plus
 *   current dues only when no arrears exist"; one order that pays arrears and current dues would
 *   let a failed arrear settle the current due first).
 * - A line above the bound on one line: 400 `AMOUNT_ABOVE_LIMIT` (decision 0105); an order under
 *   ₹1.00 (what the gateways refuse): 400 `PAY_AT_OFFICE`, 'A due under ₹1.00 cannot be paid
 *   online: please pay it at the parish office' (decision 0108).
 * A payment held by a pending checkout does not refuse the order: the caller asks that checkout's
 * gateway first ({@link heldBy}, `transactions.service.ts`) and the new order supersedes it.
 * @param input what the member `memberId` (from the caller's token) asked to pay
 * @returns the member, the lines and the total in paise.
 */
export async function prepareOrder(
  ctx: ServiceContext,
  input: OrderRequest & { memberId: string },
): Promise<{ member: OrderMember; lines: OrderLine[]; totalPaise: Paise }> {
  const { memberId } = input;
  const [member] = await ctx.db
    .select({
      id: members.id,
      name: members.name,
      mobile: members.mobile,
      parishNumber: members.parishNumber,
      email: members.email,
      isActive: members.isActive,
    })
    .from(members)
    .where(eq(members.id, memberId));
  if (!member?.isActive) throw notFound(MSG.notFound);

  const ids = new Set(input.paymentIds ?? []);
  const headIds = [...new Set((input.paymentHeads ?? []).map((h) => h.paymentHeadId))];
  if (headIds.length > 0) {
    const rows = await ctx.db
      .select({ id: payments.id, headId: payments.paymentHeadId })
      .from(payments)
      .where(and(eq(payments.memberId, memberId), inArray(payments.paymentHeadId, headIds)));
    for (const headId of headIds) {
      const row = rows.find((r) => r.headId === headId);
      if (!row) throw notFound(GATEWAY_MSG.headNotFound);
      ids.add(row.id);
    }
  }
  if (ids.size === 0) throw badRequest(GATEWAY_MSG.noPayments, 'paymentIds');
  const rows = await loadLines(ctx.db, memberId, [...ids], false);
  if (rows.length !== ids.size) throw notFound(MSG.notFound);
  if (rows.some((row) => row.status !== 'pending')) throw conflict(GATEWAY_MSG.alreadyPaid, ErrorCode.ALREADY_PAID);

  if (
    arrearsGateBlocks(
      rows.map((row) => row.headType),
      true,
    )
  ) {
    const [arrear] = await queryRows<{ id: string }>(
      ctx.db,
      sql`select p.id from payments p join payment_heads h on h.id = p.payment_head_id
          where p.member_id = ${memberId} and p.status = 'pending' and h.type = 'arrear' limit 1`,
    );
    if (arrear) throw badRequest(GATEWAY_MSG.arrearsFirst, 'paymentIds', ErrorCode.ARREARS_FIRST);
  }

  const custom = input.customAmounts ?? {};
  const lines = rows
    .map((row) => ({
      paymentId: row.id,
      headId: row.headId,
      headName: row.headName,
      headType: row.headType,
      duePaise: row.amountPaise,
      amountPaise: orderAmount(row.amountPaise, row.variable, custom[row.id]),
    }))
    .sort((a, b) => a.paymentId.localeCompare(b.paymentId));
  await checkOrderLimits(ctx.db, lines);
  const totalPaise = sumPaise(lines.map((line) => line.amountPaise));
  if (totalPaise < MIN_ONLINE_PAISE) throw badRequest(MSG.payAtOffice, 'paymentIds', ErrorCode.PAY_AT_OFFICE);
  return { member: { ...member }, lines, totalPaise };
}

/**
 * The limits on an order's lines (`docs/domain.md`, §4 "Limits on one line", decision 0105): every
 * line at most the parish's bound (one crore unless the parish lowered it).
 * @throws 400 `AMOUNT_ABOVE_LIMIT` (field `customAmounts`).
 */
async function checkOrderLimits(db: DbOrTx, lines: readonly { amountPaise: Paise }[]): Promise<void> {
  const limit = await getLineLimitPaise(db);
  if (lines.some((line) => lineAboveLimit(line.amountPaise, limit))) {
    throw badRequest(lineAboveLimitMessage(formatINR(limit)), 'customAmounts', ErrorCode.AMOUNT_ABOVE_LIMIT);
  }
}

/**
 * The member's open checkouts (pending, not yet superseded: `openCheckout`, `payments/ledger/checkout-hold.ts`)
 * that hold any of `paymentIds`
 * (`docs/domain.md`, §4 "Retry after an abandoned checkout"), oldest first.
 */
export async function heldBy(db: DbOrTx, memberId: string, paymentIds: string[]): Promise<TransactionRow[]> {
  return db
    .selectDistinct({ row: transactions })
    .from(transactions)
    .innerJoin(transactionItems, eq(transactionItems.transactionId, transactions.id))
    .where(
      and(
        eq(transactions.memberId, memberId),
        openCheckout(sql.raw('"transactions"')),
        inArray(transactionItems.paymentId, paymentIds),
      ),
    )
    .then((rows) => rows.map((r) => r.row).sort((a, b) => a.createdAt.localeCompare(b.createdAt)));
}

/**
 * Records the pending transaction and its items in ONE database transaction with the audit
 * event `transaction.created`. Lock order (`docs/ARCHITECTURE.md`, "Lock order"): first the
 * pending checkouts that hold the payments (`FOR UPDATE`, in id order), as a settlement locks its
 * transaction row first; then the payments (`FOR UPDATE`), checked again (still the member's,
 * still pending), so two concurrent orders for one payment cannot both be recorded. The holding
 * checkouts are marked superseded by this order (`transaction.superseded`, audited as `ctx.audit`,
 * the paying member): they stay pending, are re-checked until final, and hold nothing any more.
 * @param order the lines' and the total's amounts in paise
 * @returns the transaction's row id.
 * @throws 404/409 as {@link prepareOrder}.
 */
export async function recordPendingTransaction(
  ctx: ServiceContext,
  order: {
    gateway: 'worldline' | 'razorpay';
    txnId: string;
    gatewayOrderId: string | null;
    memberId: string;
    lines: OrderLine[];
    totalPaise: Paise;
    /** A sandbox checkout (no real money). */
    isTest: boolean;
  },
): Promise<string> {
  const now = ctx.clock.now().toISOString();
  const ids = order.lines.map((line) => line.paymentId);
  const context = ctx.audit;
  return ctx.db.transaction(async (tx) => {
    const holders = await lockHolders(tx, order.memberId, ids);
    const locked = await loadLines(tx, order.memberId, ids, true);
    if (locked.length !== ids.length) throw notFound(MSG.notFound);
    if (locked.some((row) => row.status !== 'pending')) throw conflict(GATEWAY_MSG.alreadyPaid, ErrorCode.ALREADY_PAID);
    await markSuperseded(tx, context, holders, order.txnId, now);
    const [inserted] = await tx
      .insert(transactions)
      .values({
        memberId: order.memberId,
        amountPaise: order.totalPaise,
        status: 'pending',
        paymentGateway: order.gateway,
        transactionId: order.txnId,
        gatewayOrderId: order.gatewayOrderId,
        paymentMethod: 'online',
        isTest: order.isTest,
        createdAt: now,
        updatedAt: now,
      })
      .returning({ id: transactions.id });
    if (!inserted) throw new AppError('INTERNAL', 'transaction insert returned nothing');
    await tx.insert(transactionItems).values(
      order.lines.map((line) => ({
        transactionId: inserted.id,
        paymentId: line.paymentId,
        amountPaise: line.amountPaise,
      })),
    );
    await recordAudit(tx, context, {
      action: 'transaction.created',
      entityType: 'transaction',
      entityId: order.txnId,
      after: {
        status: 'pending',
        gateway: order.gateway,
        gatewayOrderId: order.gatewayOrderId,
        memberId: order.memberId,
        amount: paiseToRupees(order.totalPaise),
        payments: order.lines.map((line) => ({
          paymentId: line.paymentId,
          amount: paiseToRupees(line.amountPaise),
          due: paiseToRupees(line.duePaise),
        })),
      },
    });
    return inserted.id;
  });
}

/**
 * The member's payments an online checkout holds (the one rule, `payments/ledger/checkout-hold.ts`:
 * its gateway has not answered, superseded or not), for the cashier's collect dialog and the
 * Payment Summary's `checkoutInProgress` (`docs/domain.md`, §4 "Checkout hold"): the same rule that
 * keeps a tag save, Cancel tags and a concession off the due.
 * @returns their payment ids.
 */
export async function paymentsInCheckout(ctx: Pick<ServiceContext, 'db'>, memberId: string): Promise<Set<string>> {
  const rows = await queryRows<{ payment_id: string }>(ctx.db, heldPaymentIdsSql(memberId, false));
  return new Set(rows.map((row) => row.payment_id));
}

/** The member's pending, not superseded checkouts holding any of `paymentIds`, locked in id order. */
async function lockHolders(tx: Tx, memberId: string, paymentIds: string[]) {
  return queryRows<{ id: string; transaction_id: string }>(
    tx,
    sql`select t.id, t.transaction_id from transactions t
        where t.member_id = ${memberId} and ${openCheckout()}
          and exists (select 1 from transaction_items i where i.transaction_id = t.id
                      and i.payment_id in (${sql.join(
                        paymentIds.map((id) => sql`${id}`),
                        sql`, `,
                      )}))
        order by t.id for update of t`,
  );
}

/** Marks locked checkouts superseded by `by` (our txn id of the new order, or null when the member cancelled), audited. */
async function markSuperseded(
  tx: Tx,
  audit: AuditContext,
  holders: { id: string; transaction_id: string }[],
  by: string | null,
  now: string,
): Promise<void> {
  for (const holder of holders) {
    await tx
      .update(transactions)
      .set({ supersededAt: now, supersededBy: by, updatedAt: now })
      .where(eq(transactions.id, holder.id));
    await recordAudit(tx, audit, {
      action: 'transaction.superseded',
      entityType: 'transaction',
      entityId: holder.transaction_id,
      before: { status: 'pending' },
      after: { status: 'pending', supersededBy: by, via: by === null ? 'cancel' : 'order' },
    });
  }
}

/**
 * Gives up the member's pending checkouts that hold these payments, without a new order (the
 * member's "Cancel"): locked first, then marked superseded (see "Lock order"). They stay pending
 * and are re-checked until final.
 * @returns how many were superseded.
 */
export async function supersedeHolders(
  ctx: ServiceContext,
  input: { memberId: string; paymentIds: string[]; by: null },
): Promise<number> {
  if (input.paymentIds.length === 0) return 0;
  const now = ctx.clock.now().toISOString();
  return ctx.db.transaction(async (tx) => {
    const holders = await lockHolders(tx, input.memberId, input.paymentIds);
    await markSuperseded(tx, ctx.audit, holders, input.by, now);
    return holders.length;
  });
}

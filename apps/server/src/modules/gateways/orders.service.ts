import { randomBytes } from 'node:crypto';

import { and, eq, inArray, sql } from 'drizzle-orm';

import { ErrorCode, GATEWAY_MSG, MSG, arrearsGateBlocks, effectiveAmount, paiseToRupees } from '@parish/shared';

import type { ServiceContext } from '../../context.ts';
import { queryRows, type DbOrTx } from '../../db/client.ts';
import { members, paymentHeads, payments, transactionItems, transactions } from '../../db/schema/index.ts';
import { AppError, badRequest, conflict, notFound } from '../../lib/app-error.ts';
import { recordAudit } from '../audit/audit.repository.ts';

/**
 * Creating an online order (`docs/domain.md`, "§4 Payment rules" and "§5 Validation"):
 * the payments come from the signed-in member's own rows, every amount is recomputed from the
 * database, the arrears gate applies, and a pending transaction with its items is recorded in one
 * database transaction with an audit event.
 */

/** How long a pending checkout holds its payments against a new order (then it is abandoned). */
export const CHECKOUT_HOLD_MS = 30 * 60 * 1000;

/** One payment of an order: the head, the due amount and the amount charged, in paise. */
export interface OrderLine {
  paymentId: string;
  headId: string;
  headName: string;
  headType: string;
  /** The assigned (due) amount. */
  duePaise: number;
  /** What this order charges: the due amount, or a larger custom amount on a variable head. */
  amountPaise: number;
}

/** The member's contact fields sent to the gateway. */
export interface OrderMember {
  id: string;
  name: string;
  mobile: string;
  parishNumber: string;
  email: string | null;
}

/** What the caller asked to pay: payment ids and/or payment head ids, custom rupee amounts by payment id. */
export interface OrderRequest {
  paymentIds?: string[] | undefined;
  paymentHeads?: { paymentHeadId: string }[] | undefined;
  customAmounts?: Record<string, string | number> | undefined;
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
function orderAmount(duePaise: number, variable: boolean, custom: string | number | undefined): number {
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
 * - A payment held by another pending checkout younger than {@link CHECKOUT_HOLD_MS}: 409.
 * @param input what the member `memberId` (from the caller's token) asked to pay
 * @returns the member, the lines and the total in paise.
 */
export async function prepareOrder(
  ctx: ServiceContext,
  input: OrderRequest & { memberId: string },
): Promise<{ member: OrderMember; lines: OrderLine[]; totalPaise: number }> {
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

  await assertNotHeld(ctx, ctx.db, memberId, [...ids]);

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
  const totalPaise = lines.reduce((sum, line) => sum + line.amountPaise, 0);
  if (totalPaise <= 0) throw badRequest(GATEWAY_MSG.invalidAmount, 'paymentIds');
  return { member: { ...member }, lines, totalPaise };
}

/** 409 while a pending checkout younger than the hold holds one of the payments. */
async function assertNotHeld(ctx: ServiceContext, db: DbOrTx, memberId: string, paymentIds: string[]) {
  const since = new Date(ctx.clock.now().getTime() - CHECKOUT_HOLD_MS).toISOString();
  const held = await db
    .select({ id: transactions.id })
    .from(transactions)
    .innerJoin(transactionItems, eq(transactionItems.transactionId, transactions.id))
    .where(
      and(
        eq(transactions.memberId, memberId),
        eq(transactions.status, 'pending'),
        inArray(transactionItems.paymentId, paymentIds),
        sql`${transactions.createdAt} > ${since}`,
      ),
    )
    .limit(1);
  if (held.length > 0) throw conflict(GATEWAY_MSG.checkoutInProgress, ErrorCode.CHECKOUT_IN_PROGRESS);
}

/**
 * Records the pending transaction and its items in ONE database transaction with the audit
 * event `transaction.created`. The payments are locked and checked again (still the member's,
 * still pending, not held), so two concurrent orders for one payment cannot both be recorded;
 * pending checkouts older than {@link CHECKOUT_HOLD_MS} that hold them are marked failed
 * (abandoned) with their own audit event; audited as `ctx.audit` (the paying member).
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
    totalPaise: number;
  },
): Promise<string> {
  const now = ctx.clock.now().toISOString();
  const ids = order.lines.map((line) => line.paymentId);
  const context = ctx.audit;
  return ctx.db.transaction(async (tx) => {
    const locked = await loadLines(tx, order.memberId, ids, true);
    if (locked.length !== ids.length) throw notFound(MSG.notFound);
    if (locked.some((row) => row.status !== 'pending')) throw conflict(GATEWAY_MSG.alreadyPaid, ErrorCode.ALREADY_PAID);
    await assertNotHeld(ctx, tx, order.memberId, ids);
    const abandoned = await queryRows<{ id: string; transaction_id: string }>(
      tx,
      sql`update transactions t set status = 'failed', updated_at = ${now},
            error_message = 'Checkout abandoned: no answer from the gateway within 30 minutes'
          where t.member_id = ${order.memberId} and t.status = 'pending'
            and exists (select 1 from transaction_items i where i.transaction_id = t.id
                        and i.payment_id in (${sql.join(
                          ids.map((id) => sql`${id}`),
                          sql`, `,
                        )}))
          returning t.id, t.transaction_id`,
    );
    for (const row of abandoned) {
      await recordAudit(tx, context, {
        action: 'transaction.abandoned',
        entityType: 'transaction',
        entityId: row.transaction_id,
        before: { status: 'pending' },
        after: { status: 'failed', replacedBy: order.txnId },
      });
    }
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

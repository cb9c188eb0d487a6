import { eq, sql } from 'drizzle-orm';

import { GATEWAY_MSG, paiseToRupees, type AuditAfter, type Paise } from '@parish/shared';

import type { AuditContext, ServiceContext } from '../../context.ts';
import { queryRows, type Tx } from '../../db/client.ts';
import { payments, transactionItems, transactions } from '../../db/schema/index.ts';
import { recordAudit } from '../audit/audit.repository.ts';
import { markPaid } from '../payments/ledger/mark-paid.ts';
import { queueException } from '../refunds/refunds.service.ts';
import { queuePaymentNotice } from '../reminders/notifications.ts';
import type { Outcome, SettledTransaction, SettleSource, TransactionRow } from './gateway.ts';

/**
 * Applies a confirmed payment (`docs/domain.md`, "§4 Payment rules"; `docs/ARCHITECTURE.md`,
 * "Payment gateways"): ONE database transaction moves the transaction to `success` (conditional
 * on it not being success yet) and each of its payments pending → paid (conditional on pending)
 * with paidAmount = the item's amount in paise, paidAt, method `online`, the gateway, collection
 * mode `online`, transactionId = our txn id, pgTransactionId = the gateway's reference, all under
 * ONE receipt ({@link markPaid}); audit `transaction.settled` (amounts in rupees); when anything
 * was paid, the 'paid' WhatsApp notice as an outbox row in the same transaction, so a crash cannot
 * lose it. A payment meanwhile
 * settled otherwise (cash at the office) is NOT paid again: the conflict goes to the audit trail
 * (`transaction.paid_twice`) and the transaction's errorMessage (money received twice; staff
 * refund it) and to the refunds queue (`docs/domain.md`, §4 "Refunds and exceptions"; reason
 * `superseded_paid` for a superseded checkout paid late). `payment.updated` is published after the commit.
 * @param ctx audits as `ctx.audit` (the gateway, or the system for the re-check)
 * @param row the transaction as read before asking the gateway
 * @param source what delivered the news (`via` in the audit record)
 * @returns the transaction as settled, or null when another call settled it first (nothing written).
 */
export async function applyPaidOutcome(
  ctx: ServiceContext,
  row: TransactionRow,
  outcome: Extract<Outcome, { kind: 'paid' }>,
  source: SettleSource,
): Promise<SettledTransaction | null> {
  const now = ctx.clock.now().toISOString();
  const settled = await ctx.db.transaction(async (tx) => {
    const moved = await queryRows<{ id: string }>(
      tx,
      sql`update transactions set status = 'success', status_code = ${outcome.statusCode},
            pg_reference_id = ${outcome.pgReferenceId}, payment_method = ${outcome.method},
            settled_at = ${now}, updated_at = ${now}, error_message = null
          where id = ${row.id} and status <> 'success' returning id`,
    );
    if (moved.length === 0) return null;
    const { paid, conflicts } = await payItems(tx, row, outcome.pgReferenceId, now, ctx.config.parishTimezone);
    const note = conflicts.length > 0 ? await recordPaidTwice(tx, ctx.audit, row, conflicts) : null;
    for (const conflict of conflicts) {
      await queueException(tx, {
        transactionRowId: row.id,
        memberId: row.memberId,
        paymentId: conflict.paymentId,
        reason: row.supersededAt ? 'superseded_paid' : 'paid_twice',
        amountPaise: conflict.amountPaise,
        gatewayReference: outcome.pgReferenceId,
      });
    }
    if (paid.length > 0) await queuePaymentNotice(tx, { config: ctx.config, memberId: row.memberId });
    await recordAudit(tx, ctx.audit, {
      action: 'transaction.settled',
      entityType: 'transaction',
      entityId: row.transactionId,
      // Never `success` here: the update above matched only a transaction not yet successful.
      before: { status: row.status === 'failed' ? 'failed' : 'pending', statusCode: row.statusCode },
      after: {
        status: 'success',
        statusCode: outcome.statusCode,
        pgReferenceId: outcome.pgReferenceId,
        amount: paiseToRupees(row.amountPaise),
        via: source,
        memberId: row.memberId,
        paid,
      },
    });
    return { paidIds: paid.map((p) => p.paymentId), errorMessage: note };
  });
  if (!settled) return null;
  if (settled.paidIds.length > 0) {
    ctx.events.publish({
      type: 'payment.updated',
      memberId: row.memberId,
      data: { paymentIds: settled.paidIds, status: 'paid', via: row.paymentGateway },
    });
  }
  return {
    ...row,
    status: 'success',
    statusCode: outcome.statusCode,
    pgReferenceId: outcome.pgReferenceId,
    errorMessage: settled.errorMessage,
  };
}

/** A payment of the transaction paid now (amount in rupees, for the audit record). */
interface PaidItem {
  paymentId: string;
  amount: number;
  receiptNumber: string | null;
}

/** A payment of the transaction that was no longer pending: who paid it (amount in paise and rupees). */
interface PaidTwice {
  paymentId: string;
  amountPaise: Paise;
  amount: number;
  paidBy: AuditAfter<'transaction.paid_twice'>['conflicts'][number]['paidBy'];
}

/**
 * Marks the transaction's pending payments paid under one receipt ({@link markPaid}, dated `now`
 * in `timeZone`); the others are returned as conflicts with their current state.
 */
async function payItems(
  tx: Tx,
  row: TransactionRow,
  pgReferenceId: string,
  now: string,
  timeZone: string,
): Promise<{ paid: PaidItem[]; conflicts: PaidTwice[] }> {
  const items = await tx.select().from(transactionItems).where(eq(transactionItems.transactionId, row.id));
  const marked = await markPaid(tx, timeZone, {
    memberId: row.memberId,
    lines: items.map((item) => ({ paymentId: item.paymentId, amountPaise: item.amountPaise })),
    issuedAt: new Date(now),
    paymentMethod: 'online',
    paymentGateway: row.paymentGateway,
    collectionMode: 'online',
    collectedBy: null,
    transactionId: row.transactionId,
    pgTransactionId: pgReferenceId,
    notes: null,
    enforceDueAmount: false,
    isTest: row.isTest,
  });
  const receiptNumber = marked.receipt?.number ?? null;
  const paid = marked.paid.map((line) => ({
    paymentId: line.paymentId,
    amount: paiseToRupees(line.amountPaise),
    receiptNumber,
  }));
  const conflicts: PaidTwice[] = [];
  for (const line of marked.notPaid) {
    const [current] = await tx
      .select({
        status: payments.status,
        gateway: payments.paymentGateway,
        transactionId: payments.transactionId,
        receiptNumber: payments.receiptNumber,
      })
      .from(payments)
      .where(eq(payments.id, line.paymentId));
    conflicts.push({
      paymentId: line.paymentId,
      amountPaise: line.amountPaise,
      amount: paiseToRupees(line.amountPaise),
      paidBy: current ?? null,
    });
  }
  return { paid, conflicts };
}

/**
 * Records money received twice: the note `GATEWAY_MSG.paidTwice: <payment ids>` on the transaction
 * and the audit `transaction.paid_twice` with the refund due in rupees.
 * @returns the note.
 */
async function recordPaidTwice(tx: Tx, audit: AuditContext, row: TransactionRow, conflicts: PaidTwice[]) {
  const note = `${GATEWAY_MSG.paidTwice}: ${conflicts.map((c) => c.paymentId).join(', ')}`;
  await tx.update(transactions).set({ errorMessage: note }).where(eq(transactions.id, row.id));
  await recordAudit(tx, audit, {
    action: 'transaction.paid_twice',
    entityType: 'transaction',
    entityId: row.transactionId,
    after: {
      conflicts: conflicts.map(({ paymentId, amount, paidBy }) => ({ paymentId, amount, paidBy })),
      // Summed in paise: rupee floats do not add up (100.1 + 200.2 is 300.29999999999995).
      refundDue: paiseToRupees(conflicts.reduce((sum, c) => sum + c.amountPaise, 0)),
    },
  });
  return note;
}

import { eq, sql } from 'drizzle-orm';

import { paiseToRupees, type AuditAfter } from '@parish/shared';

import type { ServiceContext } from '../../../context.ts';
import { queryRows, type Tx } from '../../../db/client.ts';
import { transactionItems, type transactions } from '../../../db/schema/index.ts';
import { recordAudit } from '../../audit/audit.repository.ts';
import { queueException } from '../ledger/exceptions.ts';
import { markPaid } from '../ledger/mark-paid.ts';
import { paidTwiceLines, recordPaidTwice } from '../ledger/paid-twice.ts';
import { parishTimeZone } from '../../settings/parish-time-zone.ts';
import { queueReceiptDocument } from '../../reminders/notifications.ts';

/** An online transaction as read before its gateway was asked (`gateways/`, `TransactionRow`). */
type OnlineTransaction = typeof transactions.$inferSelect;

/** What the gateway confirmed (`gateways/gateway.ts`, a `paid` outcome), and who brought the news. */
export interface ConfirmedPayment {
  statusCode: string;
  /** The gateway's payment reference. */
  pgReferenceId: string;
  method: string;
  via: AuditAfter<'transaction.settled'>['via'];
  /** Writes the 'paid' WhatsApp notice (`queuePaymentNotice`) in this transaction, so a crash cannot lose it. */
  queueNotice: (tx: Tx) => Promise<unknown>;
}

/**
 * Settles an online payment the gateway confirmed (`docs/domain.md`, "§4 Payment rules";
 * `docs/ARCHITECTURE.md`, "Payment gateways"; the decision to settle is `gateways/settle.ts`'s),
 * in ONE database transaction:
 * 1. check and lock: the transaction row moves to `success` only if it is not yet (a conditional
 *    update, its lock first: `docs/ARCHITECTURE.md`, "Lock order"); otherwise nothing is written;
 * 2. write and issue: `markPaid` locks its payments and moves those still pending to paid with
 *    the item's amount in paise, method `online`, the gateway, mode `online`, our txn id and the
 *    gateway's reference, under ONE receipt;
 * 3. a payment meanwhile settled otherwise (cash at the office) is NOT paid again: to the audit trail
 *    (`transaction.paid_twice`), the transaction's note and the refunds queue (`superseded_paid` for a
 *    superseded checkout paid late, else `paid_twice`); so is money for a pending due whose amount
 *    changed after a failed checkout, which held nothing (`due_changed`, decision 0113);
 * 4. the 'paid' notice when anything was paid, the receipt's WhatsApp document (decision 0141);
 *    audit `transaction.settled` (rupees), as `ctx.audit` (the gateway, or the system re-checking);
 * 5. after the commit, `payment.updated` (via the gateway) when anything was paid.
 * @returns the transaction as settled, or null when another call settled it first.
 */
export async function settleOnlinePayment(
  ctx: ServiceContext,
  row: OnlineTransaction,
  paid: ConfirmedPayment,
): Promise<OnlineTransaction | null> {
  const now = ctx.clock.now().toISOString();
  const settled = await ctx.db.transaction(async (tx) => {
    const moved = await queryRows<{ id: string }>(
      tx,
      sql`update transactions set status = 'success', status_code = ${paid.statusCode},
            pg_reference_id = ${paid.pgReferenceId}, payment_method = ${paid.method},
            settled_at = ${now}, updated_at = ${now}, error_message = null
          where id = ${row.id} and status <> 'success' returning id`,
    );
    if (moved.length === 0) return null;
    const items = await tx.select().from(transactionItems).where(eq(transactionItems.transactionId, row.id));
    const marked = await markPaid(tx, await parishTimeZone(ctx, tx), {
      memberId: row.memberId,
      lines: items.map((item) => ({ paymentId: item.paymentId, amountPaise: item.amountPaise })),
      issuedAt: new Date(now),
      paymentMethod: 'online',
      paymentGateway: row.paymentGateway,
      collectionMode: 'online',
      collectedBy: null,
      transactionId: row.transactionId,
      pgTransactionId: paid.pgReferenceId,
      notes: null,
      // A due changed since the order (re-priced, lowered, after its checkout failed and so held
      // nothing) is not paid with the order's amount: the money goes to the refunds queue (decision 0113).
      enforceDueAmount: true,
      isTest: row.isTest,
    });
    const receiptNumber = marked.receipt?.number ?? null;
    const lines = marked.paid.map((line) => ({ ...line, amount: paiseToRupees(line.amountPaise), receiptNumber }));
    const conflicts = await paidTwiceLines(tx, row, marked.notPaid);
    const note = conflicts.length > 0 ? await recordPaidTwice(tx, ctx.audit, row, conflicts) : null;
    for (const { paymentId, amountPaise, reason } of conflicts) {
      const money = { paymentId, amountPaise, reason, gatewayReference: paid.pgReferenceId } as const;
      await queueException(tx, { ...money, transactionRowId: row.id, memberId: row.memberId });
    }
    if (lines.length > 0) await paid.queueNotice(tx);
    const receiptId = marked.receipt?.id;
    if (receiptId) await queueReceiptDocument(tx, { config: ctx.config, memberId: row.memberId, receiptId });
    await recordAudit(tx, ctx.audit, {
      action: 'transaction.settled',
      entityType: 'transaction',
      entityId: row.transactionId,
      // Never `success` here: the update above matched only a transaction not yet successful.
      before: { status: row.status === 'failed' ? 'failed' : 'pending', statusCode: row.statusCode },
      after: {
        status: 'success',
        statusCode: paid.statusCode,
        pgReferenceId: paid.pgReferenceId,
        amount: paiseToRupees(row.amountPaise),
        via: paid.via,
        memberId: row.memberId,
        paid: lines.map(({ paymentId, amount }) => ({ paymentId, amount, receiptNumber })),
      },
    });
    return { paidIds: lines.map((line) => line.paymentId), errorMessage: note };
  });
  if (!settled) return null;
  if (settled.paidIds.length > 0) {
    ctx.events.publish({
      type: 'payment.updated',
      memberId: row.memberId,
      data: { paymentIds: settled.paidIds, status: 'paid', via: row.paymentGateway },
    });
  }
  const { statusCode, pgReferenceId } = paid;
  return { ...row, status: 'success', statusCode, pgReferenceId, errorMessage: settled.errorMessage };
}

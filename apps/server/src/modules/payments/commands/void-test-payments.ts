import { sql } from 'drizzle-orm';

import type { VoidTestPaymentsResult } from '@parish/shared';

import { actorOf, type ServiceContext } from '../../../context.ts';
import { queryRows } from '../../../db/client.ts';
import { recordAudit } from '../../audit/audit.repository.ts';
import { reopenPayments } from '../ledger/reopen-payments.ts';
import { voidReceipt } from '../ledger/receipts.ts';

/** The note on everything "Void all test payments" closes. */
const VOID_NOTE = 'Test payment voided before going live';

/**
 * "Void all test payments" before going live (`docs/domain.md`, §10 "Payment mode"), in one
 * database transaction, in lock order (`docs/ARCHITECTURE.md`, "Lock order"):
 * 1. lock: the test transactions not failed yet, then the paid test payments in id order;
 * 2. void and write: each of their receipts voided (reason `other`, the number never given again),
 *    every such payment pending again with its collection details cleared, the test checkouts
 *    failed, the open test entries of the refunds queue closed;
 * 3. audit `payments.test_voided` with what was voided;
 * 4. after the commit, `payment.updated` (via `reversal`) per member.
 * @returns how many payments and transactions were voided and the receipt numbers retired.
 */
export async function voidTestPayments(ctx: ServiceContext): Promise<VoidTestPaymentsResult> {
  const admin = actorOf(ctx);
  const now = ctx.clock.now();
  const result = await ctx.db.transaction(async (tx) => {
    const testTransactions = await queryRows<{ id: string; transaction_id: string }>(
      tx,
      sql`select id, transaction_id from transactions where is_test and status <> 'failed' order by id for update`,
    );
    const paid = await queryRows<{
      id: string;
      member_id: string;
      receipt_id: string | null;
      receipt_number: string | null;
    }>(
      tx,
      sql`select p.id, p.member_id, p.receipt_id, p.receipt_number from payments p
          where p.is_test and p.status = 'paid' order by p.id for update`,
    );
    const receipts: string[] = [];
    for (const payment of paid) {
      if (!payment.receipt_id || !payment.receipt_number || receipts.includes(payment.receipt_number)) continue;
      const facts = { voidedAt: now, voidedBy: admin.id, reason: 'other', note: VOID_NOTE };
      if (await voidReceipt(tx, payment.receipt_id, facts)) receipts.push(payment.receipt_number);
    }
    await reopenPayments(
      tx,
      paid.map((payment) => payment.id),
      now,
      { manualOnly: false },
    );
    await tx.execute(sql`update transactions set status = 'failed', updated_at = ${now.toISOString()},
          error_message = ${VOID_NOTE} where is_test and status <> 'failed'`);
    await tx.execute(sql`update payment_exceptions e set status = 'refunded', remaining_paise = 0,
          resolved_at = ${now.toISOString()}, note = ${VOID_NOTE}
        from transactions t where t.id = e.transaction_row_id and t.is_test and e.status = 'open'`);
    const after = { payments: paid.length, transactions: testTransactions.length, receipts };
    await recordAudit(tx, ctx.audit, { action: 'payments.test_voided', entityType: 'payment', after });
    return { after, paid };
  });
  const byMember = new Map<string, string[]>();
  for (const p of result.paid) byMember.set(p.member_id, [...(byMember.get(p.member_id) ?? []), p.id]);
  for (const [memberId, paymentIds] of byMember) {
    ctx.events.publish({ type: 'payment.updated', memberId, data: { paymentIds, status: 'pending', via: 'reversal' } });
  }
  return result.after;
}

import { sql } from 'drizzle-orm';

import type { VoidTestPaymentsResult } from '@parish/shared';

import { actorOf, type ServiceContext } from '../../context.ts';
import { queryRows } from '../../db/client.ts';
import { recordAudit } from '../audit/audit.repository.ts';
import { voidReceipt } from '../payments/ledger/receipts.ts';

/**
 * "Void all test payments" before going live (`docs/domain.md`, §10 "Payment mode"): every payment
 * paid by a sandbox (test) checkout becomes pending again, its receipt voided (the number is never
 * given again), and the test checkouts are marked failed; the test entries of the refunds queue
 * are closed. One database transaction with the audit `payments.test_voided`; `payment.updated`
 * after the commit. Lock order (`docs/ARCHITECTURE.md`, "Lock order"): the test transactions, then
 * their payments in id order, then the receipts.
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
      const facts = {
        voidedAt: now,
        voidedBy: admin.id,
        reason: 'other',
        note: 'Test payment voided before going live',
      };
      if (await voidReceipt(tx, payment.receipt_id, facts)) receipts.push(payment.receipt_number);
    }
    if (paid.length > 0) {
      await tx.execute(sql`update payments set status = 'pending', paid_amount_paise = null, paid_at = null,
            payment_method = null, payment_gateway = null, collection_mode = null, collected_by = null,
            transaction_id = null, pg_transaction_id = null, notes = null, receipt_number = null, is_test = false,
            updated_at = ${now.toISOString()}
          where id in (${sql.join(
            paid.map((p) => sql`${p.id}`),
            sql`, `,
          )})`);
    }
    await tx.execute(sql`update transactions set status = 'failed', updated_at = ${now.toISOString()},
          error_message = 'Test payment voided before going live' where is_test and status <> 'failed'`);
    await tx.execute(sql`update payment_exceptions e set status = 'refunded', remaining_paise = 0,
          resolved_at = ${now.toISOString()}, note = 'Test payment voided before going live'
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

import { and, eq, sql } from 'drizzle-orm';

import type { ServiceContext } from '../../context.ts';
import { runInParish } from '../../db/parish-scope.ts';
import { transactions } from '../../db/schema/index.ts';
import { settleTransaction } from './settle.ts';

/**
 * The background re-check (`docs/ARCHITECTURE.md`, "Real-time and background work"): settles (or
 * fails) up to `limit` pending transactions created more than 2 minutes ago, oldest first, each
 * through {@link settleTransaction} with no evidence (the status API decides), audited as the
 * system. Errors are logged, never thrown.
 * @returns how many transactions it looked at.
 */
export async function recheckPendingTransactions(ctx: ServiceContext, limit = 20): Promise<number> {
  const before = new Date(ctx.clock.now().getTime() - 2 * 60 * 1000).toISOString();
  const rows = await ctx.db
    .select({
      parishId: transactions.parishId,
      transactionId: transactions.transactionId,
      gateway: transactions.paymentGateway,
    })
    .from(transactions)
    .where(and(eq(transactions.status, 'pending'), sql`${transactions.createdAt} < ${before}`))
    .orderBy(transactions.createdAt)
    .limit(limit);
  for (const row of rows) {
    try {
      const gateway = row.gateway === 'razorpay' ? 'razorpay' : 'worldline';
      // In the transaction's parish: its own gateway credentials (decision 0130).
      await runInParish(row.parishId, () =>
        settleTransaction(ctx, { txnId: row.transactionId, evidence: { gateway, source: 'recheck' } }),
      );
    } catch (error) {
      ctx.log.error({ err: error, txnId: row.transactionId }, 'pending transaction re-check failed');
    }
  }
  return rows.length;
}

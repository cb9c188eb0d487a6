import {
  MSG,
  ZERO_PAISE,
  addPaise,
  paiseOfSum,
  paiseToRupees,
  type Paise,
  type StaffTransaction,
} from '@parish/shared';
import { sql } from 'drizzle-orm';
import type { z } from 'zod';

import type { ServiceContext } from '../../context.ts';
import { queryRows } from '../../db/client.ts';
import { notFound } from '../../lib/app-error.ts';
import { num } from './report-sql.ts';
import type { transactionListQuerySchema } from '@parish/shared';

/**
 * Online transactions for staff (`GET /api/transactions…`, `docs/domain.md`, §7 "Routes" and
 * "Entities on the wire") and the audit trail (`GET /api/admin/activities`, `docs/domain.md`, §7
 * "Routes", default 50, newest first).
 */

type Row = Record<string, unknown>;

const iso = (value: unknown): string | null =>
  value === null || value === undefined ? null : new Date(value as string).toISOString();

const TRANSACTION_SELECT = sql`SELECT t.id, t.amount_paise, t.status, t.payment_gateway, t.transaction_id, t.gateway_order_id,
       t.pg_reference_id, t.payment_method, t.status_code, t.created_at, t.settled_at, t.error_message, t.member_id,
       m.name AS member_name, m.parish_number,
       coalesce((SELECT json_agg(json_build_array(i.payment_id, p.payment_head_id, h.name, i.amount_paise) ORDER BY h.name)
                   FROM transaction_items i JOIN payments p ON p.id = i.payment_id
                   JOIN payment_heads h ON h.id = p.payment_head_id
                  WHERE i.transaction_id = t.id), '[]'::json) AS items
  FROM transactions t LEFT JOIN members m ON m.id = t.member_id`;

function toTransaction(row: Row): StaffTransaction {
  const raw = typeof row.items === 'string' ? (JSON.parse(row.items) as unknown[]) : ((row.items as unknown[]) ?? []);
  return {
    _id: String(row.id),
    amount: paiseToRupees(paiseOfSum(row.amount_paise)),
    status: row.status as StaffTransaction['status'],
    paymentGateway: row.payment_gateway as StaffTransaction['paymentGateway'],
    transactionId: String(row.transaction_id),
    gatewayOrderId: (row.gateway_order_id as string | null) ?? null,
    pgReferenceId: (row.pg_reference_id as string | null) ?? null,
    paymentMethod: (row.payment_method as string | null) ?? null,
    statusCode: (row.status_code as string | null) ?? null,
    date: iso(row.created_at) as string,
    settledAt: iso(row.settled_at),
    errorMessage: (row.error_message as string | null) ?? null,
    memberId: String(row.member_id),
    member:
      row.member_name === null || row.member_name === undefined
        ? null
        : { _id: String(row.member_id), name: String(row.member_name), parishNumber: String(row.parish_number) },
    paymentIds: (raw as [string, string, string, unknown][]).map(([paymentId, headId, headName, amount]) => ({
      paymentId,
      paymentHeadId: { _id: headId, name: headName },
      paidAmount: paiseToRupees(paiseOfSum(amount)),
    })),
  };
}

/**
 * One page of online transactions, newest first, optionally filtered by status and gateway.
 * @returns `{ items, total, page, limit }`, amounts in rupees
 */
export async function listTransactions(ctx: ServiceContext, query: z.output<typeof transactionListQuerySchema>) {
  const db = ctx.db;
  const parts = [sql`true`];
  if (query.status) parts.push(sql`t.status = ${query.status}`);
  if (query.paymentGateway) parts.push(sql`t.payment_gateway = ${query.paymentGateway}`);
  const where = sql.join(parts, sql` AND `);
  const [rows, totals] = await Promise.all([
    queryRows<Row>(
      db,
      sql`${TRANSACTION_SELECT} WHERE ${where} ORDER BY t.created_at DESC, t.id DESC
          LIMIT ${query.limit} OFFSET ${(query.page - 1) * query.limit}`,
    ),
    queryRows<{ total: unknown }>(db, sql`SELECT count(*) AS total FROM transactions t WHERE ${where}`),
  ]);
  return { items: rows.map(toTransaction), total: num(totals[0]?.total), page: query.page, limit: query.limit };
}

/**
 * One online transaction with its payments.
 * @throws 404 when there is none with that id
 */
export async function getTransaction(ctx: ServiceContext, id: string): Promise<StaffTransaction> {
  const [row] = await queryRows<Row>(ctx.db, sql`${TRANSACTION_SELECT} WHERE t.id = ${id}::uuid`);
  if (!row) throw notFound(MSG.notFound);
  return toTransaction(row);
}

/** Counts and amounts (rupees) of online transactions per status and per gateway. */
export async function transactionStats(ctx: ServiceContext) {
  const rows = await queryRows<{ status: string; gateway: string; count: unknown; amount: unknown }>(
    ctx.db,
    sql`SELECT status, payment_gateway AS gateway, count(*) AS count, coalesce(sum(amount_paise), 0) AS amount
          FROM transactions GROUP BY status, payment_gateway ORDER BY payment_gateway, status`,
  );
  const zero = (): { count: number; amountPaise: Paise } => ({ count: 0, amountPaise: ZERO_PAISE });
  const total = zero();
  const byStatus = { pending: zero(), success: zero(), failed: zero() };
  const byGateway = new Map<string, { count: number; amountPaise: Paise }>();
  for (const row of rows) {
    const count = num(row.count);
    const amount = paiseOfSum(row.amount);
    total.count += count;
    total.amountPaise = addPaise(total.amountPaise, amount);
    const status = byStatus[row.status as keyof typeof byStatus];
    status.count += count;
    status.amountPaise = addPaise(status.amountPaise, amount);
    const gateway = byGateway.get(row.gateway) ?? zero();
    gateway.count += count;
    gateway.amountPaise = addPaise(gateway.amountPaise, amount);
    byGateway.set(row.gateway, gateway);
  }
  const out = (v: { count: number; amountPaise: Paise }) => ({ count: v.count, amount: paiseToRupees(v.amountPaise) });
  return {
    total: out(total),
    byStatus: { pending: out(byStatus.pending), success: out(byStatus.success), failed: out(byStatus.failed) },
    byGateway: [...byGateway].map(([paymentGateway, v]) => ({
      paymentGateway: paymentGateway as StaffTransaction['paymentGateway'],
      ...out(v),
    })),
  };
}

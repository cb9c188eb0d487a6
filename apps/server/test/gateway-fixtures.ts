import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { eq, sql } from 'drizzle-orm';
import { expect } from 'vitest';

import { paise, type RazorpayOrder, type WorldlineOrder } from '@parish/shared';

import { queryRows } from '../src/db/client.ts';
import { auditEvents, paymentHeads, payments, transactions } from '../src/db/schema/index.ts';

/**
 * Fixtures of the portal and gateway tests: heads and payments inserted straight into the
 * database, the sandbox bank driven through its real routes, and money assertions.
 */

let headSequence = 0;

/** Inserts a payment head (amount in paise). */
export async function createHead(
  app: FastifyInstance,
  options: { type: 'arrear' | 'current due' | 'miscellaneous'; amountPaise: number; variable?: boolean; name?: string },
): Promise<string> {
  headSequence += 1;
  const [row] = await app.db
    .insert(paymentHeads)
    .values({
      name: options.name ?? `Head ${headSequence} ${options.type}`,
      amountPaise: paise(options.amountPaise),
      type: options.type,
      year: 2026,
      dueDate: options.type === 'arrear' ? null : '2027-03-31',
      variableAmount: options.variable ?? false,
    })
    .returning({ id: paymentHeads.id });
  if (!row) throw new Error('head insert returned nothing');
  return row.id;
}

/** Assigns a head to a member: a pending payment of the head's amount (or `amountPaise`). */
export async function assign(
  app: FastifyInstance,
  memberId: string,
  headId: string,
  amountPaise?: number,
): Promise<string> {
  const [head] = await app.db.select().from(paymentHeads).where(eq(paymentHeads.id, headId));
  if (!head) throw new Error('unknown head');
  const [row] = await app.db
    .insert(payments)
    .values({
      memberId,
      paymentHeadId: headId,
      amountPaise: amountPaise === undefined ? head.amountPaise : paise(amountPaise),
      year: head.year,
    })
    .returning({ id: payments.id });
  if (!row) throw new Error('payment insert returned nothing');
  return row.id;
}

/** A head of a type with one pending payment for the member; returns the payment id. */
export async function due(
  app: FastifyInstance,
  memberId: string,
  type: 'arrear' | 'current due' | 'miscellaneous',
  amountPaise: number,
  variable = false,
): Promise<string> {
  return assign(app, memberId, await createHead(app, { type, amountPaise, variable }));
}

/** One payment row. */
export async function paymentRow(app: FastifyInstance, id: string) {
  const [row] = await app.db.select().from(payments).where(eq(payments.id, id));
  if (!row) throw new Error('no such payment');
  return row;
}

/** One transaction row by our txn id. */
export async function transactionRow(app: FastifyInstance, txnId: string) {
  const [row] = await app.db.select().from(transactions).where(eq(transactions.transactionId, txnId));
  if (!row) throw new Error('no such transaction');
  return row;
}

/** The audit actions recorded for a transaction, oldest first. */
export async function auditActions(app: FastifyInstance, txnId: string): Promise<string[]> {
  const rows = await app.db
    .select({ action: auditEvents.action })
    .from(auditEvents)
    .where(eq(auditEvents.entityId, txnId))
    .orderBy(auditEvents.id);
  return rows.map((row) => row.action);
}

/** Asserts the payment is still pending with no payment details. */
export async function expectUnpaid(app: FastifyInstance, paymentId: string): Promise<void> {
  const row = await paymentRow(app, paymentId);
  expect(row.status).toBe('pending');
  expect(row.paidAmountPaise).toBeNull();
  expect(row.receiptNumber).toBeNull();
  expect(row.transactionId).toBeNull();
}

/** Total paise recorded as paid for a member (sum of paidAmount of paid payments). */
export async function paidPaise(app: FastifyInstance, memberId: string): Promise<number> {
  const [row] = await queryRows<{ paise: string | number }>(
    app.db,
    sql`select coalesce(sum(paid_amount_paise), 0) as paise from payments where member_id = ${memberId} and status = 'paid'`,
  );
  return Number(row?.paise ?? 0);
}

function unescapeHtml(text: string): string {
  return text
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&amp;/g, '&');
}

/** The hidden fields of the first form of an HTML page. */
export function formFields(html: string): Record<string, string> {
  const fields: Record<string, string> = {};
  for (const match of html.matchAll(/<input type="hidden" name="([^"]*)" value="([^"]*)">/g)) {
    fields[unescapeHtml(match[1] ?? '')] = unescapeHtml(match[2] ?? '');
  }
  return fields;
}

/** `application/x-www-form-urlencoded` POST through `app.inject`. */
export function postForm(
  app: FastifyInstance,
  url: string,
  fields: Record<string, string>,
): Promise<LightMyRequestResponse> {
  return app.inject({
    method: 'POST',
    url,
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: new URLSearchParams(fields).toString(),
  });
}

/**
 * Drives the Worldline sandbox bank for an order: opens the bank page (as checkout.js would) and
 * presses a button. Returns the `msg` the bank would post to the return URL.
 */
export async function worldlineBank(
  app: FastifyInstance,
  order: WorldlineOrder,
  outcome: 'success' | 'failure' | 'cancel',
): Promise<string> {
  const c = order.worldlineOrder.consumerData;
  const query = {
    merchantId: c.merchantId,
    txnId: c.txnId,
    amount: c.items[0]?.amount ?? '',
    consumerId: c.consumerId,
    consumerMobileNo: c.consumerMobileNo,
    consumerEmailId: c.consumerEmailId,
    token: c.token,
  };
  const page = await app.inject({ method: 'GET', url: `/api/sandbox/worldline/bank?${new URLSearchParams(query)}` });
  expect(page.statusCode, page.body).toBe(200);
  const decided = await postForm(app, '/api/sandbox/worldline/bank', { ...query, outcome });
  expect(decided.statusCode, decided.body).toBe(200);
  expect(decided.body).toContain('action="/api/worldline/callback"');
  const msg = formFields(decided.body)['msg'];
  if (!msg) throw new Error('no msg in the bank answer');
  return msg;
}

/**
 * Drives the Razorpay sandbox payment page for an order; returns the fields it would post to
 * `/api/razorpay/callback`.
 */
export async function razorpayBank(
  app: FastifyInstance,
  order: RazorpayOrder,
  outcome: 'success' | 'failure' | 'cancel',
): Promise<Record<string, string>> {
  const query = { key: order.checkout.key, order_id: order.order.id };
  const page = await app.inject({ method: 'GET', url: `/api/sandbox/razorpay/pay?${new URLSearchParams(query)}` });
  expect(page.statusCode, page.body).toBe(200);
  const decided = await postForm(app, '/api/sandbox/razorpay/pay', { ...query, outcome });
  expect(decided.statusCode, decided.body).toBe(200);
  expect(decided.body).toContain('action="/api/razorpay/callback"');
  return formFields(decided.body);
}

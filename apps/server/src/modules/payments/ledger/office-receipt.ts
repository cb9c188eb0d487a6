import {
  OFFICE_MSG,
  paiseToRupees,
  sumPaise,
  type AuditEntry,
  type CollectDuesResult,
  type Paise,
  type PaymentRecord,
} from '@parish/shared';

import type { AuditContext, ServiceContext } from '../../../context.ts';
import type { DbOrTx } from '../../../db/client.ts';
import { paymentDetails, toPaymentRecord } from '../payment-record.ts';
import type { OfficeLineRow } from './office-lines.ts';
import { receiptLines } from './receipt-lines.ts';
import type { IssuedReceipt, ReceiptAudit, ReceiptFacts } from './receipts.ts';

/** What an office collection sets on each payment it pays, besides the amount (`markPaid`'s facts). */
export type OfficeFacts = Omit<ReceiptFacts, 'memberId' | 'cheque' | 'utr'> & {
  paymentGateway: 'manual';
  collectionMode: 'manual';
};

/** The facts of an office collection by `collectedBy` at `issuedAt`: gateway and mode `manual`, the reference as both transaction ids. */
export function officeFacts(
  input: { paymentMethod: string; reference: string | null; notes: string | null },
  collectedBy: string,
  issuedAt: Date,
): OfficeFacts & { collectedBy: string } {
  const { paymentMethod, reference, notes } = input;
  const manual = 'manual' as const;
  return {
    issuedAt,
    paymentMethod,
    paymentGateway: manual,
    collectionMode: manual,
    collectedBy,
    notes,
    transactionId: reference,
    pgTransactionId: reference,
  };
}

/**
 * A locked payment as the collection leaves it, as Payment JSON, without reading it again
 * (decision 0057): the row with the fields `markPaid` sets (paid, `amountPaise`, `facts`, not a
 * test payment) and, once issued, its receipt. The collector is the caller (`collectorName` of the
 * locked read).
 */
export function paidRecord(
  row: OfficeLineRow,
  facts: OfficeFacts & { collectedBy: string },
  amountPaise: Paise,
  receipt: IssuedReceipt | null,
): PaymentRecord {
  const { issuedAt, paymentMethod, paymentGateway, collectionMode, collectedBy } = facts;
  const { transactionId, pgTransactionId, notes } = facts;
  const at = issuedAt.toISOString();
  return toPaymentRecord({
    payment: {
      ...row.payment,
      ...{ paymentMethod, paymentGateway, collectionMode, collectedBy, transactionId, pgTransactionId, notes },
      status: 'paid',
      paidAmountPaise: amountPaise,
      paidAt: at,
      isTest: false,
      updatedAt: at,
      ...(receipt && { receiptId: receipt.id, receiptNumber: receipt.number }),
    },
    member: row.member,
    head: row.head,
    collector: row.collectorName === null ? null : { id: collectedBy, name: row.collectorName },
    chequeStatus: null,
  });
}

/**
 * The audit record `payment.collected` of the single collect (`POST /api/payments/{id}/collect`),
 * for the receipt's own statement to write with the number merged into `after`.
 * @param record the payment as paid, before its receipt ({@link paidRecord})
 */
export function paymentCollectedAudit(context: AuditContext, record: PaymentRecord): ReceiptAudit {
  return {
    context,
    entry: {
      action: 'payment.collected',
      entityType: 'payment',
      entityId: record._id,
      before: { status: 'pending', amount: record.amount, memberId: record.memberId._id },
      after: paymentDetails(record),
    },
  };
}

/**
 * The answer of `POST /api/collections` (`docs/domain.md`, "Collecting several dues"): the
 * receipt's id and number, its lines as stored (`receipt_items`, in line order) and total, rupees.
 */
export async function receiptAnswer(tx: DbOrTx, receipt: IssuedReceipt): Promise<CollectDuesResult> {
  const items = await receiptLines(tx, receipt.id);
  const totalPaise = sumPaise(items.map((item) => item.amountPaise));
  return {
    success: true,
    message: OFFICE_MSG.collected,
    receiptId: receipt.id,
    receiptNumber: receipt.number,
    items: items.map((item) => ({
      paymentId: item.paymentId ?? '',
      headName: item.headName,
      headYear: item.headYear,
      amount: paiseToRupees(item.amountPaise),
    })),
    total: paiseToRupees(totalPaise),
  };
}

/** The audit record `receipt.collected` of a collection of several dues: the receipt, how it was paid, its lines (rupees). */
export function receiptCollectedEntry(
  answer: CollectDuesResult,
  collection: { memberId: string; method: string; reference: string | null } & Pick<
    ReceiptFacts,
    'cheque' | 'utr' | 'notes'
  >,
): AuditEntry<'receipt.collected'> {
  return {
    action: 'receipt.collected',
    entityType: 'receipt',
    entityId: answer.receiptId,
    after: {
      receiptNumber: answer.receiptNumber,
      memberId: collection.memberId,
      method: collection.method,
      reference: collection.reference,
      utr: collection.utr ?? null,
      cheque: collection.cheque ?? null,
      notes: collection.notes,
      total: answer.total,
      lines: answer.items.map((item) => ({
        paymentId: item.paymentId,
        head: `${item.headName} ${item.headYear}`,
        amount: item.amount,
      })),
    },
  };
}

/**
 * After an office collection commits: `payment.updated` (via `manual`, status `paid`) for the member
 * of `payments` (the collection's records), so open screens refresh; nothing when there are none.
 */
export function publishCollected(ctx: ServiceContext, payments: readonly PaymentRecord[]): void {
  const [first] = payments;
  if (!first) return;
  ctx.events.publish({
    type: 'payment.updated',
    memberId: first.memberId._id,
    data: { paymentIds: payments.map((payment) => payment._id), status: 'paid', via: 'manual' },
  });
}
